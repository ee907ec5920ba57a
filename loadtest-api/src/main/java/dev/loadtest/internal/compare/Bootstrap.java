package dev.loadtest.internal.compare;

import dev.loadtest.Figure;
import dev.loadtest.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Confidence intervals for the change of each figure by a hierarchical circular block bootstrap over the
 * runs' timeline intervals.
 *
 * <p>Within a run, intervals are neighbours in time and not independent (a GC pause, a noisy neighbour
 * or a cache warming last several intervals), so they are resampled in blocks of consecutive intervals:
 * the moving block bootstrap of Künsch (1989, "The jackknife and the bootstrap for general stationary
 * observations", Annals of Statistics 17(3)), wrapped around the run's end as in the circular block
 * bootstrap of Politis &amp; Romano (1992), with each run's block length chosen from its own intervals
 * ({@link BlockLength}: Politis &amp; White 2004), never below {@code n^(1/3)}. Each resampled run is its intervals' histograms and counts added up, and every figure is
 * computed from that sum, as from a real run.
 *
 * <p>Between runs: with several runs on a side, each replicate first draws that many runs with
 * replacement (so the spread between runs enters), then resamples each within. In paired (interleaved)
 * mode the pairs are drawn, keeping each baseline run with the candidate run made beside it, so slow
 * drift of the machine cancels. With several baseline runs and one candidate run, the candidate gets a
 * run-level effect drawn from the baseline runs' own deviations from their pooled value: a single run
 * cannot show its own run-to-run noise, so it is taken to be the baseline's.
 *
 * <p>The interval of the change is the percentile interval of the replicates. Seeded: the same inputs and
 * seed give the same intervals.
 */
final class Bootstrap {

    private final Grid grid;
    private final List<Series> baselines = new ArrayList<>();
    private final List<Series> candidates = new ArrayList<>();
    private final boolean paired;

    Bootstrap(List<Result> baselineRuns, List<Result> candidateRuns, boolean paired) {
        List<Result> all = new ArrayList<>(baselineRuns);
        all.addAll(candidateRuns);
        this.grid = Grid.of(all);
        for (Result r : baselineRuns) {
            baselines.add(new Series(r, grid));
        }
        for (Result r : candidateRuns) {
            candidates.add(new Series(r, grid));
        }
        this.paired = paired;
    }

    List<Series> baselines() {
        return baselines;
    }

    List<Series> candidates() {
        return candidates;
    }

    /** The longest block used for any run. */
    int longestBlock() {
        int max = 1;
        for (Series s : baselines) {
            max = Math.max(max, s.blockLength);
        }
        for (Series s : candidates) {
            max = Math.max(max, s.blockLength);
        }
        return max;
    }

    /** The figures of all runs of a side pooled, nothing resampled. */
    Map<Figure, Double> pooled(boolean baseline) {
        Sums sums = new Sums(grid);
        for (Series s : baseline ? baselines : candidates) {
            s.addTo(sums, identity(s.n), s.n);
        }
        Map<Figure, Double> values = new EnumMap<>(Figure.class);
        for (Figure f : Figure.values()) {
            values.put(f, sums.value(f));
        }
        return values;
    }

    /**
     * The replicates of each figure's change, sorted, NaN ones dropped.
     *
     * @param resamples how many replicates
     * @param seed the random generator's seed
     */
    Map<Figure, double[]> replicates(int resamples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Sums b = new Sums(grid);
        Sums c = new Sums(grid);
        Figure[] figures = Figure.values();
        double[][] out = new double[figures.length][resamples];
        Map<Figure, Double> pooledBaseline = pooled(true);
        double[][] runEffects = runEffects(pooledBaseline);
        int[] scratch = new int[maxIntervals()];
        for (int r = 0; r < resamples; r++) {
            b.clear();
            c.clear();
            if (paired) {
                for (int k = 0; k < baselines.size(); k++) {
                    int pair = random.nextInt(baselines.size());
                    resample(baselines.get(pair), b, random, scratch);
                    resample(candidates.get(pair), c, random, scratch);
                }
            } else {
                side(baselines, b, random, scratch);
                side(candidates, c, random, scratch);
            }
            int effect = runEffects == null ? -1 : random.nextInt(baselines.size());
            for (int f = 0; f < figures.length; f++) {
                Figure figure = figures[f];
                double vb = b.value(figure);
                double vc = c.value(figure);
                if (effect >= 0) {
                    vc = figure.isAbsolute() ? vc + runEffects[effect][f] : vc * runEffects[effect][f];
                }
                out[f][r] = change(figure, vb, vc);
            }
        }
        Map<Figure, double[]> sorted = new EnumMap<>(Figure.class);
        for (int f = 0; f < figures.length; f++) {
            double[] finite = Arrays.stream(out[f]).filter(Double::isFinite).sorted().toArray();
            sorted.put(figures[f], finite);
        }
        return sorted;
    }

    /** The change of a figure: relative, or a difference for the error rate; NaN if undefined. */
    static double change(Figure figure, double baseline, double candidate) {
        if (figure.isAbsolute()) {
            return candidate - baseline;
        }
        return baseline > 0 ? candidate / baseline - 1 : Double.NaN;
    }

    /** Linear interpolation between order statistics of sorted replicates. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    /**
     * Each baseline run's deviation from the pooled baseline (a factor, or a difference for the error
     * rate), when one candidate run is compared with several baseline runs; otherwise null.
     */
    private double[][] runEffects(Map<Figure, Double> pooled) {
        if (paired || candidates.size() != 1 || baselines.size() < 2) {
            return null;
        }
        Figure[] figures = Figure.values();
        double[][] effects = new double[baselines.size()][figures.length];
        Sums one = new Sums(grid);
        for (int k = 0; k < baselines.size(); k++) {
            Series s = baselines.get(k);
            one.clear();
            s.addTo(one, identity(s.n), s.n);
            for (int f = 0; f < figures.length; f++) {
                double run = one.value(figures[f]);
                double all = pooled.get(figures[f]);
                effects[k][f] = figures[f].isAbsolute() ? run - all : all > 0 ? run / all : 1;
            }
        }
        return effects;
    }

    private void side(List<Series> runs, Sums into, SplittableRandom random, int[] scratch) {
        if (runs.size() == 1) {
            resample(runs.get(0), into, random, scratch);
            return;
        }
        for (int k = 0; k < runs.size(); k++) {
            resample(runs.get(random.nextInt(runs.size())), into, random, scratch);
        }
    }

    /** One circular block resample of a run's intervals, added to the sums. */
    private static void resample(Series s, Sums into, SplittableRandom random, int[] order) {
        int n = s.n;
        if (n == 0) {
            return;
        }
        int length = s.blockLength;
        int k = 0;
        while (k < n) {
            int start = random.nextInt(n);
            for (int j = 0; j < length && k < n; j++) {
                order[k++] = (start + j) % n;
            }
        }
        s.addTo(into, order, n);
    }

    private int maxIntervals() {
        int max = 1;
        for (Series s : baselines) {
            max = Math.max(max, s.n);
        }
        for (Series s : candidates) {
            max = Math.max(max, s.n);
        }
        return max;
    }

    private static int[] identity(int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        return order;
    }
}
