package dev.loadtest.junit.internal;

import dev.loadtest.Capacity;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityStep;
import dev.loadtest.FigureFormat;
import dev.loadtest.LimitCheck;
import dev.loadtest.LoadTest;
import dev.loadtest.Objective;
import dev.loadtest.junit.CapacityBudget;
import java.time.Duration;
import java.util.Objects;

/**
 * A {@link CapacityBudget} read and checked: the search it asks for, and whether an answer meets it, worded
 * "required X, actual Y".
 *
 * @param minRate the rate to hold, the scale applied
 * @param objective the objective, the scale applied to its latency limits
 * @param startRate the first step's rate
 * @param stepDuration each step's measured time
 * @param stepWarmUp each step's warm-up
 */
public record CapacityBudgetCheck(double minRate, Objective objective, double startRate, Duration stepDuration,
                                  Duration stepWarmUp) {

    public CapacityBudgetCheck {
        Objects.requireNonNull(objective, "objective");
    }

    /**
     * Reads the annotation.
     *
     * @param scale {@code loadtest.budget.scale}: latency limits multiplied by it, {@code minRate} divided
     * @throws IllegalArgumentException naming the attribute, the value and the rule
     */
    public static CapacityBudgetCheck of(CapacityBudget b, double scale, String where) {
        String on = "@CapacityBudget on " + where + ": ";
        if (!(b.minRate() > 0) || Double.isInfinite(b.minRate())) {
            throw new IllegalArgumentException(on + "minRate (" + b.minRate() + ") must be a number > 0 (req/s)");
        }
        Objective objective = Objective.empty();
        String[][] percentiles = {{"p50", b.p50(), "50"}, {"p90", b.p90(), "90"}, {"p95", b.p95(), "95"},
                {"p99", b.p99(), "99"}, {"p999", b.p999(), "99.9"}};
        for (String[] p : percentiles) {
            if (!p[1].isEmpty()) {
                Duration max = duration(on, p[0], p[1]);
                if (max.isZero()) {
                    throw new IllegalArgumentException(on + p[0] + " (\"" + p[1] + "\") must be > 0");
                }
                objective = objective.maxResponseTime(Double.parseDouble(p[2]), scaled(max, scale));
            }
        }
        if (!(b.maxErrorRate() < 0)) {
            if (b.maxErrorRate() > 1) {
                throw new IllegalArgumentException(on + "maxErrorRate (" + b.maxErrorRate() + ") must be within [0, 1]");
            }
            objective = objective.maxErrorRate(b.maxErrorRate());
        }
        if (objective.isEmpty()) {
            throw new IllegalArgumentException(on + "sets no objective: give a response time (p50 ... p999) or "
                    + "maxErrorRate, or every rate would hold");
        }
        double minRate = b.minRate() / scale;
        double startRate = b.startRate() < 0 ? minRate / 4 : b.startRate();
        if (!(startRate > 0) || startRate > minRate) {
            throw new IllegalArgumentException(on + "startRate (" + b.startRate() + ") must be > 0 and <= minRate ("
                    + FigureFormat.number(minRate) + ")");
        }
        Duration stepDuration = duration(on, "stepDuration", b.stepDuration());
        Duration stepWarmUp = duration(on, "stepWarmUp", b.stepWarmUp());
        return new CapacityBudgetCheck(minRate, objective, startRate, stepDuration, stepWarmUp);
    }

    /** The search the budget asks for: from the start rate up to {@code minRate}, no confirmation. */
    public Capacity capacity(LoadTest.Builder template) {
        return Capacity.of(template, objective).startRate(startRate).maxRate(minRate).confirm(false)
                .stepDuration(stepDuration).stepWarmUp(stepWarmUp).build();
    }

    /** Whether a step at {@code minRate} or above held the objective. */
    public LimitCheck check(CapacityAnswer answer) {
        boolean met = answer.steps().stream().anyMatch(s -> s.held() && s.rate() >= minRate);
        String required = ">= " + FigureFormat.rate(minRate) + " within " + objective;
        return new LimitCheck("capacity", required, actual(answer), met);
    }

    private static String actual(CapacityAnswer a) {
        return switch (a.conclusion()) {
            case MAX_RATE_HELD -> FigureFormat.rate(a.heldRate().getAsDouble()) + " held";
            case FOUND -> FigureFormat.rate(a.heldRate().getAsDouble()) + " held (" + FigureFormat.rate(a.failedRate()
                    .getAsDouble()) + " failed: " + a.failedStep().map(CapacityStep::reason).orElse("") + ")";
            case NOT_HELD_AT_START -> "none held, failed already at the starting rate, " + FigureFormat.rate(a.failedRate()
                    .getAsDouble()) + ": " + a.failedStep().map(CapacityStep::reason).orElse("");
            case GENERATOR_LIMITED -> "unknown: limited by the load generator at " + FigureFormat.rate(Math.round(
                    a.generatorRate().getAsDouble())) + " (" + a.steps().get(a.steps().size() - 1).reason() + ")";
            case STOPPED -> "unknown: the search stopped after " + a.steps().size() + " steps";
        };
    }

    private static Duration duration(String on, String attribute, String text) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(on + attribute + " (\"" + text + "\") " + e.getMessage());
        }
    }

    private static Duration scaled(Duration d, double scale) {
        return scale == 1 ? d : Duration.ofNanos(Math.round(d.toNanos() * scale));
    }
}
