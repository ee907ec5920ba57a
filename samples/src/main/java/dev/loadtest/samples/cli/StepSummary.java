package dev.loadtest.samples.cli;

import dev.loadtest.DurationFormat;
import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LimitCheck;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.TextReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.UnaryOperator;

/**
 * The run and its gates in Markdown, appended to the file named by {@value #VARIABLE}: GitHub Actions shows
 * it on the job's summary page. Appended, never replaced, since the other steps of a job write there too.
 */
final class StepSummary {

    /** The environment variable GitHub Actions sets to the summary file of the current step. */
    static final String VARIABLE = "GITHUB_STEP_SUMMARY";

    private StepSummary() {
    }

    /**
     * The summary file named by {@value #VARIABLE} in {@code environment}; null when it is not set. A name
     * that is no path at all stands as it is, so that writing to it fails with the name in the message.
     */
    static Path file(UnaryOperator<String> environment) {
        String name = environment.apply(VARIABLE);
        if (name == null || name.isBlank()) {
            return null;
        }
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("$" + VARIABLE + " (" + name + ") is not a path: " + e.getReason());
        }
    }

    static void append(Path file, String testName, Result result, List<LimitCheck> outcomes) throws IOException {
        Files.writeString(file, markdown(testName, result, outcomes), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    static String markdown(String testName, Result r, List<LimitCheck> outcomes) {
        StringBuilder md = new StringBuilder();
        long breached = outcomes.stream().filter(o -> !o.met()).count();
        String outcome = outcomes.isEmpty() ? "" : breached == 0 ? " — every gate kept"
                : " — " + breached + " of " + outcomes.size() + " gates breached";
        md.append("### loadtest: ").append(cell(testName)).append(outcome).append("\n\n");
        NoSuccessNotice.of(r).ifPresent(line -> md.append("> [!WARNING]\n> ")
                .append(cell(line.substring(line.indexOf(':') + 1).strip())).append("\n\n"));
        Requests q = r.requests();
        md.append("| figure | value |\n|---|---|\n");
        row(md, "verdict", r.verdict().label());
        row(md, "requests", String.format(Locale.ROOT, "%d done, %d succeeded, %d failed (%d errored, %d timeout)",
                q.done(), q.succeeded(), q.failed(), q.errored(), q.timeout()));
        row(md, "req/s", Gate.Format.number(r.requestsPerSecond()));
        row(md, "duration", DurationFormat.fixed(r.duration()) + ", " + r.protocol() + ", "
                + TextReport.connectionsHeld(r.test()));
        row(md, "response time", latency(r.responseTime()));
        if (r.test().isRateDriven()) {
            row(md, "service time", latency(r.serviceTime()));
            r.rate().ifPresent(rate -> row(md, "rate", String.format(Locale.ROOT,
                    "offered %.2f req/s, achieved %.2f req/s (%s)", rate.offered(), rate.achieved(),
                    TextReport.percent(rate.achievedRatio()))));
        }
        row(md, "traffic", TextReport.bytes(r.traffic().totalBytes()) + " received, "
                + TextReport.bytes(r.traffic().sentBytes()) + " sent");
        for (Map.Entry<ErrorCategory, ErrorCount> e : r.errors().entrySet()) {
            row(md, "errors: " + e.getKey().label(), e.getValue().count()
                    + (e.getValue().sampleMessage().isBlank() ? "" : " (" + e.getValue().sampleMessage() + ")"));
        }
        r.sessions().ifPresent(s -> row(md, "sessions", s.started() + " started, " + s.completed() + " completed, "
                + s.failed() + " failed" + (s.failedAt().isEmpty() ? "" : " (" + failedAt(s) + ")")));
        if (!r.steps().isEmpty()) {
            md.append("\n| step | requests | succeeded | failed | response time |\n|---|---|---|---|---|\n");
            for (StepResult step : r.steps()) {
                Requests sq = step.requests();
                md.append("| ").append(cell(step.name())).append(" | ").append(sq.total()).append(" | ")
                        .append(sq.succeeded()).append(" | ").append(sq.failed()).append(" | ")
                        .append(cell(latency(step.responseTime()))).append(" |\n");
            }
        }
        if (!outcomes.isEmpty()) {
            md.append("\n| gate | required | actual | |\n|---|---|---|---|\n");
            for (LimitCheck o : outcomes) {
                md.append("| ").append(cell(o.limit())).append(" | ").append(cell(o.required())).append(" | ")
                        .append(cell(o.actual())).append(" | ").append(o.met() ? "✅ kept" : "❌ **breached**")
                        .append(" |\n");
            }
        }
        return md.append('\n').toString();
    }

    /** {@code at checkout: 5, at login: 1}. */
    private static String failedAt(Sessions s) {
        StringJoiner at = new StringJoiner(", ");
        s.failedAt().forEach((step, n) -> at.add("at " + step + ": " + n));
        return at.toString();
    }

    private static String latency(LatencyHistogram h) {
        if (h.isEmpty()) {
            return "no response";
        }
        return "p50 " + DurationFormat.fixed(h.median()) + ", p90 " + DurationFormat.fixed(h.percentile(90)) + ", p99 "
                + DurationFormat.fixed(h.percentile(99)) + ", max " + DurationFormat.fixed(h.max());
    }

    private static void row(StringBuilder md, String figure, String value) {
        md.append("| ").append(cell(figure)).append(" | ").append(cell(value)).append(" |\n");
    }

    /** Text safe in a Markdown table cell: one line, no column break, no HTML. */
    static String cell(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;").replace("|", "\\|");
    }
}
