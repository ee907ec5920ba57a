package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.assertErrorsOnlyIn;
import static dev.loadtest.faults.FaultRuns.assertTimed;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.faults.FaultRuns.Run;
import dev.loadtest.testing.Await;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The server process goes away and comes back (killed and restarted on the same port), or stops for a
 * second (SIGSTOP/SIGCONT, a long GC pause): the clients reconnect and the run goes on to its deadline.
 */
class ServerLifecycleFaultTest {

    private static final Duration RUN = Duration.ofSeconds(2);
    /** How long a fault waits for the run to be under way (100 requests at the server), at most. */
    private static final Duration UNDER_WAY = Duration.ofMillis(1_500);

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_reconnect_to_a_server_killed_and_restarted_on_the_same_port(Transport t) throws Exception {
        Run run = killAndRestart(t);
        // the kill cut requests in flight (reset) and the restart gap refused connections; a write to a
        // killed connection can also fail as "Broken pipe", which the engine files under OTHER for now (see
        // should_count_every_error_of_a_killed_server_as_reset_or_refused)
        assertErrorsOnlyIn(run, ErrorCategory.RESET, ErrorCategory.REFUSED, ErrorCategory.OTHER);
        if (run.errors(ErrorCategory.OTHER) > 0) {
            assertThat(run.sample(ErrorCategory.OTHER)).as(run.report()).containsIgnoringCase("broken pipe");
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_count_every_error_of_a_killed_server_as_reset_or_refused(Transport t) throws Exception {
        Run run = killAndRestart(t);
        assertErrorsOnlyIn(run, ErrorCategory.RESET, ErrorCategory.REFUSED);
        t.assertNextRunClean();
    }

    /** A 2 s run; the server is closed at 0.5 s and started again on the same port at 0.8 s. */
    private static Run killAndRestart(Transport t) throws Exception {
        FaultServer.Behaviour healthy = t.http2() ? H2Faults.ok() : Http1Faults.ok();
        AtomicReference<FaultServer> second = new AtomicReference<>();
        AtomicLong firstRequests = new AtomicLong();
        FaultServer first = FaultServer.start(healthy);
        int port = first.port();
        try {
            URI uri = first.uri("/");
            Run run = run("kill-and-restart-" + t, LoadTest.target(uri).protocol(t.protocol).clients(4)
                    .streams(t.http2() ? 4 : 1).duration(RUN).requestTimeout(Duration.ofSeconds(5)), () -> {
                        Await.until(() -> first.requests() >= 100, UNDER_WAY);   // the run is under way
                        first.close();                      // killed: listener and every connection gone
                        firstRequests.set(first.requests());
                        Thread.sleep(300);
                        second.set(FaultServer.start(port, healthy));   // restarted on the same port
                    });
            assertTimed(run);
            assertEndedWithin(run, RUN);
            assertThat(firstRequests.get()).as(run.report()).isPositive();
            // the run went on against the new process, with every client back (how far it got depends on
            // the machine: clients back off up to 512 ms while the port refuses them)
            assertThat(second.get().requests()).as(run.report()).isPositive();
            assertThat(second.get().connections()).as(run.report()).isGreaterThanOrEqualTo(4);
            // the run counts what it opened before its end: a client whose backoff ended just at the
            // deadline reaches the new server (counted above) a moment too late for the run's own figure
            assertThat(run.result().connections()).as(run.report()).isGreaterThan(4);
            assertThat(run.requests().succeeded()).as(run.report())
                    .isGreaterThanOrEqualTo((firstRequests.get() + second.get().requests()) / 2);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            // the last interval of the timeline has responses again
            var intervals = run.result().intervals();
            assertThat(intervals.get(intervals.size() - 1).statusCodes().total()).as(run.report()).isPositive();
            return run;
        } finally {
            first.close();
            if (second.get() != null) {
                second.get().close();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_wait_out_a_server_frozen_for_a_second_and_go_on(Transport t) throws Exception {
        FaultServer.Behaviour healthy = t.http2() ? H2Faults.ok() : Http1Faults.ok();
        AtomicLong answeredBeforeThaw = new AtomicLong();
        try (FaultServer server = FaultServer.start(healthy)) {
            Run run = run("frozen-1s-" + t, LoadTest.target(server.uri("/")).protocol(t.protocol).clients(2)
                    .streams(2).duration(RUN).requestTimeout(Duration.ofSeconds(10)), () -> {
                        Await.until(() -> server.requests() >= 100, UNDER_WAY);
                        server.freeze(Duration.ofSeconds(1));
                        Thread.sleep(1_000);
                        answeredBeforeThaw.set(server.requests());
                    });
            assertTimed(run);
            assertEndedWithin(run, RUN);
            // nothing was lost: the frozen requests waited and were answered after the thaw
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().failed()).as(run.report()).isZero();
            assertThat(run.result().serviceTime().max()).as(run.report()).isGreaterThan(Duration.ofMillis(800));
            assertThat(server.requests()).as("requests after the thaw\n%s", run.report())
                    .isGreaterThan(answeredBeforeThaw.get());
        }
        t.assertNextRunClean();
    }

}
