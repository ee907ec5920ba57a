package dev.loadtest.report;

import static dev.loadtest.report.Text.escape;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityStep;
import dev.loadtest.DurationFormat;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Objective;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A capacity search's answer as one self-contained HTML page: the answer, the response time percentiles (p50,
 * p90, p99, p99.9, on a log scale) against the offered rate of each step (the hockey stick), the objective's
 * limits drawn across, and every step in a table. uPlot and the data are inlined, as in {@link HtmlReport}.
 *
 * <pre>{@code
 * CapacityAnswer answer = Capacity.search(template, objective);
 * CapacityReport.write(answer, Path.of("capacity.html"));
 * }</pre>
 *
 * <p>The chart takes, for each rate, its last judged step (a confirmation replaces the first run of its rate);
 * stopped steps are left out. Text taken from the answer (URIs, reasons) is HTML-escaped.
 */
public final class CapacityReport {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private CapacityReport() {
    }

    /**
     * Writes the report to a file (UTF-8), creating its parent directories and replacing the file if it exists.
     *
     * @throws IOException if the file cannot be written
     */
    public static void write(CapacityAnswer answer, Path file) throws IOException {
        Objects.requireNonNull(answer, "answer must not be null");
        Objects.requireNonNull(file, "file must not be null");
        String html = render(answer);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    /**
     * The report as HTML text.
     *
     * @throws IllegalStateException if the uPlot webjar is not on the class path
     */
    public static String render(CapacityAnswer answer) {
        Objects.requireNonNull(answer, "answer must not be null");
        Assets assets = Assets.get();
        StringBuilder out = new StringBuilder(64 * 1024);
        String target = answer.steps().isEmpty() ? "" : Redaction.display(answer.steps().get(0).result().test()
                .targets().get(0));
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(Assets.CSP).append("\">\n")
                .append("<meta name=\"generator\" content=\"loadtest CapacityReport\">\n")
                .append("<title>").append(escape("loadtest capacity: " + target)).append("</title>\n")
                .append("<script>\n").append(assets.errorCaptureJs).append("\n</script>\n")
                .append("<style>\n").append(assets.uPlotCss).append("\n</style>\n")
                .append("<style>\n").append(assets.reportCss).append("\n</style>\n")
                .append("</head>\n<body>\n<main>\n");
        out.append("<header>\n<h1>loadtest capacity search</h1>\n<p class=\"target\"><code>").append(escape(target))
                .append("</code></p>\n");
        if (!answer.steps().isEmpty()) {
            LoadTest t = answer.steps().get(0).result().test().unsharded();
            out.append("<p class=\"run\">").append(t.clients()).append(t.clients() == 1 ? " client, " : " clients, ")
                    .append(t.streams()).append(t.streams() == 1 ? " stream" : " streams").append(" each; steps of ")
                    .append(escape(DurationFormat.setting(t.warmUp()))).append(" warm-up + ")
                    .append(escape(t.duration().map(DurationFormat::setting).orElse("a count of requests")))
                    .append(", open model</p>\n");
        }
        out.append("<p class=\"verdict-line\"><span class=\"verdict verdict-")
                .append(answer.capacity().isPresent() ? "ok" : "errors").append("\" id=\"conclusion\">")
                .append(escape(answer.conclusion().label())).append("</span></p>\n<pre id=\"answer\" style=\"white-space: pre-wrap\">")
                .append(escape(answer.summary())).append("</pre>\n</header>\n");
        out.append("<section id=\"hockey-stick\">\n<h2>Response time against rate</h2>\n")
                .append("<p>Each point is a step: its response time percentiles (from the due time, corrected for "
                        + "coordinated omission) at its offered rate. Dashed: the objective's limits.</p>\n")
                .append("<div id=\"chart-capacity\" class=\"chart\"></div>\n</section>\n");
        steps(answer, out);
        out.append("<footer>Made by loadtest. Chart drawn with uPlot ").append(escape(assets.uPlotVersion))
                .append(" (MIT licence), inlined: this file needs no network.</footer>\n</main>\n")
                .append("<div id=\"report-status\" hidden></div>\n")
                .append("<script type=\"application/json\" id=\"capacity-data\">").append(data(answer))
                .append("</script>\n<script>\n/*! uPlot ").append(escape(assets.uPlotVersion)).append(", its licence:\n")
                .append(assets.uPlotLicense).append("*/\n").append(assets.uPlotJs).append("\n</script>\n")
                .append("<script>\n").append(assets.capacityJs).append("\n</script>\n")
                .append("</body>\n</html>\n");
        return out.toString();
    }

    private static void steps(CapacityAnswer answer, StringBuilder out) {
        out.append("<section id=\"steps\">\n<h2>Steps</h2>\n<table class=\"steps\">\n<thead><tr><th>step</th>"
                + "<th>phase</th><th>offered req/s</th><th>achieved req/s</th><th>p50</th><th>p99</th>"
                + "<th>service time p50</th><th>failed</th><th>verdict</th><th>outcome</th><th>why</th></tr></thead>\n"
                + "<tbody>\n");
        for (CapacityStep s : answer.steps()) {
            Result r = s.result();
            LatencyHistogram rt = r.responseTime();
            out.append("<tr class=\"outcome-").append(escape(s.outcome().label())).append("\"><td>").append(s.number())
                    .append("</td><td>").append(escape(s.phase().label())).append("</td><td>")
                    .append(escape(Text.real(s.rate()))).append("</td><td>")
                    .append(escape(Text.real(r.rate().map(x -> x.achieved()).orElse(r.requestsPerSecond()))))
                    .append("</td><td>").append(rt.isEmpty() ? "-" : escape(DurationFormat.fixed(rt.percentile(50))))
                    .append("</td><td>").append(rt.isEmpty() ? "-" : escape(DurationFormat.fixed(rt.percentile(99))))
                    .append("</td><td>").append(r.serviceTime().isEmpty() ? "-"
                            : escape(DurationFormat.fixed(r.serviceTime().percentile(50))))
                    .append("</td><td>").append(Text.count(r.requests().failed())).append("</td><td>")
                    .append(escape(r.verdict().label())).append("</td><td>").append(escape(s.outcome().label()))
                    .append("</td><td>").append(escape(s.reason())).append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }

    /** The chart's data: rates ascending, a series per percentile (ms), the objective's limits (ms). */
    static String data(CapacityAnswer answer) {
        Map<Double, CapacityStep> byRate = new TreeMap<>();
        for (CapacityStep s : answer.steps()) {
            if (s.outcome() != CapacityStep.Outcome.STOPPED && !s.result().responseTime().isEmpty()) {
                byRate.put(s.rate(), s);
            }
        }
        StringBuilder json = new StringBuilder("{\"rates\":[");
        List<String> outcomes = new ArrayList<>();
        String sep = "";
        for (Map.Entry<Double, CapacityStep> e : byRate.entrySet()) {
            json.append(sep).append(number(e.getKey()));
            outcomes.add("\"" + e.getValue().outcome().label() + "\"");
            sep = ",";
        }
        json.append("],\"outcomes\":[").append(String.join(",", outcomes)).append("],\"percentiles\":[");
        sep = "";
        for (double p : PERCENTILES) {
            json.append(sep).append("{\"name\":\"p").append(p == 99.9 ? "99.9" : Long.toString((long) p))
                    .append("\",\"ms\":[");
            String comma = "";
            for (CapacityStep s : byRate.values()) {
                json.append(comma).append(number(s.result().responseTime().percentile(p).toNanos() / 1e6));
                comma = ",";
            }
            json.append("]}");
            sep = ",";
        }
        json.append("],\"limits\":[");
        sep = "";
        for (Objective.LatencyLimit l : answer.objective().latencyLimits()) {
            json.append(sep).append("{\"name\":\"").append(l.name()).append(" limit\",\"ms\":")
                    .append(number(l.max().toNanos() / 1e6)).append('}');
            sep = ",";
        }
        json.append("]");
        answer.heldRate().ifPresent(h -> json.append(",\"held\":").append(number(h)));
        answer.failedRate().ifPresent(f -> json.append(",\"failed\":").append(number(f)));
        return json.append('}').toString();
    }

    private static String number(double v) {
        return Double.isFinite(v) ? new java.math.BigDecimal(v).round(new java.math.MathContext(6))
                .stripTrailingZeros().toPlainString() : "null";
    }
}
