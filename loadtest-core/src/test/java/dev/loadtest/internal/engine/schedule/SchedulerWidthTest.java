package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * How many requests (a scenario's: arrivals) one wake-up of the scheduler may hand out: as many as can start at once
 * without queueing behind one another.
 */
class SchedulerWidthTest {

    private static final Scenario BROWSE = Scenario.of("browse", Step.of("home", s -> Request.get("/")));

    private static LoadTest.Builder http() {
        return LoadTest.target("http://127.0.0.1:8080/").duration(Duration.ofSeconds(1));
    }

    @Test
    void should_be_every_stream_of_every_client_in_a_run_of_requests() {
        assertThat(Scheduler.width(http().clients(1).streams(100).rate(10_000).build())).isEqualTo(100);
        assertThat(Scheduler.width(http().clients(10).rate(10_000).build())).isEqualTo(10);
    }

    @Test
    void should_be_the_shared_slots_streams_for_arrivals_that_share_them() {
        assertThat(Scheduler.width(http().scenario(BROWSE).arrivals(100).clients(3).streams(4).build()))
                .isEqualTo(12);
    }

    @Test
    void should_be_the_bound_of_sessions_in_flight_for_arrivals_with_a_connection_each() {
        assertThat(Scheduler.width(http().scenario(BROWSE).arrivals(100).connectionPerUser().maxBacklog(50).build()))
                .isEqualTo(50);
    }
}
