package dev.loadtest;

import java.util.Locale;

/**
 * A figure a {@link Comparison} compares between a baseline and a candidate, and the direction in which it
 * gets worse.
 *
 * <pre>{@code
 * FigureChange p99 = Results.compare(baseline, candidate).figure(Figure.P99);
 * }</pre>
 */
public enum Figure {

    /** The median response time. */
    P50("p50", 50),
    /** The 90th percentile of response time. */
    P90("p90", 90),
    /** The 99th percentile of response time. */
    P99("p99", 99),
    /** The 99.9th percentile of response time. */
    P999("p99.9", 99.9),
    /** The mean response time. */
    MEAN("mean", Double.NaN),
    /** Responses (any status) per second, h2load's req/s; worse when lower. */
    THROUGHPUT("rps", Double.NaN),
    /** Failed requests over requests ended ({@link Interval#errorRate()}); compared in percentage points. */
    ERROR_RATE("errorRate", Double.NaN);

    private final String label;
    private final double percentile;

    Figure(String label, double percentile) {
        this.label = label;
        this.percentile = percentile;
    }

    /** The name used in tolerances, reports and JSON: {@code p50 p90 p99 p99.9 mean rps errorRate}. */
    public String label() {
        return label;
    }

    /** Whether this is a latency figure (a response time percentile or the mean). */
    public boolean isLatency() {
        return this != THROUGHPUT && this != ERROR_RATE;
    }

    /** The percentile (0 to 100) of a percentile figure; NaN for the others. */
    public double percentile() {
        return percentile;
    }

    /** Whether a larger value is worse: latencies and the error rate; throughput is worse when smaller. */
    public boolean higherIsWorse() {
        return this != THROUGHPUT;
    }

    /** Whether the change is a difference in percentage points (the error rate) rather than relative. */
    public boolean isAbsolute() {
        return this == ERROR_RATE;
    }

    /**
     * The figure of a label, case-insensitive: {@code p50 p90 p99 p99.9 p999 mean rps throughput errorRate
     * errors}.
     *
     * @throws IllegalArgumentException naming the label and the known ones
     */
    public static Figure ofLabel(String label) {
        String l = label.strip().toLowerCase(Locale.ROOT);
        return switch (l) {
            case "p50", "median" -> P50;
            case "p90" -> P90;
            case "p99" -> P99;
            case "p99.9", "p999" -> P999;
            case "mean" -> MEAN;
            case "rps", "throughput", "req/s" -> THROUGHPUT;
            case "errorrate", "error-rate", "errors" -> ERROR_RATE;
            default -> throw new IllegalArgumentException("figure (" + label + ") must be one of p50, p90, p99, "
                    + "p99.9, mean, rps, errorRate");
        };
    }
}
