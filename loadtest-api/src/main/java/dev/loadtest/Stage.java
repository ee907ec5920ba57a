package dev.loadtest;

import java.time.Duration;
import java.util.Objects;

/**
 * One stage of a rate-driven run: a request rate held, or ramped linearly, for a time. A run of
 * stages does what k6's arrival-rate executors, Gatling's injection profiles, wrk2 -R and zrk -R A:B do.
 *
 * <pre>{@code
 * LoadTest.target(uri).clients(20).stages(
 *         Stage.ramp(0, 2_000, Duration.ofSeconds(10)),    // 0 -> 2,000 req/s over 10 s
 *         Stage.rate(2_000, Duration.ofSeconds(30)),       // hold 2,000 req/s for 30 s
 *         Stage.ramp(2_000, 0, Duration.ofSeconds(5)))     // and down
 *     .run();
 * }</pre>
 *
 * @param fromRate requests per second at the start of the stage, >= 0
 * @param toRate requests per second at its end, >= 0 (equal to {@code fromRate} for a held rate)
 * @param duration how long the stage lasts, > 0
 */
public record Stage(double fromRate, double toRate, Duration duration) {

    /** Rates above this are refused: beyond what one process can schedule, and a likely typo. */
    public static final double MAX_RATE = 10_000_000;

    public Stage {
        checkRate("fromRate", fromRate);
        checkRate("toRate", toRate);
        Objects.requireNonNull(duration, "stage duration must not be null");
        if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofDays(365)) > 0) {
            throw new IllegalArgumentException("stage duration (" + duration + ") must be > 0 and <= 365 days");
        }
        if (fromRate == 0 && toRate == 0) {
            throw new IllegalArgumentException("stage rates (0 -> 0) must not both be 0: nothing would be sent");
        }
    }

    /** A rate held for a time. */
    public static Stage rate(double requestsPerSecond, Duration duration) {
        return new Stage(requestsPerSecond, requestsPerSecond, duration);
    }

    /** A rate changing linearly from one value to another over a time. */
    public static Stage ramp(double fromRate, double toRate, Duration duration) {
        return new Stage(fromRate, toRate, duration);
    }

    /** Requests this stage schedules: the area under its rate. */
    public double requests() {
        return (fromRate + toRate) / 2 * duration.toNanos() / 1e9;
    }

    static void checkRate(String name, double rate) {
        if (Double.isNaN(rate) || rate < 0 || rate > MAX_RATE) {
            throw new IllegalArgumentException(name + " (" + rate + ") must be within [0, " + (long) MAX_RATE
                    + "] requests per second");
        }
    }
}
