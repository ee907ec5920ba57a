package dev.loadtest.internal.engine.connection;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.TlsUsed;
import java.net.URI;

/**
 * For {@link ConscryptTest}, in a child JVM with or without Conscrypt on its class path and with the test server's
 * certificate as {@code javax.net.ssl.trustStore}: the providers of an insecure and of a verifying run's TLS
 * context, then against {@code https://127.0.0.1:PORT/hello} an insecure and a verifying run per protocol, and a
 * verifying run against the same server by a name its certificate does not carry ({@code wrong.example}, which
 * the child's hosts file points at 127.0.0.1). One line each, {@code <what> <protocol> <done> <succeeded> <clean> <TLS provider> <TLS version>}
 * or {@code <what> tls-errors <count> <sample message>}; a failure is its message on stderr, exit 3.
 */
public final class ConscryptMain {

    static final int REQUESTS = 500;

    private ConscryptMain() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        URI byAddress = URI.create("https://127.0.0.1:" + port + "/hello");
        URI byWrongName = URI.create("https://wrong.example:" + port + "/hello");
        StringBuilder out = new StringBuilder();
        out.append("providers ").append(Tls.trustAllContext().getProvider().getName()).append(' ')
                .append(Tls.verifyingContext().getProvider().getName()).append('\n');
        try {
            for (boolean insecure : new boolean[] {true, false}) {
                for (Protocol protocol : new Protocol[] {Protocol.NEGOTIATE, Protocol.HTTP_1_1}) {
                    LoadTest.Builder b = LoadTest.target(byAddress).protocol(protocol).clients(3).streams(7)
                            .requests(REQUESTS);
                    Result r = (insecure ? b.insecureTrustAll() : b).run();
                    out.append(insecure ? "insecure " : "verified ").append(r.protocol()).append(' ')
                            .append(r.requests().done()).append(' ').append(r.requests().succeeded()).append(' ')
                            .append(r.isClean()).append(' ').append(r.tls().map(ConscryptMain::providerAndProtocol)
                                    .orElse("no-tls")).append('\n');
                }
            }
            Result wrong = LoadTest.target(byWrongName).clients(1).requests(3).run();
            ErrorCount tls = wrong.errors().get(ErrorCategory.TLS);
            out.append("wrong-name tls-errors ").append(wrong.errorCount(ErrorCategory.TLS)).append(' ')
                    .append(tls == null ? "-" : tls.sampleMessage()).append('\n');
        } catch (RuntimeException e) {
            System.err.println("failed: " + e);
            System.exit(3);
        }
        System.out.print(out);
    }

    /** The provider and the TLS version: {@code Conscrypt 2.5.2 TLSv1.3}. */
    private static String providerAndProtocol(TlsUsed tls) {
        return tls.provider() + " " + tls.protocol();
    }
}
