package dev.loadtest.internal.compare;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latency values that occur in any interval histogram of the runs compared, sorted: resampled
 * histograms are added up as dense counts over this grid, which is much cheaper than adding HdrHistograms.
 * Each value is an HdrHistogram bucket's highest equivalent value, what {@code getValueAtPercentile}
 * reports, so percentiles over the grid equal the histograms' own.
 */
final class Grid {

    final long[] values;

    private Grid(long[] values) {
        this.values = values;
    }

    static Grid of(List<Result> runs) {
        TreeSet<Long> all = new TreeSet<>();
        for (Result r : runs) {
            for (Interval i : r.intervals()) {
                if (i.responseTimeHistogram().isPresent()) {
                    Histogram h = i.responseTimeHistogram().get().toHistogram();
                    for (HistogramIterationValue v : h.recordedValues()) {
                        all.add(v.getValueIteratedTo());
                    }
                }
            }
        }
        return new Grid(all.stream().mapToLong(Long::longValue).toArray());
    }

    int index(long value) {
        return Arrays.binarySearch(values, value);
    }

    int size() {
        return values.length;
    }

    /** An interval's histogram as sparse counts over the grid, and its exact sum for the mean. */
    Sparse sparse(LatencyHistogram latency) {
        Histogram h = latency.toHistogram();
        int n = 0;
        for (HistogramIterationValue ignored : h.recordedValues()) {
            n++;
        }
        int[] index = new int[n];
        long[] counts = new long[n];
        double sum = 0;
        int k = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            index[k] = index(v.getValueIteratedTo());
            counts[k] = v.getCountAtValueIteratedTo();
            // as HdrHistogram's getMean: each bucket counts at its median equivalent value
            sum += (double) h.medianEquivalentValue(v.getValueIteratedTo()) * counts[k];
            k++;
        }
        return new Sparse(index, counts, h.getTotalCount(), sum);
    }

    /** One interval's latencies over the grid. */
    record Sparse(int[] index, long[] counts, long total, double sum) {
    }
}
