package dev.loadtest;

import java.util.List;
import java.util.Objects;

/**
 * How one step of a scenario changed from the baseline to the candidate ({@link Comparison#steps()}): each
 * {@link Figure}'s value on both sides and the change, steps matched by name.
 *
 * <pre>{@code
 * Comparison c = Results.compare(baseline, candidate);
 * StepComparison checkout = c.step("checkout").orElseThrow();
 * double p99Change = checkout.figure(Figure.P99).change();           // 0.35: 35 % slower
 * boolean beyond = checkout.figure(Figure.P99).isWorseThan(c.options().toleranceOf(Figure.P99));
 * c.steps().stream().filter(s -> !s.inBoth()).forEach(s -> System.err.println(s.name() + " ran on one side only"));
 * }</pre>
 *
 * <p>These are point values from each step's whole histograms and counts, all runs of a side pooled: the run's
 * timeline intervals, from which {@link Comparison} finds its confidence intervals, are the whole run's, not a
 * step's, so a step's change has no interval and no verdict, and the comparison's verdict is the run's. A step
 * that moved beyond its figure's tolerance ({@link Change#isWorseThan}) is a place to look, not a decision.
 *
 * @param name the step's name
 * @param inBaseline whether a baseline run has the step
 * @param inCandidate whether a candidate run has the step
 * @param figures one per {@link Figure}, in its order; a side without the step has NaN values
 */
public record StepComparison(String name, boolean inBaseline, boolean inCandidate, List<Change> figures) {

    /**
     * One figure of a step on both sides.
     *
     * @param figure what is compared
     * @param baseline the baseline's value, in {@link FigureChange#baseline()}'s unit; NaN if no baseline run has
     *     the step, or it measured nothing of it (no response)
     * @param candidate the candidate's value, in the same unit; NaN likewise
     * @param change as {@link FigureChange#change()}: relative, or a difference for the error rate; NaN if either
     *     value is
     */
    public record Change(Figure figure, double baseline, double candidate, double change) {

        public Change {
            Objects.requireNonNull(figure, "figure must not be null");
        }

        /**
         * Whether the change is worse than the tolerance allows, the figure's worse direction taken as up (a point
         * value: no interval). False when there is no change.
         *
         * @throws IllegalArgumentException if the tolerance is for another figure
         */
        public boolean isWorseThan(Tolerance tolerance) {
            Objects.requireNonNull(tolerance, "tolerance must not be null");
            if (tolerance.figure() != figure) {
                throw new IllegalArgumentException("tolerance (" + tolerance + ") must be for " + figure.label());
            }
            double worse = figure.higherIsWorse() ? change : -change;
            return !Double.isNaN(change) && worse > tolerance.amount();
        }
    }

    /**
     * Checks the parts.
     *
     * @throws IllegalArgumentException if the step is on neither side, or {@code figures} does not hold one change
     *     per figure in {@link Figure}'s order
     */
    public StepComparison {
        Objects.requireNonNull(name, "name must not be null");
        figures = List.copyOf(figures);
        if (!inBaseline && !inCandidate) {
            throw new IllegalArgumentException("step " + name + " must be in the baseline, the candidate or both");
        }
        Figure[] all = Figure.values();
        if (figures.size() != all.length
                || !figures.stream().map(Change::figure).toList().equals(List.of(all))) {
            throw new IllegalArgumentException("figures (" + figures.stream().map(f -> f.figure().label()).toList()
                    + ") must hold one change per figure, in the order of Figure");
        }
    }

    /** Whether both sides ran the step; if not, its changes are NaN. */
    public boolean inBoth() {
        return inBaseline && inCandidate;
    }

    /** One figure's values and change. */
    public Change figure(Figure figure) {
        return figures.get(Objects.requireNonNull(figure, "figure must not be null").ordinal());
    }
}
