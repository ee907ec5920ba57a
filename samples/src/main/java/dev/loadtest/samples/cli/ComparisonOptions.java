package dev.loadtest.samples.cli;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.ComparisonText;
import dev.loadtest.FigureChange;
import dev.loadtest.StepComparison;
import dev.loadtest.Tolerance;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The options that say how results are compared with a baseline, shared by {@code loadtest compare} and
 * a run's {@code --baseline}, and what a comparison's verdict makes of the exit code.
 */
final class ComparisonOptions {

    /** Exit code: a gated figure is inconclusive and none regressed. */
    static final int INCONCLUSIVE = 4;

    @Option(names = "--max-regression", paramLabel = "FIGURE=AMOUNT", converter = ToleranceConverter.class,
            description = "How much worse a figure may get before it regresses: p50|p90|p99|p99.9|mean=10%%, "
                    + "rps=5%% (a drop), errorRate=0.1pp; repeatable. Only the figures given are gated; without "
                    + "any, all but p99.9 are, at 10%%, rps 10%%, errorRate 0.1pp.")
    List<Tolerance> maxRegression = new ArrayList<>();

    @Option(names = "--allow-different", description = "Compare results of different tests (targets, protocol, "
            + "method, load) on purpose.")
    boolean allowDifferent;

    @Option(names = "--confidence", paramLabel = "LEVEL", description = "Confidence level of the intervals, "
            + "within (0.5, 1). Default: 0.95.")
    Double confidence;

    /** In the main command also the run's seed ({@link RequestOptions#seed}): one flag, one number to replay. */
    @Option(names = "--seed", paramLabel = "N", description = "Seed of the bootstrap: the same files and seed give "
            + "the same intervals. Default: 1. In a run, also the seed of {{uuid}}, {{randomInt A B}} and "
            + "--feed-order random: the same seed sends each client the same requests (default: one picked and "
            + "shown in the report).")
    Long seed;

    /**
     * The comparison options these flags give.
     *
     * @throws IllegalArgumentException if a value is out of range or a figure is given twice
     */
    Comparison.Options toOptions() {
        Comparison.Options o = new Comparison.Options(maxRegression, Comparison.Options.DEFAULTS.confidence(),
                Comparison.Options.DEFAULTS.resamples(), Comparison.Options.DEFAULTS.seed(), allowDifferent);
        if (confidence != null) {
            o = o.withConfidence(confidence);
        }
        if (seed != null) {
            o = o.withSeed(seed);
        }
        return o;
    }

    /**
     * Prints each gated figure that did not keep its tolerance to stderr, and each step only one side ran (the
     * scenarios differ, or a step never ran on one side: not a figure, so not in the verdict, but not to pass
     * unseen); returns the exit code of the verdict.
     */
    static int verdict(Comparison c, PrintStream err) {
        for (FigureChange f : c.figures()) {
            if (f.gated() && !f.verdict().isKept()) {
                err.println("loadtest: " + (f.verdict() == ChangeVerdict.REGRESSED ? "regressed: " : "inconclusive: ")
                        + ComparisonText.breach(f, c.figureConfidence()));
            }
        }
        for (StepComparison s : c.steps()) {
            if (!s.inBoth()) {
                err.println("loadtest: warning: step " + s.name() + " is in the " + (s.inBaseline() ? "baseline"
                        : "candidate") + " only: its figures were not compared");
            }
        }
        return switch (c.verdict()) {
            case REGRESSED -> LoadTestCommand.GATE_BREACHED;
            case INCONCLUSIVE -> INCONCLUSIVE;
            default -> LoadTestCommand.OK;
        };
    }

    /** {@code p99=10%} and its other forms into a tolerance; a malformed one is a usage error. */
    static final class ToleranceConverter implements ITypeConverter<Tolerance> {
        @Override
        public Tolerance convert(String value) {
            try {
                return Tolerance.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
