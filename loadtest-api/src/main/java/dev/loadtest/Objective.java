package dev.loadtest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What a service must hold at a rate for a {@link Capacity capacity search} to count that rate as held:
 * response-time limits at any percentile, an error rate, and, always, that the offered rate was achieved.
 * Immutable and thread-safe; each {@code with} method returns a new objective.
 *
 * <pre>{@code
 * Objective objective = Objective.empty()
 *         .maxResponseTime(99, Duration.ofMillis(50))      // p99 response time <= 50 ms
 *         .maxResponseTime(99.9, Duration.ofMillis(200))   // p99.9 <= 200 ms
 *         .maxErrorRate(0.001);                            // <= 0.1 % of requests failed
 * List<Objective.Breach> breaches = objective.breaches(result);   // empty: the result held it
 * }</pre>
 *
 * <p>A step of a search holds the objective when every limit holds on its {@link Result}:
 * <ul>
 * <li>each response-time limit: the {@linkplain Result#responseTime() response time} (from each request's
 *     due time, corrected for coordinated omission) at that percentile is at most the limit; a step in which
 *     no response finished breaks it;</li>
 * <li>the error rate: {@linkplain Requests#errorRate() failed requests over requests ended} (h2load's
 *     meanings: a status of 400 or more, an error, a timeout, never issued; a step in which no request ended
 *     breaks it) at most {@link #maxErrorRate()}, or {@value #DEFAULT_MAX_ERROR_RATE}
 *     (1 %) when none was given, so that a server answering every request at once with 503 never holds;</li>
 * <li>not overloaded: the achieved rate at least 98 % of the offered (the rule of {@link Verdict#OVERLOADED},
 *     checked on the rates themselves so that it also applies when the verdict is {@code errors}), and the
 *     run not {@linkplain Verdict#STALLED stalled}.</li>
 * </ul>
 * An objective needs at least one limit of its own (a response time or an error rate): a search refuses
 * {@link #empty()}.
 */
public final class Objective {

    /** The error-rate limit when none is given: 1 % of the requests ended. */
    public static final double DEFAULT_MAX_ERROR_RATE = 0.01;

    private static final Objective EMPTY = new Objective(List.of(), Double.NaN);

    private final List<LatencyLimit> latencyLimits;
    private final double maxErrorRate;

    private Objective(List<LatencyLimit> latencyLimits, double maxErrorRate) {
        this.latencyLimits = List.copyOf(latencyLimits);
        this.maxErrorRate = maxErrorRate;
    }

    /** An objective with no limit of its own yet; add some with the {@code max...} methods. */
    public static Objective empty() {
        return EMPTY;
    }

    /**
     * This objective with a limit on the response time at a percentile; a limit at the same percentile
     * is replaced.
     *
     * @param percentile above 0 and at most 100 (100 is the largest response), e.g. {@code 99.9}
     * @param max the longest response time allowed at that percentile, positive
     * @throws IllegalArgumentException if the percentile or the duration is out of range
     */
    public Objective maxResponseTime(double percentile, Duration max) {
        LatencyLimit limit = new LatencyLimit(percentile, max);
        List<LatencyLimit> limits = new ArrayList<>(latencyLimits);
        limits.removeIf(l -> l.percentile() == percentile);
        limits.add(limit);
        limits.sort(Comparator.comparingDouble(LatencyLimit::percentile));
        return new Objective(limits, maxErrorRate);
    }

    /**
     * This objective with a limit on the share of failed requests.
     *
     * @param fraction from 0 to 1: {@code 0.001} is 0.1 %
     * @throws IllegalArgumentException if the fraction is outside [0, 1]
     */
    public Objective maxErrorRate(double fraction) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("maxErrorRate (" + fraction + ") must be within [0, 1]: "
                    + "0.001 is 0.1 %");
        }
        return new Objective(latencyLimits, fraction);
    }

    /** The response-time limits, by ascending percentile. */
    public List<LatencyLimit> latencyLimits() {
        return latencyLimits;
    }

    /** The error-rate limit given, if one was. */
    public OptionalDouble maxErrorRate() {
        return Double.isNaN(maxErrorRate) ? OptionalDouble.empty() : OptionalDouble.of(maxErrorRate);
    }

    /** The error-rate limit applied: the one given, or {@value #DEFAULT_MAX_ERROR_RATE}. */
    public double effectiveMaxErrorRate() {
        return Double.isNaN(maxErrorRate) ? DEFAULT_MAX_ERROR_RATE : maxErrorRate;
    }

    /** Whether no limit of its own was given: no response time and no error rate. */
    public boolean isEmpty() {
        return latencyLimits.isEmpty() && Double.isNaN(maxErrorRate);
    }

    /**
     * The limits a result breaks, each as "required X, actual Y"; empty when it holds the objective.
     * The result should be of a rate-driven run: without an offered rate, "not overloaded" is not checked.
     */
    public List<Breach> breaches(Result result) {
        return checks(result).stream().filter(c -> !c.met()).map(Breach::of).toList();
    }

    /**
     * Every limit checked against a result, met or not, in the order of {@link #toString()}: the response times,
     * the error rate, the achieved rate, the verdict (the last two only when broken, as they are not limits
     * given). The rules are {@link LimitCheck}'s, the same as the JUnit budgets' and the command's gates'.
     */
    public List<LimitCheck> checks(Result result) {
        Objects.requireNonNull(result, "result must not be null");
        List<LimitCheck> checks = new ArrayList<>();
        for (LatencyLimit limit : latencyLimits) {
            checks.add(LimitCheck.responseTime(result, limit.percentile(), limit.max()));
        }
        checks.add(LimitCheck.errorRate(result, effectiveMaxErrorRate()));
        if (result.rate().isPresent() && result.rate().get().achievedRatio() < Verdict.OVERLOADED_RATIO) {
            Rate rate = result.rate().get();
            checks.add(new LimitCheck("achieved rate", ">= " + FigureFormat.percent(Verdict.OVERLOADED_RATIO)
                    + " of offered", FigureFormat.rate(rate.achieved()) + " of " + FigureFormat.rate(rate.offered()) + " ("
                    + FigureFormat.percent(rate.achievedRatio()) + ", overloaded)", false));
        }
        if (result.verdict() == Verdict.STALLED) {
            checks.add(new LimitCheck("verdict", "not stalled", "stalled (no connection completed a second request)",
                    false));
        }
        return List.copyOf(checks);
    }

    /**
     * The objective as text: {@code p99 response time <= 50ms, error rate <= 0.1%, not overloaded}; an error
     * rate not given shows as {@code error rate <= 1% (default)}.
     */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (LatencyLimit l : latencyLimits) {
            parts.add(l.name() + " <= " + DurationFormat.format(l.max()));
        }
        parts.add("error rate <= " + FigureFormat.percent(effectiveMaxErrorRate())
                + (Double.isNaN(maxErrorRate) ? " (default)" : ""));
        parts.add("not overloaded");
        return String.join(", ", parts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Objective other && latencyLimits.equals(other.latencyLimits)
                && Double.compare(maxErrorRate, other.maxErrorRate) == 0;
    }

    @Override
    public int hashCode() {
        return latencyLimits.hashCode() * 31 + Double.hashCode(maxErrorRate);
    }

    /**
     * A response-time limit.
     *
     * @param percentile above 0 and at most 100
     * @param max the longest response time allowed at that percentile, positive
     */
    public record LatencyLimit(double percentile, Duration max) {

        public LatencyLimit {
            if (!(percentile > 0 && percentile <= 100)) {
                throw new IllegalArgumentException("percentile (" + percentile + ") must be > 0 and <= 100");
            }
            Objects.requireNonNull(max, "max must not be null");
            if (max.isNegative() || max.isZero()) {
                throw new IllegalArgumentException("max response time (" + max + ") must be > 0");
            }
        }

        /** {@code p99 response time}, {@code p99.9 response time}. */
        public String name() {
            return FigureFormat.percentileName(percentile) + " response time";
        }
    }

    /**
     * A limit a result broke: a {@link LimitCheck} not met, in the shape capacity steps and their JSON keep.
     *
     * @param limit what is limited: {@code p99 response time}, {@code error rate}, {@code achieved rate}
     * @param required the limit: {@code <= 50ms}
     * @param actual what the result had: {@code 212.4ms}
     */
    public record Breach(String limit, String required, String actual) {

        public Breach {
            Objects.requireNonNull(limit, "limit");
            Objects.requireNonNull(required, "required");
            Objects.requireNonNull(actual, "actual");
        }

        /** The breach a check that was not met reports. */
        public static Breach of(LimitCheck check) {
            return new Breach(check.limit(), check.required(), check.actual());
        }

        /** {@code p99 response time: required <= 50ms, actual 212.4ms}. */
        @Override
        public String toString() {
            return limit + ": required " + required + ", actual " + actual;
        }
    }
}
