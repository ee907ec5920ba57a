package dev.loadtest;

import java.time.Duration;
import java.util.Objects;

/**
 * A few figures of a latency distribution, small enough to keep one per interval of a long run.
 *
 * @param count values
 * @param min smallest
 * @param mean mean
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param max largest
 */
public record LatencySummary(long count, Duration min, Duration mean, Duration p50, Duration p90, Duration p99,
                             Duration p999, Duration max) {

    /** No values. */
    public static final LatencySummary EMPTY = of(LatencyHistogram.EMPTY);

    /**
     * Checks that no field is {@code null}.
     */
    public LatencySummary {
        Objects.requireNonNull(min);
        Objects.requireNonNull(mean);
        Objects.requireNonNull(p50);
        Objects.requireNonNull(p90);
        Objects.requireNonNull(p99);
        Objects.requireNonNull(p999);
        Objects.requireNonNull(max);
    }

    /** The summary of a distribution. */
    public static LatencySummary of(LatencyHistogram h) {
        return new LatencySummary(h.count(), h.min(), h.mean(), h.percentile(50), h.percentile(90),
                h.percentile(99), h.percentile(99.9), h.max());
    }

    /** The figures as people write them: {@code LatencySummary[count=200, min=1.02ms, ..., p99=7.81ms, ...]}. */
    @Override
    public String toString() {
        return "LatencySummary[count=" + count + ", min=" + DurationFormat.format(min) + ", mean="
                + DurationFormat.format(mean) + ", p50=" + DurationFormat.format(p50) + ", p90="
                + DurationFormat.format(p90) + ", p99=" + DurationFormat.format(p99) + ", p999="
                + DurationFormat.format(p999) + ", max=" + DurationFormat.format(max) + "]";
    }
}
