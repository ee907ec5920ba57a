package dev.loadtest;

import dev.loadtest.spi.GeneratorSaturation;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a run's figures say at a glance, from the practice of benchmark suites. When several apply,
 * the first in this order wins: numbers about the generator tell nothing about the server, a server
 * that never answered twice has no throughput to speak of, and failed requests matter more than slowness.
 * A rate-driven run whose first second was far slower than the rest keeps its verdict, and its explanation says
 * so: see {@link StartupBurst}, the one rule for that.
 *
 * <pre>{@code
 * if (result.verdict() != Verdict.OK) {
 *     System.err.println("run " + result.verdict().label());
 * }
 * }</pre>
 */
public enum Verdict {
    /**
     * The generator was the limit, so the figures may be about us, not the server: our own scheduler fell behind
     * (open model, lag p99 over 10 ms), or, in either model, the generator's I/O threads and its process kept at
     * least 90 % of the cores they can use busy over the measured phase ({@link Result#generator()}).
     */
    GENERATOR_SATURATED("generator-saturated"),
    /** No connection completed a second request although the run asked for more. */
    STALLED("stalled"),
    /** Requests failed: non-2xx/3xx statuses, resets, timeouts, or never issued. */
    ERRORS("errors"),
    /** A rate-driven run achieved less than 98 % of the rate it offered. */
    OVERLOADED("overloaded"),
    /** None of the above. */
    OK("ok");

    /** Scheduler lag p99 beyond which the generator is taken to have fallen behind: {@link #GENERATOR_SATURATED}. */
    public static final Duration SATURATED_LAG = Duration.ofMillis(10);
    /** The share of the offered rate below which a rate-driven run is {@link #OVERLOADED}: 0.98. */
    public static final double OVERLOADED_RATIO = 0.98;

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The status as reports and JSON name it: {@code ok}, {@code errors}, {@code generator-saturated} ... */
    public String label() {
        return label;
    }

    /**
     * The verdict of a run's figures, the first that applies in the order of the constants: one rule for the
     * engine, which knows whether a connection completed a second request, and for
     * {@link Results#merge(java.util.List)}, which knows it of the shards.
     *
     * <pre>{@code
     * Verdict.of(result.requests(), result.errors(), result.rate(), false);   // what the run's verdict says
     * }</pre>
     *
     * @param stalled whether no connection completed a second request although the run asked for more
     */
    public static Verdict of(Requests requests, Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate,
                             boolean stalled) {
        return of(requests, errors, rate, stalled, false);
    }

    /**
     * The same, with what the engine measured of its own CPU: a run whose generator used the cores it can use
     * ({@code generatorSaturated}, the engine's rule on {@link Result#generator()} and its I/O threads) is
     * {@link #GENERATOR_SATURATED} whatever else its figures say, as one whose scheduler fell behind.
     *
     * @param stalled whether no connection completed a second request although the run asked for more
     * @param generatorSaturated whether the generator's CPU was at its limit over the measured phase
     */
    public static Verdict of(Requests requests, Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate,
                             boolean stalled, boolean generatorSaturated) {
        if (generatorSaturated || GeneratorSaturation.schedulerFellBehind(rate)) {
            return GENERATOR_SATURATED;
        }
        if (stalled) {
            return STALLED;
        }
        if (requests.failed() > 0 || !errors.isEmpty()) {
            return ERRORS;
        }
        if (rate.isPresent() && rate.get().achievedRatio() < OVERLOADED_RATIO) {
            return OVERLOADED;
        }
        return OK;
    }

    /** The verdict named by {@link #label()}. */
    public static Verdict ofLabel(String label) {
        for (Verdict v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("verdict (" + label + ") must be one of ok, errors, stalled, "
                + "overloaded, generator-saturated");
    }
}
