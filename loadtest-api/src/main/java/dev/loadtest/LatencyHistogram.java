package dev.loadtest;

import java.time.Duration;
import java.util.Objects;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An immutable distribution of latencies, backed by an HdrHistogram (values in nanoseconds, three
 * significant digits), so its memory is bounded whatever the run length and it merges losslessly.
 *
 * <pre>{@code
 * LatencyHistogram t = result.serviceTime();
 * Duration p99 = t.percentile(99);
 * Histogram raw = t.toHistogram();             // a copy, for HdrHistogram's own tools
 * }</pre>
 */
public final class LatencyHistogram {

    /** A distribution with no values. */
    public static final LatencyHistogram EMPTY = new LatencyHistogram(newHistogram());

    private final Histogram histogram;

    private LatencyHistogram(Histogram histogram) {
        this.histogram = histogram;
    }

    /** An immutable copy of a histogram whose values are nanoseconds. */
    public static LatencyHistogram of(Histogram nanos) {
        Objects.requireNonNull(nanos, "histogram must not be null");
        return new LatencyHistogram(nanos.copy());
    }

    /**
     * The histogram layout the engine records into: nanoseconds, resolution of 1 µs or better up
     * to 1 ms and three significant digits above, growing as needed.
     */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(1_000, 2_000_000_000L, 3);
        h.setAutoResize(true);
        return h;
    }

    /** How many values. */
    public long count() {
        return histogram.getTotalCount();
    }

    /** Whether no value was recorded. */
    public boolean isEmpty() {
        return count() == 0;
    }

    /** The smallest value, zero when empty. */
    public Duration min() {
        return isEmpty() ? Duration.ZERO : Duration.ofNanos(histogram.getMinValue());
    }

    /** The largest value, zero when empty. */
    public Duration max() {
        return isEmpty() ? Duration.ZERO : Duration.ofNanos(histogram.getMaxValue());
    }

    /** The mean, zero when empty. */
    public Duration mean() {
        return isEmpty() ? Duration.ZERO : Duration.ofNanos(Math.round(histogram.getMean()));
    }

    /** The standard deviation, zero when empty. */
    public Duration stdDev() {
        return isEmpty() ? Duration.ZERO : Duration.ofNanos(Math.round(histogram.getStdDeviation()));
    }

    /**
     * The value at a percentile from 0 to 100 (e.g. 99.9), zero when empty.
     *
     * @throws IllegalArgumentException if the percentile is outside [0, 100] or NaN
     */
    public Duration percentile(double percentile) {
        if (!(percentile >= 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile (" + percentile + ") must be within [0, 100]");
        }
        return isEmpty() ? Duration.ZERO : Duration.ofNanos(histogram.getValueAtPercentile(percentile));
    }

    /** The median. */
    public Duration median() {
        return percentile(50);
    }

    /** The fraction of values within {@code mean ± stdDev}: h2load's "+/- sd" column. */
    public double withinStdDev() {
        if (isEmpty()) {
            return 0;
        }
        double mean = histogram.getMean();
        double sd = histogram.getStdDeviation();
        long within = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long value = histogram.medianEquivalentValue(v.getValueIteratedTo());
            if (value >= mean - sd && value <= mean + sd) {
                within += v.getCountAtValueIteratedTo();
            }
        }
        return (double) within / count();
    }

    /** A mutable copy of the underlying histogram (nanoseconds), e.g. to merge or to log. */
    public Histogram toHistogram() {
        return histogram.copy();
    }

    /** This distribution and another added together: exact, as HdrHistograms add. */
    public LatencyHistogram plus(LatencyHistogram other) {
        Histogram sum = histogram.copy();
        sum.setAutoResize(true);
        sum.add(other.histogram);
        return new LatencyHistogram(sum);
    }

    @Override
    public boolean equals(Object o) {
        // two empty distributions are equal whatever their histograms' sizes (they grow as needed)
        return o instanceof LatencyHistogram other
                && (isEmpty() && other.isEmpty() || histogram.equals(other.histogram));
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count()) * 31 + Long.hashCode(histogram.getMaxValue());
    }

    @Override
    public String toString() {
        if (isEmpty()) {
            return "LatencyHistogram[empty]";
        }
        return "LatencyHistogram[count=" + count() + ", min=" + DurationFormat.format(min()) + ", mean="
                + DurationFormat.format(mean()) + ", p50=" + DurationFormat.format(median()) + ", p99="
                + DurationFormat.format(percentile(99)) + ", max=" + DurationFormat.format(max()) + "]";
    }
}
