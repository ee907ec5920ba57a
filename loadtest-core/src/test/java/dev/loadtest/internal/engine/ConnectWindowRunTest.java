package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.faults.BlackholeListener;
import dev.loadtest.internal.engine.connection.ConnectWindow;
import dev.loadtest.testing.TestServer;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Whole runs whose connects go through a window of 2, narrower than their clients: every client connects in turn,
 * refused or hanging connects keep the window moving, and the run ends on time with what still waits counted as
 * nothing. The slots' context is wrapped to count the connects out with HttpCore at once. The bounds on wall time are
 * loose enough for a loaded 2-core machine and tighter than what they guard against.
 */
class ConnectWindowRunTest {

    private final ConnectWindow window = new ConnectWindow(2);
    private ConnectCounting connects;
    /** How long the last run took, from its start to its result. */
    private Duration took;

    private Result run(LoadTest.Builder test) throws Exception {
        EngineRun run = new EngineRun(test.build(), window, context -> connects = new ConnectCounting(context));
        long start = System.nanoTime();
        run.start();
        Result r = run.result().get(60, TimeUnit.SECONDS);
        took = Duration.ofNanos(System.nanoTime() - start);
        return r;
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_connect_every_client_through_a_narrower_window(Protocol protocol) throws Exception {
        try (TestServer server = protocol == Protocol.HTTP_2 ? TestServer.h2c() : TestServer.http1()) {
            Result r = run(LoadTest.target(server.uri("/hello")).protocol(protocol).clients(10).requests(100));

            assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(100);
            assertThat(r.connections()).isEqualTo(10);
            assertThat(r.connectTime().count()).isEqualTo(10);   // each connection's own connect time
            assertThat(connects.handedOver()).isEqualTo(10);
            assertThat(r.clientRequestRates().count()).isEqualTo(10);
            assertWindowHeld(r, 2);
            assertThat(window.outstanding()).isZero();
        }
    }

    @Test
    void should_reconnect_through_the_window_when_keep_alive_is_off() throws Exception {
        try (TestServer server = TestServer.http1()) {
            Result r = run(LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_1_1).keepAlive(false)
                    .clients(10).requests(100));

            assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(100);
            assertThat(r.connections()).isEqualTo(100);   // one a request
            assertThat(connects.mostOut()).isPositive();
            assertWindowHeld(r, 1);
            assertThat(window.outstanding()).isZero();
        }
    }

    /**
     * At most 2 connects were out at once (at least {@code least}), unless one outlasted the place's bound: a loopback
     * connect answers in a millisecond, but on a starved machine one may take longer, and then its place passes on
     * as it should (ConnectionSlot.PLACE_HOLD_NANOS).
     */
    private void assertWindowHeld(Result r, int least) {
        if (r.connectTime().max().compareTo(Duration.ofMillis(250)) < 0) {
            assertThat(connects.mostOut()).as("connects out at once").isBetween(least, 2);
        } else {
            assertThat(connects.mostOut()).as("connects out at once").isGreaterThanOrEqualTo(least);
        }
    }

    @Test
    void should_keep_the_window_moving_when_every_connect_is_refused() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Result r = run(LoadTest.target(URI.create("http://127.0.0.1:" + port + "/")).clients(10).requests(100));

        // every client's connects went out in turn and failed, and each gave up its share
        assertThat(r.requests().errored()).as(r.toString()).isEqualTo(100);
        assertThat(r.errorCount(ErrorCategory.REFUSED)).isEqualTo(100);
        assertThat(r.connections()).isZero();
    }

    @Test
    void should_keep_the_window_moving_when_connects_hang() throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            Result r = run(LoadTest.target(blackhole.uri("/")).clients(10).requests(10)
                    .connectTimeout(Duration.ofMillis(100)));

            // two at a time, each client's connects timed out until it gave up its request
            assertThat(r.requests().notIssued()).as(r.toString()).isEqualTo(10);
            assertThat(r.errorCount(ErrorCategory.CONNECT_TIMEOUT)).isEqualTo(10);
            assertThat(r.requests().errored()).isEqualTo(10);
        }
    }

    @Test
    void should_give_up_hung_connects_in_about_the_time_of_a_wide_window() throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            // a short request timeout spaces the run's checks 50 ms apart (TimerCadence), which pass the places on
            Result r = run(LoadTest.target(blackhole.uri("/")).clients(12).requests(12)
                    .connectTimeout(Duration.ofSeconds(2)).requestTimeout(Duration.ofSeconds(5)));

            // each client gives up after two connect timeouts at least 1 s apart (FailureStreak)
            assertThat(r.requests().errored()).as(r.toString()).isEqualTo(12);
            assertThat(r.errorCount(ErrorCategory.CONNECT_TIMEOUT)).isEqualTo(12);
            assertThat(connects.mostOut()).as("connects out at once").isGreaterThan(2);
            // about 4 s, as with a window of 12; a window held until each connect is answered takes 24 s (24 connects
            // of 2 s, two at a time)
            assertThat(took).isLessThan(Duration.ofSeconds(16));
        }
    }

    @Test
    void should_end_a_timed_run_on_time_and_count_nothing_of_the_connects_still_waiting() throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            // the connect timeout (10 s) outlasts the run: connects hang, two more every 250 ms or so, the rest wait
            Result r = run(LoadTest.target(blackhole.uri("/")).clients(10).duration(Duration.ofSeconds(1)));

            assertThat(r.requests().started()).as(r.toString()).isZero();
            assertThat(r.requests().errored()).isZero();
            assertThat(r.requests().notIssued()).isZero();
            assertThat(r.connections()).isZero();
            assertThat(r.connectTime().count()).isZero();
            assertThat(window.waiting()).isZero();   // dropped at the end: none goes out after the run
            assertThat(r.clientRequestRates().count()).isZero();   // no client connected: none has a req/s
            assertThat(took).isLessThan(Duration.ofSeconds(30));   // a 1 s run: not held by the 10 s connect timeouts
        }
    }
}
