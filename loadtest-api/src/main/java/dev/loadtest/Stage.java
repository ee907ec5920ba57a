package dev.loadtest;

import java.time.Duration;
import java.util.Objects;

/**
 * One stage of a run: a request rate held, or ramped linearly, for a time (the open model), or a number
 * of requests kept in flight for a time (the closed model). A run of stages does what k6's
 * arrival-rate and ramping-VUs executors, Gatling's injection profiles, wrk2 -R and zrk -R A:B do.
 * A run's stages are all rates or all concurrencies.
 *
 * <pre>{@code
 * LoadTest.target(uri).clients(20).stages(
 *         Stage.ramp(0, 2_000, Duration.ofSeconds(10)),    // 0 -> 2,000 req/s over 10 s
 *         Stage.rate(2_000, Duration.ofSeconds(30)),       // hold 2,000 req/s for 30 s
 *         Stage.ramp(2_000, 0, Duration.ofSeconds(5)))     // and down
 *     .run();
 *
 * LoadTest.target(uri).clients(20).streams(10).stages(
 *         Stage.concurrency(50, Duration.ofSeconds(10)),   // 50 requests in flight, then
 *         Stage.concurrency(200, Duration.ofSeconds(10)))  // 200 (at most clients x streams)
 *     .run();
 * }</pre>
 *
 * @param fromRate requests per second at the start of the stage, >= 0
 * @param toRate requests per second at its end, >= 0 (equal to {@code fromRate} for a held rate)
 * @param duration how long the stage lasts, > 0
 * @param concurrency requests kept in flight in a concurrency stage; 0 in a rate stage
 */
public record Stage(double fromRate, double toRate, Duration duration, int concurrency) {

    /** Rates above this are refused: beyond what one process can schedule, and a likely typo. */
    public static final double MAX_RATE = 10_000_000;

    /**
     * Checks the stage.
     *
     * @throws IllegalArgumentException if a rate is negative or above {@link #MAX_RATE}, the duration is not
     *     in (0, 365 days] or the concurrency is negative
     */
    public Stage {
        checkRate("fromRate", fromRate);
        checkRate("toRate", toRate);
        Objects.requireNonNull(duration, "stage duration must not be null");
        if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofDays(365)) > 0) {
            throw new IllegalArgumentException("stage duration (" + duration + ") must be > 0 and <= 365 days");
        }
        if (concurrency < 0) {
            throw new IllegalArgumentException("stage concurrency (" + concurrency + ") must be >= 1");
        }
        if (concurrency == 0 && fromRate == 0 && toRate == 0) {
            throw new IllegalArgumentException("stage rates (0 -> 0) must not both be 0: nothing would be sent");
        }
        if (concurrency > 0 && (fromRate != 0 || toRate != 0)) {
            throw new IllegalArgumentException("a stage is a rate or a concurrency, not both");
        }
    }

    /** A rate stage: {@code new Stage(from, to, duration, 0)}. */
    public Stage(double fromRate, double toRate, Duration duration) {
        this(fromRate, toRate, duration, 0);
    }

    /** A stage of the closed model: this many requests in flight (over all connections) for a time. */
    public static Stage concurrency(int requestsInFlight, Duration duration) {
        if (requestsInFlight < 1) {
            throw new IllegalArgumentException("concurrency (" + requestsInFlight + ") must be >= 1");
        }
        return new Stage(0, 0, duration, requestsInFlight);
    }

    /** Whether this is a concurrency stage (closed model) rather than a rate stage. */
    public boolean isConcurrency() {
        return concurrency > 0;
    }

    /** A rate held for a time. */
    public static Stage rate(double requestsPerSecond, Duration duration) {
        return new Stage(requestsPerSecond, requestsPerSecond, duration, 0);
    }

    /** A rate changing linearly from one value to another over a time. */
    public static Stage ramp(double fromRate, double toRate, Duration duration) {
        return new Stage(fromRate, toRate, duration, 0);
    }

    /** Requests this stage schedules: the area under its rate (0 for a concurrency stage). */
    public double requests() {
        return (fromRate + toRate) / 2 * duration.toNanos() / 1e9;
    }

    static void checkRate(String name, double rate) {
        if (Double.isNaN(rate) || rate < 0 || rate > MAX_RATE) {
            throw new IllegalArgumentException(name + " (" + rate + ") must be within [0, " + (long) MAX_RATE
                    + "] requests per second");
        }
    }

    /**
     * The stage with its duration as people write it: {@code Stage[rate=500.0 req/s, duration=10s]},
     * {@code Stage[rate=0.0 -> 2000.0 req/s, duration=1m]}, {@code Stage[concurrency=50, duration=30s]}.
     */
    @Override
    public String toString() {
        String what = isConcurrency() ? "concurrency=" + concurrency
                : fromRate == toRate ? "rate=" + fromRate + " req/s" : "rate=" + fromRate + " -> " + toRate + " req/s";
        return "Stage[" + what + ", duration=" + DurationFormat.setting(duration) + "]";
    }
}
