package dev.loadtest.internal.compare;

import dev.loadtest.Figure;
import dev.loadtest.Requests;
import java.util.Arrays;

/** Intervals added up (one run, or several pooled): the figures compared are computed from these. */
final class Sums {

    final long[] counts;
    final Grid grid;
    long responses;
    long lengthNanos;
    long done;
    long failed;
    long latencyCount;
    double latencySum;

    Sums(Grid grid) {
        this.grid = grid;
        this.counts = new long[grid.size()];
    }

    void clear() {
        Arrays.fill(counts, 0);
        responses = 0;
        lengthNanos = 0;
        done = 0;
        failed = 0;
        latencyCount = 0;
        latencySum = 0;
    }

    /** The figure's value (nanoseconds, req/s or a fraction); NaN when nothing was measured for it. */
    double value(Figure figure) {
        return switch (figure) {
            case THROUGHPUT -> lengthNanos == 0 ? Double.NaN : responses / (lengthNanos / 1e9);
            case ERROR_RATE -> Requests.errorRate(failed, done);   // the rule of Interval.errorRate()
            case MEAN -> latencyCount == 0 ? Double.NaN : latencySum / latencyCount;
            default -> percentile(figure.percentile());
        };
    }

    /** As HdrHistogram's {@code getValueAtPercentile}, over the grid. */
    private double percentile(double percentile) {
        if (latencyCount == 0) {
            return Double.NaN;
        }
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0), 100);
        long countAt = Math.max(1, (long) Math.ceil(requested / 100 * latencyCount));
        long cumulative = 0;
        for (int i = 0; i < counts.length; i++) {
            cumulative += counts[i];
            if (cumulative >= countAt) {
                return grid.values[i];
            }
        }
        return grid.values[grid.values.length - 1];
    }
}
