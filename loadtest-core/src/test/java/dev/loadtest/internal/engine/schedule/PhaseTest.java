package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PhaseTest {

    private static final LoadTest TIMED = LoadTest.target("http://127.0.0.1:1/").duration(Duration.ofSeconds(1)).build();

    @Test
    void should_not_issue_past_the_deadline_whatever_the_callers_clock_reading_says() {
        // started 2 s ago: the 1 s deadline has passed, though a reading taken just before it says otherwise
        Phase phase = new Phase(TIMED, System.nanoTime() - 2_000_000_000L);
        assertThat(phase.isIssuing(phase.measureEndNanos() - 1_000_000)).isFalse();
        assertThat(phase.isIssuing()).isFalse();
        assertThat(phase.isMeasuredNow()).isFalse();
    }

    @Test
    void should_issue_on_a_callers_clock_reading_well_before_the_deadline() {
        Phase phase = new Phase(TIMED, System.nanoTime());
        assertThat(phase.isIssuing(phase.startNanos())).isTrue();
        phase.stopIssuing();
        assertThat(phase.isIssuing(phase.startNanos())).isFalse();
    }

    @Test
    void should_issue_in_a_counted_run_until_stopped() {
        Phase phase = new Phase(LoadTest.target("http://127.0.0.1:1/").requests(10).build(), 0);
        assertThat(phase.isIssuing(Long.MAX_VALUE - 1)).isTrue();
        assertThat(phase.isMeasuredNow()).isTrue();
        phase.stopIssuing();
        assertThat(phase.isIssuing(0)).isFalse();
    }

    @Test
    void should_move_the_schedule_warm_up_window_and_deadline_together_when_the_clock_starts_late() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").rate(100).warmUp(Duration.ofMillis(500))
                .duration(Duration.ofSeconds(1)).build();
        Phase phase = new Phase(test, 1_000);

        phase.startClock(301_000);   // the engine took 300 µs to set up

        assertThat(phase.startNanos()).isEqualTo(301_000);
        assertThat(phase.measureStartNanos()).isEqualTo(301_000 + 500_000_000L);
        assertThat(phase.measureEndNanos()).isEqualTo(301_000 + 1_500_000_000L);
        assertThat(phase.isMeasured(301_000 + 499_999_999L)).isFalse();
    }

    // ---- the held clock: time zero when the connections are ready (Phase.holdClock) ----

    private static final long HELD_AT = 1_000;
    private static final LoadTest RATED = LoadTest.target("http://127.0.0.1:1/").rate(100).clients(3)
            .connectTimeout(Duration.ofSeconds(2)).duration(Duration.ofSeconds(1)).build();

    @Test
    void should_hold_the_clock_until_every_client_is_ready_before_the_cap() {
        Phase phase = new Phase(RATED, HELD_AT);
        phase.holdClock(HELD_AT);

        phase.connectionSettled(0);
        phase.connectionSettled(1);
        phase.connectionSettled(1);   // a client that says so twice (ready, then its connection ends) counts once

        assertThat(phase.mayStartClock(HELD_AT + 1_000_000)).isFalse();
        assertThat(phase.isMeasured(HELD_AT + 1_000_000)).as("nothing is measured while held").isFalse();
        phase.connectionSettled(2);
        assertThat(phase.mayStartClock(HELD_AT + 1_000_000)).isTrue();
    }

    @Test
    void should_start_the_held_clock_at_the_connect_timeout_whatever_the_clients_say() {
        Phase phase = new Phase(RATED, HELD_AT);
        phase.holdClock(HELD_AT);
        phase.connectionSettled(0);

        assertThat(phase.mayStartClock(HELD_AT + 1_999_999_999L)).isFalse();
        assertThat(phase.mayStartClock(HELD_AT + 2_000_000_000L)).isTrue();
    }

    @Test
    void should_hold_the_clock_3_s_at_most_when_the_connect_timeout_is_longer() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).duration(Duration.ofSeconds(1)).build();
        Phase phase = new Phase(test, HELD_AT);   // the default connect timeout: 10 s
        phase.holdClock(HELD_AT);

        assertThat(phase.mayStartClock(HELD_AT + 2_999_999_999L)).isFalse();
        assertThat(phase.mayStartClock(HELD_AT + 3_000_000_000L)).isTrue();
    }

    @Test
    void should_not_wait_for_clients_whose_connect_failed() throws Exception {
        // a client settles when its first connect fails as when it is ready: three failed connects start the clock
        Phase phase = new Phase(RATED, System.nanoTime());
        phase.holdClock(System.nanoTime());
        Thread connects = new Thread(() -> {
            for (int client = 0; client < 3; client++) {
                phase.connectionSettled(client);
            }
        });
        connects.start();
        long before = System.nanoTime();

        phase.awaitClockStart();   // the cap is 2 s: waiting for it would start the clock 2 s after the hold

        connects.join();
        assertThat(phase.startNanos()).isGreaterThanOrEqualTo(before);
        assertThat(phase.measureEndNanos()).isEqualTo(phase.startNanos() + 1_000_000_000L);
        assertThat(phase.mayStartClock(Long.MIN_VALUE)).as("no longer held").isTrue();
    }

    @Test
    void should_stop_holding_the_clock_when_the_run_stops() {
        Phase phase = new Phase(RATED, HELD_AT);
        phase.holdClock(HELD_AT);

        phase.stopIssuing();

        assertThat(phase.mayStartClock(HELD_AT)).isTrue();
    }

    @Test
    void should_not_hold_a_counted_closed_model_run_which_has_no_clock() {
        Phase phase = new Phase(LoadTest.target("http://127.0.0.1:1/").requests(10).build(), HELD_AT);
        phase.holdClock(HELD_AT);

        assertThat(phase.mayStartClock(HELD_AT)).isTrue();
        assertThat(phase.startNanos()).isEqualTo(HELD_AT);
    }
}
