package dev.loadtest.internal.compare;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.DurationFormat;
import dev.loadtest.Figure;
import dev.loadtest.FigureChange;
import dev.loadtest.Result;
import dev.loadtest.Tolerance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Works out each figure's change, interval, verdict and, when inconclusive, what would decide it. */
public final class Compare {

    /** Fewest intervals each run needs before its block bootstrap says anything. */
    public static final int MIN_INTERVALS = 10;
    /** A percentile p needs this many values beyond it in each run ({@code 10 / (1 - p)} values in all). */
    static final double VALUES_BEYOND_PERCENTILE = 10;

    private Compare() {
    }

    /** How it was done, for the report: figures computed by {@link #figures}. */
    public record Outcome(List<FigureChange> figures, int blockLength, int fewestIntervals, double figureConfidence) {
    }

    /**
     * Compares the runs.
     *
     * @param tolerances one per figure
     * @param gated which figures count in the overall verdict
     */
    public static Outcome figures(List<Result> baselines, List<Result> candidates, boolean paired,
                                  Map<Figure, Tolerance> tolerances, Map<Figure, Boolean> gated,
                                  double confidence, int resamples, long seed) {
        Bootstrap bootstrap = new Bootstrap(baselines, candidates, paired);
        List<Series> all = new ArrayList<>(bootstrap.baselines());
        all.addAll(bootstrap.candidates());
        int fewest = all.stream().mapToInt(s -> s.n).min().orElse(0);
        boolean histograms = all.stream().allMatch(s -> s.hasHistograms);
        long fewestValues = all.stream().mapToLong(s -> s.latencyCount).min().orElse(0);
        Map<Figure, Double> base = bootstrap.pooled(true);
        Map<Figure, Double> cand = bootstrap.pooled(false);
        boolean enough = fewest >= MIN_INTERVALS;
        Map<Figure, double[]> replicates = enough ? bootstrap.replicates(resamples, seed) : Map.of();
        Duration interval = baselines.get(0).test().interval();
        // Bonferroni: each of k gated figures at 1 - alpha / k, so that two equal servers are called
        // regressed in any gated figure with a probability of at most alpha / 2
        long k = Math.max(1, gated.values().stream().filter(Boolean::booleanValue).count());
        double figureConfidence = 1 - (1 - confidence) / k;
        List<FigureChange> out = new ArrayList<>();
        for (Figure f : Figure.values()) {
            Tolerance tolerance = tolerances.get(f);
            double b = base.get(f);
            double c = cand.get(f);
            if (f.isLatency() && !histograms) {
                // point values from the runs' whole histograms; the intervals cannot be resampled
                b = pooledLatency(baselines, f);
                c = pooledLatency(candidates, f);
            }
            double change = Bootstrap.change(f, b, c);
            String why = "";
            double low = Double.NaN;
            double high = Double.NaN;
            if (!enough) {
                why = "a longer run: at least " + MIN_INTERVALS + " intervals per run (" + length(interval,
                        MIN_INTERVALS) + " at the " + DurationFormat.setting(interval) + " interval; the shortest run has " + fewest + ")";
            } else if (f.isLatency() && !histograms) {
                why = "results with interval histograms: record the runs again with this version (a file written "
                        + "before intervals kept histograms cannot be resampled)";
            } else if (f.isLatency() && !Double.isNaN(f.percentile())
                    && fewestValues < needed(f.percentile())) {
                why = "more responses: " + f.label() + " needs at least " + needed(f.percentile())
                        + " per run (the smallest run has " + fewestValues + ")";
            } else if (Double.isNaN(change)) {
                why = "a baseline that measured " + f.label() + " (it has no responses)";
            } else {
                double[] sorted = replicates.get(f);
                if (sorted.length >= resamples / 2) {
                    double alpha = 1 - figureConfidence;
                    low = Bootstrap.quantile(sorted, alpha / 2);
                    high = Bootstrap.quantile(sorted, 1 - alpha / 2);
                } else {
                    why = "runs in which " + f.label() + " is measured in most intervals";
                }
            }
            ChangeVerdict verdict = why.isEmpty() ? verdict(f, low, high, tolerance.amount()) : ChangeVerdict.INCONCLUSIVE;
            if (verdict == ChangeVerdict.INCONCLUSIVE && why.isEmpty()) {
                why = decide(f, change, low, high, tolerance.amount(), fewest, interval);
            }
            out.add(new FigureChange(f, b, c, change, low, high, tolerance, verdict, gated.get(f), why));
        }
        return new Outcome(out, bootstrap.longestBlock(), fewest, figureConfidence);
    }

    /** Where the interval lies against the tolerance, the figure's worse direction taken as up. */
    static ChangeVerdict verdict(Figure f, double low, double high, double tolerance) {
        double lo = f.higherIsWorse() ? low : -high;
        double hi = f.higherIsWorse() ? high : -low;
        if (lo > tolerance) {
            return ChangeVerdict.REGRESSED;
        }
        if (hi < -tolerance) {
            return ChangeVerdict.IMPROVED;
        }
        if (hi <= tolerance) {
            return ChangeVerdict.UNCHANGED;
        }
        return ChangeVerdict.INCONCLUSIVE;
    }

    /**
     * How many intervals per run would narrow the interval enough to leave the tolerance on one side: the
     * interval's half-width shrinks as one over the square root of the intervals.
     */
    private static String decide(Figure f, double change, double low, double high, double tolerance, int n,
                                 Duration interval) {
        double w = f.higherIsWorse() ? change : -change;
        double margin = Math.abs(w - tolerance);
        double half = (high - low) / 2;
        if (margin < half * 0.05) {
            return "the change is at the tolerance: only a far longer run or more runs would decide it; "
                    + "check the tolerance";
        }
        double factor = Math.pow(half / margin, 2);
        long needed = (long) Math.ceil(n * factor);
        return "a longer run: about " + needed + " intervals per run (" + length(interval, needed) + " at the "
                + DurationFormat.setting(interval) + " interval), or more baseline runs";
    }

    private static long needed(double percentile) {
        return (long) Math.ceil(VALUES_BEYOND_PERCENTILE / (1 - percentile / 100) - 1e-6);
    }

    private static double pooledLatency(List<Result> runs, Figure f) {
        var sum = runs.get(0).responseTime();
        for (int i = 1; i < runs.size(); i++) {
            sum = sum.plus(runs.get(i).responseTime());
        }
        if (sum.isEmpty()) {
            return Double.NaN;
        }
        return f == Figure.MEAN ? sum.toHistogram().getMean() : sum.percentile(f.percentile()).toNanos();
    }

    private static String length(Duration interval, long intervals) {
        return DurationFormat.setting(interval.multipliedBy(Math.max(1, intervals)));
    }
}
