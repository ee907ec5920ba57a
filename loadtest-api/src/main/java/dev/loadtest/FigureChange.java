package dev.loadtest;

import java.util.Objects;

/**
 * How one figure changed from the baseline to the candidate, with a confidence interval and a verdict.
 *
 * <pre>{@code
 * FigureChange p99 = comparison.figure(Figure.P99);
 * System.out.printf("p99 %+.1f %% [%+.1f %%, %+.1f %%] %s%n",
 *         p99.change() * 100, p99.low() * 100, p99.high() * 100, p99.verdict());
 * }</pre>
 *
 * @param figure what is compared
 * @param baseline the baseline's value: nanoseconds for latencies, responses per second for throughput, a
 *     fraction (0 to 1) for the error rate; of all baseline runs pooled
 * @param candidate the candidate's value, in the same unit, of all candidate runs pooled
 * @param change the change: relative ({@code candidate / baseline - 1}, {@code 0.2} is 20 % more) for
 *     latencies and throughput, the difference ({@code candidate - baseline}, {@code 0.001} is 0.1 percentage
 *     points) for the error rate; NaN if it cannot be computed (nothing measured in the baseline)
 * @param low the lower end of the change's confidence interval; NaN if there is none
 * @param high the upper end of the change's confidence interval; NaN if there is none
 * @param tolerance how much worse the figure may get
 * @param verdict where the interval lies against the tolerance
 * @param gated whether the figure counts in the comparison's overall {@link Comparison#verdict() verdict}
 * @param decidedBy for an inconclusive figure, what would decide it (e.g. "a longer run: about 40 intervals
 *     per run"); empty otherwise
 */
public record FigureChange(Figure figure, double baseline, double candidate, double change, double low,
                           double high, Tolerance tolerance, ChangeVerdict verdict, boolean gated,
                           String decidedBy) {

    public FigureChange {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(tolerance, "tolerance");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(decidedBy, "decidedBy");
        if (tolerance.figure() != figure) {
            throw new IllegalArgumentException("tolerance (" + tolerance + ") must be for " + figure.label());
        }
    }

    /** Whether the confidence interval is known. */
    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }
}
