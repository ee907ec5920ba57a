package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The run's timer wakes at its period, or sooner for the timeline's work and the deadline; its duties keep their pace. */
class TimerCadenceTest {

    private static final long MS = 1_000_000;
    private static final long START = 7_000 * MS;
    private static final long FAR = Long.MAX_VALUE;

    @Test
    void should_sleep_50_ms_when_nothing_comes_sooner() {
        TimerCadence cadence = new TimerCadence(false, START, 1);

        assertThat(cadence.delayNanos(START, FAR, FAR)).isEqualTo(50 * MS);
    }

    @Test
    void should_sleep_10_ms_in_a_run_with_a_concurrency_plan() {
        TimerCadence cadence = new TimerCadence(true, START, 1);

        assertThat(cadence.delayNanos(START, FAR, FAR)).isEqualTo(10 * MS);
    }

    @Test
    void should_wake_at_the_timelines_next_work_or_the_deadline_when_sooner() {
        TimerCadence cadence = new TimerCadence(false, START, 1);

        assertThat(cadence.delayNanos(START, START + 20 * MS, FAR)).isEqualTo(20 * MS);
        assertThat(cadence.delayNanos(START, START + 20 * MS, START + 5 * MS)).isEqualTo(5 * MS);
        assertThat(cadence.delayNanos(START, START + 70 * MS, START + 90 * MS)).isEqualTo(50 * MS);
    }

    @Test
    void should_not_count_work_or_a_deadline_already_passed() {
        TimerCadence cadence = new TimerCadence(false, START, 1);

        assertThat(cadence.delayNanos(START, START, START - MS)).isEqualTo(50 * MS);
    }

    @Test
    void should_check_timeouts_every_50_ms_and_tell_progress_every_100_ms() {
        TimerCadence cadence = new TimerCadence(true, START, 1);
        int checks = 0;
        int progress = 0;
        for (long now = START + 10 * MS; now <= START + 1_000 * MS; now += 10 * MS) {
            checks += cadence.checkDue(now) ? 1 : 0;
            progress += cadence.progressDue(now) ? 1 : 0;
        }

        assertThat(checks).isEqualTo(20);
        assertThat(progress).isEqualTo(10);
    }

    @Test
    void should_space_the_checks_by_20_us_a_client_beyond_2500_clients() {
        assertThat(TimerCadence.checkNanos(1)).isEqualTo(50 * MS);
        assertThat(TimerCadence.checkNanos(2_500)).isEqualTo(50 * MS);
        assertThat(TimerCadence.checkNanos(10_000)).isEqualTo(200 * MS);

        TimerCadence cadence = new TimerCadence(false, START, 10_000);
        int checks = 0;
        for (long now = START + 50 * MS; now <= START + 1_000 * MS; now += 50 * MS) {
            checks += cadence.checkDue(now) ? 1 : 0;
        }
        assertThat(checks).isEqualTo(5);
        assertThat(cadence.delayNanos(START, FAR, FAR)).isEqualTo(50 * MS);   // the timer still wakes at its period
    }
}
