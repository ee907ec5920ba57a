package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.testing.TestServer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seeds' case: thousands of connections to a server that answers after 3 s, each with one slow
 * request. Every request succeeds, every latency is the server's 3 s plus little, nothing errs.
 */
class HighConcurrencyTest {

    private static final int CONNECTIONS = 3_000;

    @ParameterizedTest(name = "keepAlive={0}")
    @ValueSource(booleans = {true, false})
    void should_hold_three_thousand_slow_requests_at_once(boolean keepAlive) {
        long max = ((com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getMaxFileDescriptorCount();
        // the client's and the server's sockets are both in this JVM
        assumeTrue(max > 2L * CONNECTIONS + 500, "ulimit -n (" + max + ") is too low for " + CONNECTIONS
                + " connections on both ends: LimitsTest covers the clear error in that case");
        try (TestServer server = TestServer.builder(TestServer.Kind.H2C).maxThreads(200).start()) {
            Result r = LoadTest.target(server.uri("/slow/3000")).protocol(Protocol.HTTP_1_1)
                    .clients(CONNECTIONS).keepAlive(keepAlive).requests(CONNECTIONS)
                    .connectTimeout(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30)).run();

            assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(CONNECTIONS);
            assertThat(r.errors()).isEmpty();
            // 3 s as HdrHistogram keeps it: 3 significant digits, so a bucket's low end may be 0.1 % under
            assertThat(r.serviceTime().min()).isGreaterThanOrEqualTo(Duration.ofMillis(2_997));
            // no bound on the median or the maximum: the Jetty server shares this JVM and the machine's 2 cores and
            // answers all 3,000 at once, so how late the last answers come depends on the machine's load, not on
            // us. A lost request is an error above; a retried one would open a connection more than there were.
            assertThat(server.connectionsOpened()).isEqualTo(CONNECTIONS);
        }
    }
}
