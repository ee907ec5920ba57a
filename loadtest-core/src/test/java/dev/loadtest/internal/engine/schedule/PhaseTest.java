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
}
