package dev.loadtest;

import java.util.Arrays;

/**
 * Summary statistics of a set of values, as h2load prints them for per-client req/s.
 *
 * <pre>{@code
 * Statistics perClient = result.clientRequestRates();
 * System.out.printf("%.1f req/s per client on average%n", perClient.mean());
 * }</pre>
 *
 * @param count how many values
 * @param min smallest value, 0 when empty
 * @param max largest value, 0 when empty
 * @param mean arithmetic mean
 * @param stdDev population standard deviation (as h2load computes it)
 * @param withinStdDev fraction of values within {@code mean ± stdDev} (h2load's "+/- sd")
 * @param median the 50th percentile
 * @param p95 the 95th percentile
 * @param p99 the 99th percentile
 */
public record Statistics(long count, double min, double max, double mean, double stdDev, double withinStdDev,
                         double median, double p95, double p99) {

    /** Statistics of no values: all zero. */
    public static final Statistics EMPTY = new Statistics(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Computes the statistics of these values (nearest-rank percentiles). */
    public static Statistics of(double... values) {
        if (values.length == 0) {
            return EMPTY;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        double mean = sum / sorted.length;
        double squares = 0;
        for (double v : sorted) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / sorted.length);
        long within = Arrays.stream(sorted).filter(v -> v >= mean - sd && v <= mean + sd).count();
        return new Statistics(sorted.length, sorted[0], sorted[sorted.length - 1], mean, sd,
                (double) within / sorted.length, rank(sorted, 50), rank(sorted, 95), rank(sorted, 99));
    }

    private static double rank(double[] sorted, double percentile) {
        int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
