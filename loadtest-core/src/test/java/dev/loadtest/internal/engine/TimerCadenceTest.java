package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The run's timer sleeps until its next duty (a timeout check, progress when listened to, a plan's step), or sooner for
 * the timeline's work and the deadline; its duties keep their pace.
 */
class TimerCadenceTest {

    private static final long MS = 1_000_000;
    private static final long SECOND = 1_000 * MS;
    private static final long START = 7_000 * MS;
    private static final long FAR = Long.MAX_VALUE;

    @Test
    void should_sleep_until_the_next_check_when_nothing_comes_sooner() {
        TimerCadence cadence = new TimerCadence(START, 0, 30 * SECOND, 1, false);

        assertThat(cadence.delayNanos(START, FAR, FAR)).isEqualTo(250 * MS);
        assertThat(cadence.delayNanos(START + 100 * MS, FAR, FAR)).isEqualTo(150 * MS);
    }

    @Test
    void should_wake_for_progress_only_when_a_listener_takes_it() {
        TimerCadence listened = new TimerCadence(START, 0, 30 * SECOND, 1, true);
        TimerCadence unheard = new TimerCadence(START, 0, 30 * SECOND, 1, false);

        assertThat(listened.delayNanos(START, FAR, FAR)).isEqualTo(100 * MS);
        assertThat(listened.progressDue(START + 100 * MS)).isTrue();
        assertThat(unheard.progressDue(START + 100 * MS)).isFalse();
    }

    @Test
    void should_wake_at_its_period_in_a_run_with_a_concurrency_plan_or_a_scenario() {
        assertThat(new TimerCadence(START, TimerCadence.STEP_NANOS, 30 * SECOND, 1, false).delayNanos(START, FAR, FAR))
                .isEqualTo(10 * MS);
        assertThat(new TimerCadence(START, TimerCadence.SCENARIO_NANOS, 30 * SECOND, 1, false).delayNanos(START, FAR, FAR))
                .isEqualTo(50 * MS);
    }

    @Test
    void should_wake_at_the_timelines_next_work_or_the_deadline_when_sooner() {
        TimerCadence cadence = new TimerCadence(START, 0, 2 * SECOND, 1, false);

        assertThat(cadence.delayNanos(START, START + 20 * MS, FAR)).isEqualTo(20 * MS);
        assertThat(cadence.delayNanos(START, START + 20 * MS, START + 5 * MS)).isEqualTo(5 * MS);
        assertThat(cadence.delayNanos(START, START + 70 * MS, START + 90 * MS)).isEqualTo(50 * MS);
    }

    @Test
    void should_not_count_work_or_a_deadline_already_passed() {
        TimerCadence cadence = new TimerCadence(START, 0, 2 * SECOND, 1, false);

        assertThat(cadence.delayNanos(START, START, START - MS)).isEqualTo(50 * MS);
    }

    @Test
    void should_never_sleep_zero_or_less_when_a_check_is_overdue() {
        TimerCadence cadence = new TimerCadence(START, 0, 2 * SECOND, 1, true);

        assertThat(cadence.delayNanos(START + SECOND, FAR, FAR)).isPositive();
    }

    @Test
    void should_check_timeouts_at_their_spacing_and_tell_progress_every_100_ms() {
        TimerCadence cadence = new TimerCadence(START, TimerCadence.STEP_NANOS, 2 * SECOND, 1, true);
        int checks = 0;
        int progress = 0;
        for (long now = START + 10 * MS; now <= START + SECOND; now += 10 * MS) {
            checks += cadence.checkDue(now) ? 1 : 0;
            progress += cadence.progressDue(now) ? 1 : 0;
        }

        assertThat(checks).isEqualTo(20);
        assertThat(progress).isEqualTo(10);
    }

    @Test
    void should_space_the_checks_by_a_hundredth_of_the_request_timeout_between_50_and_250_ms() {
        assertThat(TimerCadence.checkNanos(1, 30 * SECOND)).isEqualTo(250 * MS);
        assertThat(TimerCadence.checkNanos(1, 10 * SECOND)).isEqualTo(100 * MS);
        assertThat(TimerCadence.checkNanos(1, 2 * SECOND)).isEqualTo(50 * MS);
        assertThat(TimerCadence.checkNanos(1, 600 * SECOND)).isEqualTo(250 * MS);   // HttpCore's socket timeout is 1 s later
    }

    @Test
    void should_space_the_checks_by_20_us_a_client_when_that_is_longer() {
        assertThat(TimerCadence.checkNanos(2_500, 2 * SECOND)).isEqualTo(50 * MS);
        assertThat(TimerCadence.checkNanos(10_000, 2 * SECOND)).isEqualTo(200 * MS);
        assertThat(TimerCadence.checkNanos(20_000, 30 * SECOND)).isEqualTo(400 * MS);

        TimerCadence cadence = new TimerCadence(START, 0, 2 * SECOND, 10_000, false);
        int checks = 0;
        for (long now = START + 50 * MS; now <= START + SECOND; now += 50 * MS) {
            checks += cadence.checkDue(now) ? 1 : 0;
        }
        assertThat(checks).isEqualTo(5);
        assertThat(cadence.delayNanos(START + SECOND, FAR, FAR)).isEqualTo(200 * MS);   // and the timer sleeps as long
    }

    @Test
    void should_space_the_checks_for_the_sessions_held_at_the_last_one_not_for_their_bound() {
        // an open-model run with a connection per session holds none at the start, and at most maxBacklog (10,000)
        TimerCadence cadence = new TimerCadence(START, 0, 2 * SECOND, 0, false);
        assertThat(cadence.delayNanos(START, FAR, FAR)).isEqualTo(50 * MS);

        assertThat(cadence.checkDue(START + 50 * MS)).isTrue();
        cadence.holding(10_000);
        assertThat(cadence.delayNanos(START + 50 * MS, FAR, FAR)).as("10,000 in flight: 20 µs each").isEqualTo(200 * MS);
        assertThat(cadence.checkDue(START + 200 * MS)).isFalse();

        assertThat(cadence.checkDue(START + 250 * MS)).isTrue();
        cadence.holding(12);
        assertThat(cadence.delayNanos(START + 250 * MS, FAR, FAR)).as("a dozen: a hundredth of the timeout")
                .isEqualTo(50 * MS);
        assertThat(cadence.checkDue(START + 300 * MS)).isTrue();
    }
}
