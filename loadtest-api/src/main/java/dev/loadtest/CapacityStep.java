package dev.loadtest;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One step of a {@link Capacity capacity search}: a constant-rate, open-model run at one rate, and what the
 * search made of it.
 *
 * <pre>{@code
 * for (CapacityStep step : answer.steps()) {
 *     System.out.printf("%s %.0f req/s: %s %s%n", step.phase().label(), step.rate(), step.outcome().label(),
 *             step.breaches());
 * }
 * }</pre>
 *
 * @param number 1 for the search's first step, 2 for the second ...
 * @param phase why the search ran it
 * @param rate the offered rate of the whole step, in requests per second
 * @param result what the step measured (warm-up excluded)
 * @param outcome what the search made of it
 * @param breaches the objective's limits the step broke, each "required X, actual Y"; empty unless
 *     {@link Outcome#FAILED}
 * @param reason why the step failed, or why it shows the generator as the limit, in a sentence; empty when it held
 */
public record CapacityStep(int number, Phase phase, double rate, Result result, Outcome outcome,
                           List<Objective.Breach> breaches, String reason) {

    public CapacityStep {
        if (number < 1) {
            throw new IllegalArgumentException("number (" + number + ") must be >= 1");
        }
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(outcome, "outcome");
        breaches = List.copyOf(breaches);
        Objects.requireNonNull(reason, "reason");
    }

    /** Whether the step held the objective. */
    public boolean held() {
        return outcome == Outcome.HELD;
    }

    /** Why the search ran a step. */
    public enum Phase {
        /** From the starting rate, doubling until a step fails. */
        DOUBLING,
        /** Halfway between the highest rate held and the lowest failed, until they are within the resolution. */
        BISECTING,
        /** The highest rate held, run again to confirm it. */
        CONFIRMING;

        /** {@code doubling}, {@code bisecting}, {@code confirming}: as reports and JSON name it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The phase named by {@link #label()}. */
        public static Phase ofLabel(String label) {
            for (Phase p : values()) {
                if (p.label().equals(label)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("phase (" + label + ") must be one of doubling, bisecting, confirming");
        }
    }

    /** What a step showed. */
    public enum Outcome {
        /** Every limit of the objective held. */
        HELD("held"),
        /** A limit of the objective broke: see {@link CapacityStep#breaches()}. */
        FAILED("failed"),
        /**
         * The load generator, not the server, was the limit: our scheduler fell behind (verdict
         * {@code generator-saturated}), or the offered rate was not achieved while the server kept up (no errors,
         * service time at its low-load level). Nothing about the server's capacity can be read from it.
         */
        GENERATOR_LIMITED("generator-limited"),
        /** The search was stopped during the step: its figures are partial and were not judged. */
        STOPPED("stopped");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** {@code held}, {@code failed}, {@code generator-limited}, {@code stopped}. */
        public String label() {
            return label;
        }

        /** The outcome named by {@link #label()}. */
        public static Outcome ofLabel(String label) {
            for (Outcome o : values()) {
                if (o.label.equals(label)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("outcome (" + label + ") must be one of held, failed, "
                    + "generator-limited, stopped");
        }
    }
}
