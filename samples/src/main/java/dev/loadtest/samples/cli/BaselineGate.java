package dev.loadtest.samples.cli;

import dev.loadtest.Comparison;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * A run's regression gate against a baseline: {@code --baseline FILE} compares the run with recorded runs
 * of the same test, {@code --ab-baseline URI --pairs N} runs the baseline target and the candidate target
 * alternately and compares the pairs. Exit code 1 when a gated figure regressed, 4 when inconclusive.
 */
final class BaselineGate {

    /** The options on the main command. */
    static final class Options {
        @Option(names = "--baseline", paramLabel = "FILE", description = "A baseline run of the same test (a --json "
                + "result) to compare this run with; repeatable, for several baseline runs. Exit code 1 when a "
                + "figure regressed, 4 when inconclusive.")
        List<Path> files = new ArrayList<>();

        @Option(names = "--ab-baseline", paramLabel = "URI", description = "Interleaved A/B: runs this baseline "
                + "target and the URI(s) given alternately, A B A B ..., --pairs times, each with the same load, "
                + "and compares the pairs (machine drift cancels).")
        String abBaseline;

        @Option(names = "--pairs", paramLabel = "N", converter = Syntax.IntConverter.class,
                description = "A B pairs of --ab-baseline, within [1, 1000]. Default: 5.")
        int pairs = 5;

        @Option(names = "--compare-json", paramLabel = "FILE", description = "Writes the comparison as JSON.")
        Path json;

        @Option(names = "--compare-html", paramLabel = "FILE", description = "Writes the comparison as HTML.")
        Path html;

        // exclusive = false: what picocli makes of a non-validating group anyway; see LoadTestCommand's groups
        @ArgGroup(validate = false, exclusive = false)
        ComparisonOptions comparison = new ComparisonOptions();

        boolean isSet() {
            return !files.isEmpty() || abBaseline != null;
        }
    }

    private BaselineGate() {
    }

    /** The baseline runs of --baseline, read before the run so that a bad file costs no load. */
    static List<Result> read(Options o) {
        List<Result> baselines = new ArrayList<>();
        for (Path file : o.files) {
            try {
                baselines.add(ResultJson.read(file));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("--baseline " + file + ": cannot read a result ("
                        + LoadTestCommand.describe(e) + ")");
            }
        }
        return baselines;
    }

    /**
     * Compares a finished run with the baselines and reports it; returns the exit code, the run's own
     * (gates, files) unless it was ok.
     */
    static int check(LoadTestCommand command, Options o, List<Result> baselines, Result run, boolean quiet,
                     int code) {
        Comparison c;
        try {
            c = Comparison.of(baselines, List.of(run), o.comparison.toOptions());
        } catch (IllegalArgumentException e) {
            command.err().println("loadtest: --baseline: " + e.getMessage());
            return code == LoadTestCommand.OK ? LoadTestCommand.USAGE : code;
        }
        int compared = CompareCommand.report(c, o.json, o.html, quiet, command);
        return code != LoadTestCommand.OK ? code : compared;
    }

    /** Runs baseline and candidate alternately and reports the paired comparison; returns the exit code. */
    static int interleaved(LoadTestCommand command, Options o, LoadTest baseline, LoadTest candidate, boolean quiet) {
        if (o.pairs < 1 || o.pairs > 1000) {
            command.err().println("loadtest: --pairs (" + o.pairs + ") must be within [1, 1000]");
            return LoadTestCommand.USAGE;
        }
        if (!quiet) {
            command.out().println("interleaved A/B, " + o.pairs + " pairs: A " + baseline + "\n  B " + candidate);
            command.out().flush();
        }
        Comparison.Options options = o.comparison.toOptions();
        List<Result> a = new ArrayList<>();
        List<Result> b = new ArrayList<>();
        for (int i = 0; i < o.pairs; i++) {
            a.add(baseline.run());
            b.add(candidate.run());
            if (!quiet) {
                command.err().printf("pair %d/%d: A %.1f req/s, B %.1f req/s%n", i + 1, o.pairs,
                        a.get(i).requestsPerSecond(), b.get(i).requestsPerSecond());
            }
        }
        Comparison c;
        try {
            c = Comparison.ofPairs(a, b, options);
        } catch (IllegalArgumentException e) {
            command.err().println("loadtest: --ab-baseline: " + e.getMessage());
            return LoadTestCommand.USAGE;
        }
        return CompareCommand.report(c, o.json, o.html, quiet, command);
    }
}
