package dev.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PauseTest {

    private static final Duration ONE = Duration.ofSeconds(1);
    private static final Duration THREE = Duration.ofSeconds(3);

    @Test
    void should_draw_uniform_pauses_within_the_bounds_covering_both_halves() {
        Pause pause = Pause.uniform(ONE, THREE);
        SplittableRandom random = new SplittableRandom(7);
        int low = 0;
        for (int i = 0; i < 10_000; i++) {
            Duration d = pause.next(random);
            assertThat(d).isBetween(ONE, THREE);
            low += d.compareTo(Duration.ofSeconds(2)) < 0 ? 1 : 0;
        }
        assertThat(low).isBetween(4_500, 5_500);
    }

    @Test
    void should_draw_exponential_pauses_around_their_mean_and_cut_the_tail() {
        Pause pause = Pause.exponential(Duration.ofMillis(100));
        SplittableRandom random = new SplittableRandom(11);
        long total = 0;
        for (int i = 0; i < 20_000; i++) {
            Duration d = pause.next(random);
            assertThat(d).isLessThanOrEqualTo(Duration.ofSeconds(1));
            total += d.toNanos();
        }
        assertThat(total / 20_000 / 1_000_000.0).isBetween(95.0, 105.0);
    }

    @Test
    void should_give_the_same_pauses_for_the_same_seed() {
        Pause pause = Pause.exponential(ONE);
        SplittableRandom a = new SplittableRandom(3);
        SplittableRandom b = new SplittableRandom(3);
        for (int i = 0; i < 100; i++) {
            assertThat(pause.next(a)).isEqualTo(pause.next(b));
        }
        assertThat(Pause.fixed(ONE).next(a)).isEqualTo(ONE);
        assertThat(Pause.none().next(a)).isZero();
    }

    @Test
    void should_read_as_a_setting_and_refuse_bad_bounds() {
        assertThat(Pause.uniform(ONE, THREE)).hasToString("uniform 1s to 3s");
        assertThat(Pause.exponential(Duration.ofMillis(250))).hasToString("exponential, mean 250ms");
        assertThat(Pause.fixed(Duration.ZERO).isNone()).isTrue();
        assertThatThrownBy(() -> Pause.uniform(THREE, ONE)).hasMessage("uniform pause min (3s) must be <= max (1s)");
        assertThatThrownBy(() -> Pause.exponential(Duration.ZERO))
                .hasMessage("exponential pause mean (0s) must be > 0: use Pause.none()");
        assertThatThrownBy(() -> Pause.fixed(Duration.ofHours(2)))
                .hasMessage("pause (2h) must be at most 1h: a think time, not a schedule");
        assertThatThrownBy(() -> Pause.fixed(Duration.ofSeconds(-1))).hasMessage("pause (PT-1S) must not be negative");
    }
}
