package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.assertTimed;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.faults.FaultRuns.Run;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A timed run's deadline is the end of the load, seen from the server too: what it receives was sent
 * in the measured phase and counted as started (h2load stops issuing at its deadline).
 */
class DeadlineTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_send_nothing_after_the_deadline_of_a_timed_run(Transport t) throws Exception {
        int clients = 4;
        int streams = t.http2() ? 4 : 1;
        try (FaultServer server = t.server(t.http2() ? H2Faults.ok() : Http1Faults.ok())) {
            Run run = run("deadline-" + t, t.target(server).clients(clients).streams(streams)
                    .duration(Duration.ofSeconds(1)));
            assertTimed(run);
            assertEndedWithin(run, Duration.ofSeconds(1));
            // what the server got was sent before the deadline (a race of one request per stream at most)
            assertThat(server.requests()).as(run.report())
                    .isLessThanOrEqualTo(run.requests().started() + (long) clients * streams);
        }
    }
}
