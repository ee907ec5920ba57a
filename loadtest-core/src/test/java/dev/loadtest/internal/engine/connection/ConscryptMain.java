package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.net.URI;

/**
 * For {@link ConscryptTest}, in a child JVM with Conscrypt on its class path: the provider of an insecure run's
 * TLS context, then one insecure run per protocol against the URI given, as one line
 * {@code ok <provider> <protocol> <done> <succeeded> <clean> ...}; a failure is its message on stderr, exit 3.
 */
public final class ConscryptMain {

    static final int REQUESTS = 500;

    private ConscryptMain() {
    }

    public static void main(String[] args) {
        URI target = URI.create(args[0]);
        StringBuilder out = new StringBuilder("ok ").append(Tls.trustAllContext().getProvider().getName());
        try {
            for (Protocol protocol : new Protocol[] {Protocol.NEGOTIATE, Protocol.HTTP_1_1}) {
                Result r = LoadTest.target(target).insecureTrustAll().protocol(protocol).clients(3).streams(7)
                        .requests(REQUESTS).run();
                out.append(' ').append(r.protocol()).append(' ').append(r.requests().done()).append(' ')
                        .append(r.requests().succeeded()).append(' ').append(r.isClean());
            }
        } catch (RuntimeException e) {
            System.err.println("failed: " + e);
            System.exit(3);
        }
        System.out.println(out);
    }
}
