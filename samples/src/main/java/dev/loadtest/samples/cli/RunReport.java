package dev.loadtest.samples.cli;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import dev.loadtest.report.HtmlReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the command does with a finished result (a run's, or {@code merge}'s): writes the output files, prints
 * the report and the gates on stdout, says on stderr what was breached or why nothing succeeded, and gives the
 * exit code. The outputs are checked before any load ({@link #outputFiles()}); one that fails here is one stderr
 * line and exit code {@value LoadTestCommand#RUN_FAILED}, the others still written.
 */
final class RunReport {

    private final PrintStream out;
    private final PrintStream err;
    private final UnaryOperator<String> environment;
    private final OutputOptions output;
    private final GateOptions gates;

    /** {@code environment} names the step summary file ({@value StepSummary#VARIABLE}), if any. */
    RunReport(PrintStream out, PrintStream err, UnaryOperator<String> environment, OutputOptions output,
              GateOptions gates) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.output = output;
        this.gates = gates;
    }

    /** The output files given, to be checked with the files the command reads ({@link OutputFiles}). */
    OutputFiles outputFiles() {
        return new OutputFiles().output("--json", output.json).output("--html", output.html)
                .output("--hgrm", output.hgrm).output("--hlog", output.hlog).output("--csv", output.csv)
                .output("--junit-xml", output.junitXml);
    }

    /** Writes the files, prints the report and the gates; returns the exit code. {@code hlog} may be null. */
    int report(Result result, HistogramLogOutput hlog) {
        List<LimitCheck> outcomes = gates.check(result);
        String testName = TestName.of(result.test(), output.testName);
        OutputWriter files = new OutputWriter(err);
        if (hlog != null) {
            files.write("--hlog", output.hlog, hlog::close);
        }
        files.write("--json", output.json, () -> ResultJson.write(result, output.json));
        files.write("--csv", output.csv, () -> {
            try (Writer w = Files.newBufferedWriter(output.csv, StandardCharsets.UTF_8)) {
                TimelineCsv.write(result, w);
            }
        });
        files.write("--hgrm", output.hgrm, () -> {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream p = new PrintStream(text, false, StandardCharsets.UTF_8)) {
                // nanoseconds shown as milliseconds, 5 ticks per half distance: what wrk2 --latency prints
                result.responseTime().toHistogram().outputPercentileDistribution(p, 5, 1_000_000.0);
            }
            Files.write(output.hgrm, text.toByteArray());   // unlike a PrintStream, fails loudly
        });
        files.write("--html", output.html, () -> HtmlReport.writeWithLimits(result, outcomes, output.html));
        files.write("--junit-xml", output.junitXml,
                () -> JunitXmlOutput.write(output.junitXml, testName, result, outcomes, java.time.Instant.now()));
        Path summary = StepSummary.file(environment);
        files.write("$" + StepSummary.VARIABLE, summary, () -> StepSummary.append(summary, testName, result, outcomes));
        if (!output.quiet) {
            out.println();
            out.print(result);
        }
        if (!outcomes.isEmpty() && !output.quiet) {
            out.println("gates:");
            for (LimitCheck o : outcomes) {
                out.println("  " + (o.met() ? "ok        " : "BREACHED  ") + o);
            }
        }
        out.flush();
        boolean toldWhy = setupLine(result);
        boolean breached = false;
        for (LimitCheck o : outcomes) {
            if (!o.met()) {
                err.println("loadtest: gate breached: " + o);
                breached = true;
            }
        }
        if (outcomes.isEmpty() && !toldWhy) {
            NoSuccessNotice.of(result).ifPresent(err::println);   // exit 0 as h2load, but not silently
        }
        return files.failed() ? LoadTestCommand.RUN_FAILED : breached ? LoadTestCommand.GATE_BREACHED
                : LoadTestCommand.OK;
    }

    /**
     * A run in which nothing succeeded because of a protocol or TLS error (a wrong setup: plain HTTP to a
     * TLS port, h2c to an HTTP/1.1-only server) says why in one line on stderr: the error's sample, which
     * for a wrong setup says what to change ("127.0.0.1:8443 speaks TLS: use https://"). Returns whether it
     * printed that line, which then is the run's one line about why nothing succeeded.
     */
    private boolean setupLine(Result result) {
        if (result.requests().succeeded() > 0) {
            return false;
        }
        for (ErrorCategory c : List.of(ErrorCategory.TLS, ErrorCategory.PROTOCOL)) {
            ErrorCount e = result.errors().get(c);
            if (e != null && !e.sampleMessage().isBlank()) {
                err.println("loadtest: " + e.sampleMessage());
                return true;
            }
        }
        return false;
    }
}
