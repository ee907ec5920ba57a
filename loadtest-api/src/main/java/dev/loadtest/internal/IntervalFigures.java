package dev.loadtest.internal;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.StatusCodes;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures an {@link Interval} holds, as one value: {@code Interval} delegates its accessors, equality and hash
 * code to it. Internal, so that adding a per-interval figure changes this record and {@link dev.loadtest.spi.IntervalBuilder}, never
 * a user's code; build one with {@code IntervalBuilder}. The meaning of each figure is on its {@code Interval}
 * accessor.
 */
public record IntervalFigures(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                              long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime,
                              Optional<LatencyHistogram> responseTimeHistogram,
                              Optional<LatencyHistogram> serviceTimeHistogram, Optional<GeneratorLoad> generator,
                              long checkFailed) {

    /** Checks that every figure is set. */
    public IntervalFigures {
        required(start, "start");
        required(length, "length");
        required(statusCodes, "statusCodes");
        required(responseTime, "responseTime");
        required(serviceTime, "serviceTime");
        required(responseTimeHistogram, "responseTimeHistogram");
        required(serviceTimeHistogram, "serviceTimeHistogram");
        required(generator, "generator");
    }

    private static void required(Object figure, String name) {
        Objects.requireNonNull(figure, () -> "an interval's " + name + " must be set");
    }
}
