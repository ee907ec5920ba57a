package dev.loadtest.testing;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.net.URI;

/**
 * A plain {@code main} as a user writes one, for tests that run the engine in a child JVM with a class path of
 * their choosing (another HttpCore, no SLF4J binding): one small run per protocol against the URI given,
 * then one line {@code ok <protocol> <succeeded> ...} on stdout; a failure is its message on stderr, exit 3.
 */
public final class PlainMain {

    private PlainMain() {
    }

    public static void main(String[] args) {
        URI target = URI.create(args[0]);
        StringBuilder out = new StringBuilder("ok");
        try {
            for (Protocol protocol : new Protocol[] {Protocol.HTTP_1_1, Protocol.HTTP_2}) {
                Result r = LoadTest.target(target).protocol(protocol).clients(2).streams(2).requests(20).run();
                out.append(' ').append(r.protocol()).append(' ').append(r.requests().succeeded());
            }
        } catch (RuntimeException e) {
            System.err.println("failed: " + e.getMessage());
            System.exit(3);
        }
        System.out.println(out);
    }
}
