package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Figures of the immutable latency distribution. HdrHistogram keeps three significant digits, so a value
 * read back is within 0.1 % of the one recorded.
 */
class LatencyHistogramTest {

    private static final long MS = 1_000_000;

    /** 1 ms, 2 ms, ... n ms. */
    private static LatencyHistogram millis(int from, int to) {
        Histogram h = LatencyHistogram.newHistogram();
        for (long i = from; i <= to; i++) {
            h.recordValue(i * MS);
        }
        return LatencyHistogram.of(h);
    }

    private static void assertAbout(Duration actual, long expectedNanos) {
        assertThat(actual.toNanos()).isCloseTo(expectedNanos, withinPercentage(0.1));
    }

    @Test
    void should_compute_percentiles() {
        LatencyHistogram h = millis(1, 100);

        assertAbout(h.percentile(0), 1 * MS);
        assertAbout(h.percentile(50), 50 * MS);
        assertAbout(h.median(), 50 * MS);
        assertAbout(h.percentile(95), 95 * MS);
        assertAbout(h.percentile(99), 99 * MS);
        assertAbout(h.percentile(99.9), 100 * MS);
        assertAbout(h.percentile(100), 100 * MS);
        assertThat(h.median()).isEqualTo(h.percentile(50));
    }

    @Test
    void should_compute_count_min_max_mean_and_standard_deviation() {
        LatencyHistogram h = millis(1, 100);

        assertThat(h.count()).isEqualTo(100);
        assertThat(h.isEmpty()).isFalse();
        assertAbout(h.min(), 1 * MS);
        assertAbout(h.max(), 100 * MS);
        assertAbout(h.mean(), 50_500_000);
        assertAbout(h.stdDev(), Math.round(Math.sqrt((100.0 * 100 - 1) / 12) * MS));   // population sd of 1..n
    }

    @Test
    void should_count_the_share_within_one_standard_deviation_like_h2load() {
        // 1..100 ms: mean 50.5, sd 28.87, so 22..79 ms are within
        assertThat(millis(1, 100).withinStdDev()).isEqualTo(0.58);
        // the same answer as the exact computation on the same values
        assertThat(millis(1, 10).withinStdDev()).isEqualTo(Statistics.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10).withinStdDev());
    }

    @Test
    void should_include_values_on_the_bounds_of_mean_plus_or_minus_sd() {
        Histogram raw = LatencyHistogram.newHistogram();
        raw.recordValue(1 * MS);
        raw.recordValue(3 * MS);

        // mean 2 ms, sd 1 ms: both values sit exactly on a bound, as h2load counts them (lower <= t && t <= upper)
        assertThat(LatencyHistogram.of(raw).withinStdDev()).isEqualTo(1.0);
    }

    @Test
    void should_give_zeros_when_empty() {
        for (LatencyHistogram h : new LatencyHistogram[] {LatencyHistogram.EMPTY,
                LatencyHistogram.of(LatencyHistogram.newHistogram())}) {
            assertThat(h.count()).isZero();
            assertThat(h.isEmpty()).isTrue();
            assertThat(h.min()).isZero();
            assertThat(h.max()).isZero();
            assertThat(h.mean()).isZero();
            assertThat(h.stdDev()).isZero();
            assertThat(h.median()).isZero();
            assertThat(h.percentile(99.9)).isZero();
            assertThat(h.withinStdDev()).isZero();
            assertThat(h).hasToString("LatencyHistogram[empty]");
        }
    }

    @Test
    void should_give_a_copy_that_does_not_change_the_original() {
        LatencyHistogram h = millis(1, 10);

        Histogram copy = h.toHistogram();
        copy.recordValue(5_000 * MS);
        copy.reset();

        assertThat(h.count()).isEqualTo(10);
        assertAbout(h.max(), 10 * MS);
        assertThat(h.toHistogram()).isNotSameAs(h.toHistogram()).isEqualTo(h.toHistogram());
    }

    @Test
    void should_not_change_when_the_histogram_it_was_made_of_changes() {
        Histogram raw = LatencyHistogram.newHistogram();
        raw.recordValue(1 * MS);
        LatencyHistogram h = LatencyHistogram.of(raw);

        raw.recordValue(2 * MS);

        assertThat(h.count()).isEqualTo(1);
    }

    @Test
    void should_add_exactly() {
        LatencyHistogram low = millis(1, 50);
        LatencyHistogram high = millis(51, 100);

        LatencyHistogram sum = low.plus(high);

        assertThat(sum).isEqualTo(millis(1, 100)).hasSameHashCodeAs(millis(1, 100));
        assertThat(sum.count()).isEqualTo(100);
        assertThat(sum.percentile(99)).isEqualTo(millis(1, 100).percentile(99));
        assertThat(low.count()).isEqualTo(50);
        assertThat(high.count()).isEqualTo(50);
        assertThat(low.plus(LatencyHistogram.EMPTY)).isEqualTo(low);
        assertThat(LatencyHistogram.EMPTY.plus(low)).isEqualTo(low);
        assertThat(LatencyHistogram.EMPTY.count()).isZero();
    }

    @Test
    void should_add_a_histogram_of_another_range() {
        Histogram narrow = new Histogram(1_000, 10 * MS, 3);
        narrow.recordValue(1 * MS);

        LatencyHistogram sum = LatencyHistogram.of(narrow).plus(millis(1_000, 1_000));

        assertThat(sum.count()).isEqualTo(2);
        assertAbout(sum.max(), 1_000 * MS);
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.1, 100.1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void should_reject_a_percentile_outside_0_to_100(double percentile) {
        for (LatencyHistogram h : new LatencyHistogram[] {millis(1, 10), LatencyHistogram.EMPTY}) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> h.percentile(percentile))
                    .withMessage("percentile (" + percentile + ") must be within [0, 100]");
        }
    }

    @Test
    void should_describe_itself() {
        Histogram raw = LatencyHistogram.newHistogram();
        raw.recordValue(1 * MS);

        assertThat(LatencyHistogram.of(raw).toString())
                .startsWith("LatencyHistogram[count=1, min=999.")
                .contains(", p99=1ms", ", max=1ms")
                .doesNotContain("PT");
    }
}
