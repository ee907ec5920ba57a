package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Where a run's result goes besides the report on stdout: files, live metrics, CI reports; shared with {@code
 * merge}.
 */
final class OutputOptions {
    @Option(names = "--interval", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
            defaultValue = "1s", description = "Length of the timeline's intervals (10ms to 1h): progress "
                    + "lines, --csv, --hlog, the JSON's intervals.")
    Duration interval;

    @Option(names = "--json", paramLabel = "FILE", description = "Writes the result as JSON (docs/json-format.md).")
    Path json;

    @Option(names = "--html", paramLabel = "FILE", description = "Writes a self-contained HTML report with charts.")
    Path html;

    @Option(names = "--hgrm", paramLabel = "FILE", description = "Writes the response time percentile "
            + "distribution (HdrHistogram .hgrm, milliseconds, as wrk2 prints it).")
    Path hgrm;

    @Option(names = "--hlog", paramLabel = "FILE", description = "Writes an HdrHistogram interval log: response "
            + "time per interval, and service time tagged '" + HistogramLogOutput.SERVICE_TAG + "'.")
    Path hlog;

    @Option(names = "--csv", paramLabel = "FILE", description = "Writes the timeline: one row per interval.")
    Path csv;

    @Option(names = {"-q", "--quiet"}, description = "No report on stdout and no progress on stderr: only "
            + "errors and breached gates (the files are still written).")
    boolean quiet;

    @Option(names = "--prometheus", paramLabel = "PORT", converter = Syntax.IntConverter.class,
            showDefaultValue = Visibility.NEVER, description = "Serves the live metrics on "
                    + "http://127.0.0.1:PORT/metrics during the run, for Prometheus to scrape (0: any free port, "
                    + "printed on stderr).")
    Integer prometheus;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Writes a JUnit XML report for CI: one "
            + "test case per gate, the report in system-out. With $" + StepSummary.VARIABLE + " set (GitHub "
            + "Actions), a Markdown summary is also appended to that file.")
    Path junitXml;

    @Option(names = "--test-name", paramLabel = "NAME", showDefaultValue = Visibility.NEVER,
            description = "Names the run in --prometheus (tag test), --junit-xml and the step summary. "
                    + "Default: the first URI without its query.")
    String testName;

    /** The rules of these flags that no builder checks: a usage error of the command {@code spec} describes. */
    void check(CommandSpec spec) {
        if (prometheus != null && (prometheus < 0 || prometheus > 65_535)) {
            throw usage(spec, "--prometheus (" + prometheus + ") must be within [0, 65535]");
        }
        if (testName != null && testName.isBlank()) {
            throw usage(spec, "--test-name ('" + testName + "') must not be blank");
        }
    }
}
