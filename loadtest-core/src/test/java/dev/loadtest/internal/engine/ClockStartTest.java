package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The run's clock starts when its connections are ready to send, TLS handshakes done (Phase.holdClock): the
 * handshakes are held by a relay for longer than the whole run lasts, so a clock started when the connections
 * were opened would reach its deadline with nothing sent; started at the handshakes' end, the run sends its
 * requests after them. Ordering, not timing: the hold only has to outlast the run's duration.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClockStartTest {

    /** Short, so that the hold outlasts it well within the clock's 3 s cap (counted from before the connects). */
    private static final Duration RUN = Duration.ofMillis(200);
    private static final Duration HOLD = Duration.ofMillis(500);

    @ParameterizedTest(name = "rate {0}, {1}")
    @CsvSource({"40, HTTP_1_1", "40, HTTP_2", "0, HTTP_1_1"})
    void should_start_the_clock_once_the_tls_handshakes_are_done(int rate, Protocol protocol) throws Exception {
        try (TestServer server = TestServer.tls(); HeldHandshakeProxy proxy = new HeldHandshakeProxy(server.port())) {
            LoadTest.Builder builder = LoadTest.target("https://127.0.0.1:" + proxy.port() + "/").insecureTrustAll()
                    .protocol(protocol).clients(2).duration(RUN).connectTimeout(Duration.ofSeconds(30));
            if (rate > 0) {
                builder.rate(rate);
            }
            LoadTestRun run = builder.build().start();
            Await.assertUntil("both clients connected", () -> proxy.accepted() == 2, Duration.ofSeconds(20));
            Thread.sleep(HOLD.toMillis());
            assertThat(server.requestCount()).as("nothing can be sent before the handshake").isZero();

            proxy.release();
            Result r = run.result().get(30, TimeUnit.SECONDS);

            assertThat(r.requests().done()).as("requests sent after the held handshakes").isPositive();
            assertThat(r.requests().errored()).isZero();
            assertThat(r.connectTime().count()).isEqualTo(2);
            assertThat(r.connectTime().min()).as("a connect ends with its handshake").isGreaterThanOrEqualTo(HOLD);
        }
    }
}
