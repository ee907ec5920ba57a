package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.Comparison;
import dev.loadtest.Result;
import dev.loadtest.json.ComparisonJson;
import dev.loadtest.json.ResultJson;
import dev.loadtest.report.ComparisonHtml;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest compare base.json [base2.json ...] new.json [--max-regression p99=10%] [--json out]
 * [--html out]}: compares a candidate run with one or more baseline runs ({@link Comparison}), prints the
 * comparison and exits 0 if kept, 1 if a gated figure regressed, 4 if one is inconclusive.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        headerHeading = "%n", synopsisHeading = "Usage: ", descriptionHeading = "%n", parameterListHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "Compares a candidate run (the last file) with one or more baseline runs of the same test (the files "
                + "before it; all --json results of loadtest): response time p50, p90, p99, p99.9, mean, req/s and "
                + "error rate, each with its change, a confidence interval and a verdict.",
            "The interval comes from a circular block bootstrap over the runs' intervals (their histograms), so "
                + "it reflects how much the figures wander within and between runs, not only sampling noise. "
                + "A figure regresses only when its whole interval lies beyond its tolerance."},
        footerHeading = "%n",
        footer = {
            "Exit codes: 0 kept (unchanged or improved); 1 regressed; 4 inconclusive (a longer run or more runs "
                + "would decide it, as the report says); 2 usage error (unreadable files, different tests); 3 an "
                + "output file could not be written.",
            "",
            "Examples:",
            "  loadtest compare base.json new.json",
            "  loadtest compare base.json new.json --max-regression p99=10%% --max-regression rps=5%%",
            "  loadtest compare mon.json tue.json wed.json new.json --html compare.html"})
final class CompareCommand implements Callable<Integer> {

    @ParentCommand
    LoadTestCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "2..*", showDefaultValue = Visibility.NEVER,
            description = "The baseline runs' JSON results, then the candidate's (the last one).")
    List<Path> files = new ArrayList<>();

    @Mixin
    ComparisonOptions comparison = new ComparisonOptions();

    @Option(names = "--json", paramLabel = "FILE", description = "Writes the comparison as JSON.")
    Path json;

    @Option(names = "--html", paramLabel = "FILE", description = "Writes the comparison as HTML: both latency "
            + "distributions overlaid, the runs' intervals over time.")
    Path html;

    @Option(names = {"-q", "--quiet"}, description = "No report on stdout: only regressions and errors on stderr.")
    boolean quiet;

    @Override
    public Integer call() {
        List<Result> results = new ArrayList<>();
        for (Path file : files) {
            try {
                results.add(ResultJson.read(file));
            } catch (IOException | RuntimeException e) {
                throw usage(spec, file + ": cannot read a result (" + LoadTestCommand.describe(e) + ")");
            }
        }
        Comparison c;
        try {
            c = Comparison.of(results.subList(0, results.size() - 1), List.of(results.get(results.size() - 1)),
                    comparison.toOptions());
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
        return report(c, json, html, quiet, parent);
    }

    /** Writes the files, prints the comparison and its breaches; returns the exit code. */
    static int report(Comparison c, Path json, Path html, boolean quiet, LoadTestCommand parent) {
        // no check before made the folders (ComparisonHtml makes its own)
        OutputWriter outputs = new OutputWriter(parent.err())
                .writeInFolder("--json", json, () -> ComparisonJson.write(c, json))
                .write("--html", html, () -> ComparisonHtml.write(c, html));
        if (!quiet) {
            parent.out().println();
            parent.out().print(c);
            parent.out().flush();
        }
        int verdict = ComparisonOptions.verdict(c, parent.err());
        return outputs.failed() ? LoadTestCommand.RUN_FAILED : verdict;
    }
}
