package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.BoundedFile;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.json.ResultFormatException;
import dev.loadtest.json.ResultJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest merge a.json b.json ... [--json out] [--html out] [gates]}: adds up the results of the
 * shards of one run ({@code --shard i/n}) exactly ({@link Results#merge(List)}), prints the merged report,
 * writes it and checks the gates on it, with the main command's exit codes.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        headerHeading = "%n", synopsisHeading = "Usage: ", descriptionHeading = "%n", parameterListHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "Merges the --json results of the shards of one run (loadtest --shard I/N) into the whole run's: "
                + "counts, bytes and status codes add, latency histograms add exactly (every percentile is the "
                + "one of all requests), the timeline is aligned by interval, the verdict recomputed. Then "
                + "prints the report, writes --json/--html and checks the gates, as a run does.",
            "The results must be shards of the same run (same targets, headers, start time, protocol, -m, method, "
                + "--interval, -c, -n, -D, -R and shard count), each given once, and each possible (done <= total, "
                + "succeeded <= done, status counts that add up...); no output may name one of them."},
        footerHeading = "%n",
        footer = {
            "Exit codes: 0 every gate kept; 1 a gate breached; 2 usage error (unreadable, impossible or mismatched "
                + "files, an output that cannot be written or names an input; nothing is written); 3 an output file "
                + "failed while written."})
final class MergeCommand implements Callable<Integer> {

    @ParentCommand
    LoadTestCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", showDefaultValue = Visibility.NEVER,
            description = "The shards' JSON results (loadtest --json).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Writes the merged result as JSON.")
    Path json;

    @Option(names = "--html", paramLabel = "FILE", description = "Writes the merged HTML report.")
    Path html;

    @Option(names = "--csv", paramLabel = "FILE", description = "Writes the merged timeline: one row per interval.")
    Path csv;

    @Option(names = "--hgrm", paramLabel = "FILE", description = "Writes the merged response time percentile "
            + "distribution (wrk2 --latency / HdrHistogram's .hgrm).")
    Path hgrm;

    @Option(names = {"-q", "--quiet"}, description = "No report on stdout: only gate breaches and errors on stderr.")
    boolean quiet;

    // exclusive = false: what picocli makes of a non-validating group anyway; see LoadTestCommand's groups
    @ArgGroup(validate = false, exclusive = false, heading = "%nCI gates (exit code 1 when one is breached):%n")
    GateOptions gates = new GateOptions();

    /** The largest result file merge reads: far above any run's JSON, and no device or disk. */
    static final long MAX_RESULT_FILE_BYTES = 256L << 20;

    @Override
    public Integer call() {
        OutputOptions output = new OutputOptions();
        output.json = json;
        output.html = html;
        output.csv = csv;
        output.hgrm = hgrm;
        output.quiet = quiet;
        RunReport report = parent.report(output, gates);
        // before reading anything: an output naming one of the files would overwrite a shard's result
        OutputFiles outputs = report.outputFiles();
        for (Path file : files) {
            outputs.input(file.toString(), file);
        }
        parent.checkFiles(outputs);
        List<Result> results = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path file : files) {
            try {
                BoundedFile.check("merged file", file, MAX_RESULT_FILE_BYTES);
                results.add(ResultJson.read(file));   // its format errors start with the file's name
            } catch (ResultFormatException | IllegalArgumentException e) {
                throw usage(spec, e.getMessage());
            } catch (IOException | RuntimeException e) {
                throw usage(spec, file + ": cannot read a result (" + LoadTestCommand.describe(e) + ")");
            }
            names.add(file.toString());
        }
        Result merged;
        try {
            merged = Results.merge(results, names);
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
        int n = results.get(0).test().shardCount();
        if (n > results.size() && !quiet) {
            parent.err().println("loadtest: warning: " + results.size() + " of " + n + " shards merged; the figures "
                    + "are those of the shards given");
        }
        return report.report(merged, null);
    }
}
