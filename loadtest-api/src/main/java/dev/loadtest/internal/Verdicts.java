package dev.loadtest.internal;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Verdict;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The rules of {@link Verdict}, in its documented order: one place for the engine, which knows whether
 * a connection completed a second request, and for {@code Results.merge}, which knows it of the shards.
 */
public final class Verdicts {

    /** Lag p99 beyond which our own scheduler is taken to have fallen behind. */
    public static final Duration SATURATED_LAG = Duration.ofMillis(10);
    /** Achieved below this share of the offered rate is an overloaded server. */
    public static final double OVERLOADED_RATIO = 0.98;

    private Verdicts() {
    }

    public static Verdict of(Requests requests, Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate,
                             boolean stalled) {
        if (rate.isPresent() && rate.get().schedulerLag().percentile(99).compareTo(SATURATED_LAG) > 0) {
            return Verdict.GENERATOR_SATURATED;
        }
        if (stalled) {
            return Verdict.STALLED;
        }
        if (requests.failed() > 0 || !errors.isEmpty()) {
            return Verdict.ERRORS;
        }
        if (rate.isPresent() && rate.get().achievedRatio() < OVERLOADED_RATIO) {
            return Verdict.OVERLOADED;
        }
        return Verdict.OK;
    }
}
