package dev.loadtest.testing;

import dev.loadtest.DurationFormat;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.time.Duration;
import java.util.Locale;

/**
 * A measuring tool, not a test (issue 15): what the first run in a fresh JVM pays for our own start-up. It starts
 * the embedded Jetty server, then runs {@code --h1 -R 2000 -c 10 -D 2} against it (h2c with the argument
 * {@code h2c}, h2 over TLS with {@code h2}) with no warm-up, and prints the connect times (their max is the first connect's, which
 * waits for the I/O thread's first use of the connect path), the first interval's service time max (the first
 * requests), the corrected p99 of the first interval and of the whole run, and how long {@code run()} took in
 * all (start-up, the 2 s, the end). Class loading is per JVM, so each
 * figure means something only from a fresh JVM; run it a few times:
 *
 * <pre>
 * java -cp loadtest-core/target/test-classes:loadtest-core/target/classes:$(deps) dev.loadtest.testing.StartupProbe h1
 * </pre>
 *
 * <p>The server runs in the same JVM, so JDK classes it uses (sockets, NIO) are loaded before our run: the figures
 * are a lower bound of what a command-line run pays, where nothing is loaded yet.
 */
public final class StartupProbe {

    private StartupProbe() {
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "h1";
        Protocol protocol = kind.equals("h1") ? Protocol.HTTP_1_1 : Protocol.HTTP_2;
        boolean tls = kind.equals("h2");
        try (TestServer server = tls ? TestServer.tls() : TestServer.h2c()) {
            LoadTest.Builder test = LoadTest.target(server.uri("/hello")).protocol(protocol).clients(10).rate(2000)
                    .duration(Duration.ofSeconds(2));
            if (tls) {
                test.sslContext(server.sslContext());
            }
            long before = System.nanoTime();
            Result r = test.run();
            Duration wall = Duration.ofNanos(System.nanoTime() - before);
            LatencyHistogram connect = r.connectTime();
            Interval first = r.intervals().get(0);
            System.out.printf(Locale.ROOT, "%s connect min %s median %s max %s; first interval: service max %s, "
                            + "response p99 %s; run response p99 %s; verdict %s; run() took %s%n",
                    r.protocol(), fixed(connect.min()), fixed(connect.median()), fixed(connect.max()),
                    fixed(first.serviceTime().max()), fixed(first.responseTime().p99()),
                    fixed(r.responseTime().percentile(99)), r.verdict().label(), fixed(wall));
        }
    }

    private static String fixed(Duration d) {
        return DurationFormat.fixed(d);
    }
}
