package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.LoadTest;
import dev.loadtest.Stage;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When each request of a rate-driven run falls due: request k when the area under the rate reaches k. */
class RateScheduleTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/");
    private static final long MS = 1_000_000;

    @Test
    void should_space_requests_evenly_at_a_constant_rate_until_the_run_ends() {
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET).rate(1000).duration(Duration.ofSeconds(1)).build());

        assertThat(schedule.dueOffsetNanos(0)).isZero();
        assertThat(schedule.dueOffsetNanos(1)).isEqualTo(MS);
        assertThat(schedule.dueOffsetNanos(999)).isEqualTo(999 * MS);
        assertThat(schedule.dueOffsetNanos(1000)).isEqualTo(-1);
    }

    @Test
    void should_not_end_the_schedule_of_a_counted_run() {
        // rate(r).requests(n): one open-ended segment; the scheduler stops after n
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET).rate(1000).requests(10).build());

        assertThat(schedule.dueOffsetNanos(9)).isEqualTo(9 * MS);
        assertThat(schedule.dueOffsetNanos(5_000)).isEqualTo(5_000 * MS);
    }

    @Test
    void should_follow_a_ramp_by_the_area_under_the_rate() {
        // 0 -> 100 req/s over 10 s: by time t, 5 t^2 requests are due, so request k at sqrt(k / 5) s
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET).stages(Stage.ramp(0, 100, Duration.ofSeconds(10)))
                .build());

        assertThat(schedule.dueOffsetNanos(0)).isZero();
        assertThat(schedule.dueOffsetNanos(5) / 1e9).isCloseTo(1.0, within(1e-6));
        assertThat(schedule.dueOffsetNanos(20) / 1e9).isCloseTo(2.0, within(1e-6));
        assertThat(schedule.dueOffsetNanos(499) / 1e9).isCloseTo(Math.sqrt(499 / 5.0), within(1e-6));
    }

    @Test
    void should_chain_stages_and_end_with_the_last() {
        // 1 s at 10 req/s (requests 0..9), then 1 s at 100 req/s (requests 10..109): 110 in all
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET)
                .stages(Stage.rate(10, Duration.ofSeconds(1)), Stage.rate(100, Duration.ofSeconds(1))).build());

        assertThat(schedule.dueOffsetNanos(9)).isEqualTo(900 * MS);
        assertThat(schedule.dueOffsetNanos(10)).isEqualTo(1_000 * MS);
        assertThat(schedule.dueOffsetNanos(11)).isEqualTo(1_010 * MS);
        assertThat(schedule.dueOffsetNanos(109)).isEqualTo(1_990 * MS);
        assertThat(schedule.dueOffsetNanos(110)).isEqualTo(-1);
    }

    @Test
    void should_run_the_warm_up_at_the_first_stage_starting_rate() {
        // 1 s of warm-up at 50 req/s (requests 0..49), then the ramp from 50
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET).warmUp(Duration.ofSeconds(1))
                .stages(Stage.ramp(50, 150, Duration.ofSeconds(2))).build());

        assertThat(schedule.dueOffsetNanos(1)).isEqualTo(20 * MS);
        assertThat(schedule.dueOffsetNanos(50)).isEqualTo(1_000 * MS);
        // 200 requests in the ramp (its mean rate is 100 req/s over 2 s), then the schedule ends
        assertThat(schedule.dueOffsetNanos(249)).isLessThanOrEqualTo(3_000 * MS).isGreaterThan(2_990 * MS);
        assertThat(schedule.dueOffsetNanos(250)).isEqualTo(-1);
    }

    @Test
    void should_never_hand_out_a_request_before_an_earlier_one() {
        RateSchedule schedule = RateSchedule.of(LoadTest.target(TARGET).stages(Stage.ramp(1, 500, Duration.ofSeconds(3)),
                Stage.rate(500, Duration.ofSeconds(1)), Stage.ramp(500, 1, Duration.ofSeconds(3))).build());

        long previous = -1;
        for (long k = 0; ; k++) {
            long due = schedule.dueOffsetNanos(k);
            if (due < 0) {
                break;
            }
            assertThat(due).as("request %d", k).isGreaterThanOrEqualTo(previous);
            previous = due;
        }
        assertThat(previous).isLessThanOrEqualTo(7_000 * MS);
    }
}
