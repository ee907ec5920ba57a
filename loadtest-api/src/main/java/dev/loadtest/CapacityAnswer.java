package dev.loadtest;

import dev.loadtest.internal.capacity.AnswerText;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a {@link Capacity capacity search} found: the highest rate that held the objective, the lowest that
 * failed it, every step with its {@link Result}, and why each failing step failed. Immutable and safe to
 * share between threads.
 *
 * <pre>{@code
 * CapacityAnswer answer = Capacity.search(template, objective);
 * System.out.println(answer);                      // the steps as a table, then the answer
 * switch (answer.conclusion()) {
 *     case FOUND -> System.out.println("capacity " + answer.capacity().getAsDouble() + " req/s");
 *     case GENERATOR_LIMITED -> System.out.println("add clients or machines: " + answer.summary());
 *     default -> System.out.println(answer.summary());
 * }
 * }</pre>
 *
 * @param objective what each step was held against
 * @param conclusion how the search ended
 * @param heldRate the highest rate that held (and, when found, was confirmed), in requests per second; empty if
 *     none held
 * @param failedRate the lowest rate that failed the objective; empty if none failed (a step limited by the
 *     generator is not a failure of the server)
 * @param generatorRate when {@link Conclusion#GENERATOR_LIMITED}: the rate the generator achieved at its limit
 * @param steps every step, in the order run
 */
public record CapacityAnswer(Objective objective, Conclusion conclusion, OptionalDouble heldRate,
                             OptionalDouble failedRate, OptionalDouble generatorRate, List<CapacityStep> steps) {

    public CapacityAnswer {
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(conclusion, "conclusion");
        Objects.requireNonNull(heldRate, "heldRate");
        Objects.requireNonNull(failedRate, "failedRate");
        Objects.requireNonNull(generatorRate, "generatorRate");
        steps = List.copyOf(steps);
        if (conclusion == Conclusion.GENERATOR_LIMITED && generatorRate.isEmpty()) {
            throw new IllegalArgumentException("a generator-limited answer needs its generatorRate");
        }
    }

    /**
     * The service's capacity under the objective: the confirmed highest rate held, when the search
     * {@linkplain Conclusion#FOUND found} it; empty otherwise, and always empty when the generator was the
     * limit, so that no figure of ours passes for the server's.
     */
    public OptionalDouble capacity() {
        return conclusion == Conclusion.FOUND ? heldRate : OptionalDouble.empty();
    }

    /**
     * What limited the search, as the JSON's {@code limitedBy} names it: {@code objective} (found, or failed at
     * the starting rate), {@code generator}, {@code maxRate} (held at the highest rate searched); empty when
     * stopped.
     */
    public Optional<String> limitedBy() {
        return Optional.ofNullable(conclusion.limitedBy);
    }

    /** The lowest failing step (the one that set {@link #failedRate()}), if any. */
    public Optional<CapacityStep> failedStep() {
        if (failedRate.isEmpty()) {
            return Optional.empty();
        }
        double rate = failedRate.getAsDouble();
        return steps.stream().filter(s -> s.outcome() == CapacityStep.Outcome.FAILED && s.rate() == rate)
                .reduce((first, second) -> second);
    }

    /** The answer in a sentence or two: {@code capacity 388 req/s (confirmed) ...}. */
    public String summary() {
        return AnswerText.summary(this);
    }

    /** The steps as a table, then {@link #summary()}. */
    @Override
    public String toString() {
        return AnswerText.table(this) + summary() + System.lineSeparator();
    }

    /** How a search ended. */
    public enum Conclusion {
        /** The objective broke at {@code failedRate} and held, confirmed, at {@code heldRate}, within the resolution. */
        FOUND("objective"),
        /** The objective failed at the starting rate already: start lower. */
        NOT_HELD_AT_START("objective"),
        /** The load generator was the limit at {@code generatorRate}: no capacity figure can be given. */
        GENERATOR_LIMITED("generator"),
        /** The objective held at the highest rate the search was allowed ({@link Capacity.Builder#maxRate(double)}). */
        MAX_RATE_HELD("maxRate"),
        /** Stopped ({@link CapacityRun#stop()}, an interrupt, or the step limit) before an answer: the bounds so far. */
        STOPPED(null);

        private final String limitedBy;

        Conclusion(String limitedBy) {
            this.limitedBy = limitedBy;
        }

        /** {@code found}, {@code not-held-at-start}, {@code generator-limited}, {@code max-rate-held}, {@code stopped}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** The conclusion named by {@link #label()}. */
        public static Conclusion ofLabel(String label) {
            for (Conclusion c : values()) {
                if (c.label().equals(label)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("conclusion (" + label + ") must be one of found, not-held-at-start, "
                    + "generator-limited, max-rate-held, stopped");
        }
    }
}
