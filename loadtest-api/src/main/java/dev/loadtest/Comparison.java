package dev.loadtest;

import dev.loadtest.internal.compare.Compare;
import dev.loadtest.internal.compare.SameTest;
import dev.loadtest.internal.compare.StepCompare;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A candidate run compared with a baseline: for response time p50, p90, p99, p99.9 and mean, throughput and
 * error rate, the change, its confidence interval and a verdict. Immutable and thread-safe.
 *
 * <pre>{@code
 * Result baseline = ResultJson.read(Path.of("perf/checkout.json"));
 * Result candidate = LoadTest.target(uri).clients(10).duration(Duration.ofSeconds(30)).run();
 *
 * Comparison c = Results.compare(baseline, candidate);
 * System.out.println(c);                                 // one line per figure, then the verdict
 * if (c.verdict() == ChangeVerdict.REGRESSED) { ... }
 *
 * Comparison strict = Comparison.of(List.of(baseline), List.of(candidate),
 *         Comparison.Options.DEFAULTS.withTolerances("p99=5%", "rps=5%"));
 * }</pre>
 *
 * <h2>How the interval is found</h2>
 * Two runs of the same build differ by more than their sampling noise (with 100,000 requests a p99 is
 * precise, yet the next run's differs), so the interval is estimated from how the figures vary between
 * the runs' timeline intervals ({@link Result#intervals()}), each of which keeps its whole latency
 * histogram: a circular block bootstrap (Künsch 1989; Politis &amp; Romano 1992) resamples each run's
 * intervals in blocks of consecutive ones, adds up their histograms and counts, and recomputes every
 * figure; with several runs on a side the runs themselves are drawn too, so the spread between runs
 * enters. Each run's block length is chosen from how its intervals' figures move together (Politis &amp;
 * White 2004). The interval is the bootstrap's percentile interval at {@link #figureConfidence()}: the
 * confidence level shared among the gated figures (Bonferroni), so that the overall verdict keeps it.
 *
 * <h2>Verdicts</h2>
 * With the tolerance {@code t} of a figure, its worse direction taken as up: {@link ChangeVerdict#REGRESSED}
 * when the whole interval lies beyond {@code +t}; {@link ChangeVerdict#IMPROVED} when it lies below
 * {@code -t}; {@link ChangeVerdict#UNCHANGED} when it reaches no higher than {@code +t};
 * {@link ChangeVerdict#INCONCLUSIVE} when it straddles {@code +t}, or when a run has fewer than
 * {@value Compare#MIN_INTERVALS} intervals, or too few responses for a percentile (p99 needs 1,000 per
 * run, p99.9 10,000). The overall {@link #verdict()} is regressed if a gated figure regressed, else
 * inconclusive if one is, else improved if one improved, else unchanged. Figures are gated when their
 * tolerance was given; when none was given, all but p99.9 are (its tail is too thin in most CI runs), with
 * the {@linkplain Tolerance#defaultFor defaults}. Ungated figures are still compared and reported.
 *
 * <h2>What is compared</h2>
 * Only results of the same test: same targets, protocol, method, body size and load (model, clients,
 * streams, rate or stages). Others are refused, naming what differs, unless
 * {@link Options#allowDifferent()} is set.
 *
 * <h2>Steps</h2>
 * A scenario run's steps are compared too, step by step, matched by name ({@link #steps()}): every figure's
 * value on both sides and its change. A step that only one side ran is listed as such, with its values on that
 * side. These are point values without an interval: the timeline intervals the bootstrap resamples are the whole
 * run's, not a step's, so a step's change has no verdict and does not enter {@link #verdict()}.
 */
public final class Comparison {

    /**
     * How a comparison is made: tolerances, confidence, resamples, seed, and whether different tests may
     * be compared. Immutable; derive with the {@code with...} methods.
     *
     * @param tolerances the tolerances given, at most one per figure; the figures gated. Empty: every
     *     figure but p99.9 gated, each with its {@linkplain Tolerance#defaultFor default}
     * @param confidence the confidence level of the intervals, within (0.5, 1); default 0.95
     * @param resamples bootstrap replicates, within [200, 100,000]; default 2,000
     * @param seed the random generator's seed: the same runs and seed give the same intervals; default 1
     * @param allowDifferent whether results of different tests may be compared; default false
     */
    public record Options(List<Tolerance> tolerances, double confidence, int resamples, long seed,
                          boolean allowDifferent) {

        /** The defaults: every figure at its default tolerance, 95 %, 2,000 resamples, seed 1. */
        public static final Options DEFAULTS = new Options(List.of(), 0.95, 2_000, 1, false);

        public Options {
            tolerances = List.copyOf(tolerances);
            Map<Figure, Tolerance> seen = new EnumMap<>(Figure.class);
            for (Tolerance t : tolerances) {
                if (seen.put(t.figure(), t) != null) {
                    throw new IllegalArgumentException("tolerances (" + tolerances + ") give " + t.figure().label()
                            + " twice: give one tolerance per figure");
                }
            }
            if (!(confidence > 0.5 && confidence < 1)) {
                throw new IllegalArgumentException("confidence (" + confidence + ") must be within (0.5, 1), "
                        + "e.g. 0.95");
            }
            if (resamples < 200 || resamples > 100_000) {
                throw new IllegalArgumentException("resamples (" + resamples + ") must be within [200, 100000]");
            }
        }

        /** These options with a tolerance added, or replacing the one for the same figure. */
        public Options withTolerance(Tolerance tolerance) {
            Objects.requireNonNull(tolerance, "tolerance must not be null");
            List<Tolerance> list = new ArrayList<>(tolerances);
            list.removeIf(t -> t.figure() == tolerance.figure());
            list.add(tolerance);
            return new Options(list, confidence, resamples, seed, allowDifferent);
        }

        /** These options with tolerances parsed by {@link Tolerance#parse(String)}: {@code "p99=10%"}. */
        public Options withTolerances(String... tolerances) {
            Options o = this;
            for (String t : tolerances) {
                o = o.withTolerance(Tolerance.parse(t));
            }
            return o;
        }

        /** These options with another confidence level, within (0.5, 1). */
        public Options withConfidence(double confidence) {
            return new Options(tolerances, confidence, resamples, seed, allowDifferent);
        }

        /** These options with another number of bootstrap replicates, within [200, 100,000]. */
        public Options withResamples(int resamples) {
            return new Options(tolerances, confidence, resamples, seed, allowDifferent);
        }

        /** These options with another seed. */
        public Options withSeed(long seed) {
            return new Options(tolerances, confidence, resamples, seed, allowDifferent);
        }

        /** These options allowing (or not) results of different tests to be compared. */
        public Options withAllowDifferent(boolean allowDifferent) {
            return new Options(tolerances, confidence, resamples, seed, allowDifferent);
        }

        /** The tolerance of each figure: the one given, or the default. */
        public Tolerance toleranceOf(Figure figure) {
            return tolerances.stream().filter(t -> t.figure() == figure).findFirst()
                    .orElse(Tolerance.defaultFor(figure));
        }

        /**
         * Whether a figure counts in the overall verdict: it has a tolerance given; or none was given and it
         * is not p99.9, whose ten-in-ten-thousand tail is too thin in most CI runs to gate by default.
         */
        public boolean isGated(Figure figure) {
            return tolerances.isEmpty() ? figure != Figure.P999 : tolerances.stream().anyMatch(t -> t.figure() == figure);
        }
    }

    private final List<Result> baselines;
    private final List<Result> candidates;
    private final boolean paired;
    private final Options options;
    private final Map<Figure, FigureChange> figures;
    private final int blockLength;
    private final int fewestIntervals;
    private final double figureConfidence;
    private final List<StepComparison> steps;

    private Comparison(List<Result> baselines, List<Result> candidates, boolean paired, Options options,
                       Compare.Outcome outcome, List<StepComparison> steps) {
        this.baselines = List.copyOf(baselines);
        this.candidates = List.copyOf(candidates);
        this.paired = paired;
        this.options = options;
        Map<Figure, FigureChange> map = new LinkedHashMap<>();
        outcome.figures().forEach(f -> map.put(f.figure(), f));
        this.figures = Collections.unmodifiableMap(map);
        this.blockLength = outcome.blockLength();
        this.fewestIntervals = outcome.fewestIntervals();
        this.figureConfidence = outcome.figureConfidence();
        this.steps = List.copyOf(steps);
    }

    /**
     * Compares candidate runs with baseline runs (each side pooled), the runs of a side taken as
     * independent repeats.
     *
     * @throws IllegalArgumentException if a side is empty, or the results are of different tests (the
     *     message names what differs) and {@link Options#allowDifferent()} is not set
     */
    public static Comparison of(List<Result> baselines, List<Result> candidates, Options options) {
        return create(baselines, candidates, false, options);
    }

    /**
     * Compares runs made in pairs, baseline and candidate alternately ({@code A B A B ...}): the pairs are
     * resampled as units, so drift of the machine over the pairs cancels.
     *
     * @param baselines the baseline run of each pair
     * @param candidates the candidate run of each pair, in the same order
     * @throws IllegalArgumentException if the lists are empty or of different sizes, or the tests differ in
     *     more than their targets and {@link Options#allowDifferent()} is not set
     */
    public static Comparison ofPairs(List<Result> baselines, List<Result> candidates, Options options) {
        Objects.requireNonNull(baselines, "baselines must not be null");
        Objects.requireNonNull(candidates, "candidates must not be null");
        if (baselines.size() != candidates.size()) {
            throw new IllegalArgumentException("pairs: " + baselines.size() + " baseline runs and "
                    + candidates.size() + " candidate runs; each pair has one of each");
        }
        return create(baselines, candidates, true, options);
    }

    /**
     * Runs the baseline test and the candidate test alternately, {@code A B A B ...}, {@code pairs} times,
     * and compares the pairs ({@link #ofPairs}). The two tests may differ in their targets only (e.g. the
     * old and the new build, on two ports), unless {@link Options#allowDifferent()} is set.
     *
     * <pre>{@code
     * LoadTest.Builder load = LoadTest.target(oldUri).clients(10).duration(Duration.ofSeconds(10));
     * Comparison c = Comparison.interleaved(load, LoadTest.target(newUri).clients(10)
     *         .duration(Duration.ofSeconds(10)), 5, Comparison.Options.DEFAULTS);
     * }</pre>
     *
     * @param pairs how many A B pairs, within [1, 1000]
     * @throws IllegalArgumentException if pairs is out of range or the tests differ in more than their targets
     */
    public static Comparison interleaved(LoadTest.Builder baseline, LoadTest.Builder candidate, int pairs,
                                         Options options) {
        Objects.requireNonNull(baseline, "baseline must not be null");
        Objects.requireNonNull(candidate, "candidate must not be null");
        return interleaved(baseline.build(), candidate.build(), pairs, options);
    }

    /** {@link #interleaved(LoadTest.Builder, LoadTest.Builder, int, Options)} of built tests. */
    public static Comparison interleaved(LoadTest baseline, LoadTest candidate, int pairs, Options options) {
        Objects.requireNonNull(baseline, "baseline must not be null");
        Objects.requireNonNull(candidate, "candidate must not be null");
        Objects.requireNonNull(options, "options must not be null");
        if (pairs < 1 || pairs > 1000) {
            throw new IllegalArgumentException("pairs (" + pairs + ") must be within [1, 1000]");
        }
        List<Result> a = new ArrayList<>();
        List<Result> b = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            a.add(baseline.run());
            b.add(candidate.run());
            if (i == 0) {
                refuseDifferent(a.get(0), b.get(0), true, options);   // before spending the other pairs
            }
        }
        return create(a, b, true, options);
    }

    private static Comparison create(List<Result> baselines, List<Result> candidates, boolean paired,
                                     Options options) {
        Objects.requireNonNull(baselines, "baselines must not be null");
        Objects.requireNonNull(candidates, "candidates must not be null");
        Objects.requireNonNull(options, "options must not be null");
        if (baselines.isEmpty() || candidates.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs at least one baseline and one candidate run, got "
                    + baselines.size() + " and " + candidates.size());
        }
        baselines.forEach(r -> Objects.requireNonNull(r, "baseline result must not be null"));
        candidates.forEach(r -> Objects.requireNonNull(r, "candidate result must not be null"));
        Result first = baselines.get(0);
        for (Result r : baselines.subList(1, baselines.size())) {
            refuseDifferent(first, r, paired, options);
        }
        for (Result r : candidates) {
            refuseDifferent(first, r, paired, options);
        }
        Map<Figure, Tolerance> tolerances = new EnumMap<>(Figure.class);
        Map<Figure, Boolean> gated = new EnumMap<>(Figure.class);
        for (Figure f : Figure.values()) {
            tolerances.put(f, options.toleranceOf(f));
            gated.put(f, options.isGated(f));
        }
        Compare.Outcome outcome = Compare.figures(baselines, candidates, paired, tolerances, gated,
                options.confidence(), options.resamples(), options.seed());
        return new Comparison(baselines, candidates, paired, options, outcome,
                StepCompare.steps(baselines, candidates));
    }

    private static void refuseDifferent(Result baseline, Result other, boolean paired, Options options) {
        if (options.allowDifferent()) {
            return;
        }
        List<String> differences = SameTest.differences(baseline, other, paired);
        if (!differences.isEmpty()) {
            throw new IllegalArgumentException("the results are of different tests: " + String.join("; ", differences)
                    + ". Compare runs of the same test, or allow it (allowDifferent, --allow-different) if intended");
        }
    }

    /**
     * The overall verdict over the gated figures: regressed if one regressed, else inconclusive if one is,
     * else improved if one improved, else unchanged.
     */
    public ChangeVerdict verdict() {
        List<FigureChange> gated = figures.values().stream().filter(FigureChange::gated).toList();
        for (ChangeVerdict v : List.of(ChangeVerdict.REGRESSED, ChangeVerdict.INCONCLUSIVE, ChangeVerdict.IMPROVED)) {
            if (gated.stream().anyMatch(f -> f.verdict() == v)) {
                return v;
            }
        }
        return ChangeVerdict.UNCHANGED;
    }

    /** Every figure's change, in the order of {@link Figure}. */
    public List<FigureChange> figures() {
        return List.copyOf(figures.values());
    }

    /** One figure's change. */
    public FigureChange figure(Figure figure) {
        return figures.get(Objects.requireNonNull(figure, "figure must not be null"));
    }

    /** The gated figures with this verdict. */
    public List<FigureChange> gatedWith(ChangeVerdict verdict) {
        return figures.values().stream().filter(f -> f.gated() && f.verdict() == verdict).toList();
    }

    /**
     * A scenario run's steps, compared by name: the baseline's steps in their order, then any step only the
     * candidate ran. Point values without intervals, outside the verdict (see "Steps" above). Empty for runs of
     * single requests.
     */
    public List<StepComparison> steps() {
        return steps;
    }

    /** One step's comparison, by name; empty if neither side ran a step of that name. */
    public Optional<StepComparison> step(String name) {
        Objects.requireNonNull(name, "name must not be null");
        return steps.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The baseline runs, as given. */
    public List<Result> baselines() {
        return baselines;
    }

    /** The candidate runs, as given. */
    public List<Result> candidates() {
        return candidates;
    }

    /** Whether the runs were compared as interleaved pairs. */
    public boolean isPaired() {
        return paired;
    }

    /** How the comparison was made. */
    public Options options() {
        return options;
    }

    /**
     * The confidence level of each figure's interval: {@link Options#confidence()} shared among the gated
     * figures (Bonferroni: {@code 1 - (1 - confidence) / gated}), so that the overall verdict, not only each
     * figure, keeps the confidence level; 95 % over six gated figures gives 99.17 % per figure.
     */
    public double figureConfidence() {
        return figureConfidence;
    }

    /** The bootstrap's longest block length, in intervals (each run's is chosen from its own intervals). */
    public int blockLength() {
        return blockLength;
    }

    /** The intervals of the shortest run compared. */
    public int fewestIntervals() {
        return fewestIntervals;
    }

    /** The report: the method, one line per figure, the verdict and what would decide inconclusive ones. */
    @Override
    public String toString() {
        return ComparisonText.format(this);
    }
}
