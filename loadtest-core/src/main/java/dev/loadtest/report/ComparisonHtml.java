package dev.loadtest.report;

import static dev.loadtest.report.Text.escape;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.ComparisonText;
import dev.loadtest.Figure;
import dev.loadtest.FigureChange;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import dev.loadtest.StepComparison;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A {@link Comparison} as one self-contained HTML page: the verdict, each figure's change with its
 * interval and tolerance, each step's changes for scenario runs, the baseline's and the candidate's response
 * time distributions overlaid by percentile, and every run's intervals over time (p99 and req/s), so the spread
 * the interval came from is visible. uPlot and the report's style sheet are inlined from {@link Assets}; nothing is fetched.
 *
 * <pre>{@code
 * ComparisonHtml.write(Results.compare(baseline, candidate), Path.of("compare.html"));
 * }</pre>
 */
public final class ComparisonHtml {

    private static final JsonFactory JSON = new JsonFactory();

    private ComparisonHtml() {
    }

    /**
     * Writes the page (UTF-8), creating parent directories and replacing the file.
     *
     * @throws IOException if the file cannot be written
     */
    public static void write(Comparison comparison, Path file) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        String html = render(comparison);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    /**
     * The page as text.
     *
     * @throws IllegalStateException if the uPlot webjar is not on the class path
     */
    public static String render(Comparison c) {
        Objects.requireNonNull(c, "comparison must not be null");
        Assets assets = Assets.get();
        StringBuilder out = new StringBuilder(64 * 1024);
        ChangeVerdict v = c.verdict();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(Assets.CSP).append("\">\n")
                .append("<title>loadtest comparison: ").append(v).append("</title>\n")
                .append("<script>\n").append(assets.errorCaptureJs).append("\n</script>\n")
                .append("<style>\n").append(assets.uPlotCss).append("\n</style>\n")
                .append("<style>\n").append(assets.reportCss).append("\n.verdict-improved, .verdict-unchanged "
                        + "{ background: var(--ok); } .verdict-regressed { background: var(--bad); } "
                        + ".verdict-inconclusive { background: var(--warn); }\n</style>\n")
                .append("</head>\n<body>\n<main>\n<header>\n<h1>loadtest comparison</h1>\n");
        out.append("<p class=\"target\">baseline <code>").append(escape(targets(c.baselines().get(0))))
                .append("</code>, candidate <code>").append(escape(targets(c.candidates().get(0))))
                .append("</code></p>\n<p class=\"run\">").append(escape(ComparisonText.method(c))).append("</p>\n");
        out.append("<p class=\"verdict-line\"><span class=\"verdict verdict-")
                .append(v.name().toLowerCase(java.util.Locale.ROOT)).append("\" id=\"verdict\">").append(v)
                .append("</span></p>\n</header>\n");
        figures(c, out);
        steps(c, out);
        out.append("<section id=\"percentiles\">\n<h2>Response time by percentile</h2>\n<p class=\"note\">All baseline "
                + "runs pooled (blue) against all candidate runs pooled (red).</p>\n"
                + "<div class=\"chart\" id=\"chart-percentiles\" role=\"img\" aria-label=\"response time by percentile, "
                + "baseline and candidate\"></div>\n</section>\n");
        out.append("<section id=\"intervals\">\n<h2>The runs' intervals</h2>\n<p class=\"note\">Each run's "
                + "intervals, baseline runs dashed blue, candidate runs red: the interval of each change is "
                + "estimated from how these vary.</p>\n<h3>p99 response time per interval</h3>\n"
                + "<div class=\"chart\" id=\"chart-p99\" role=\"img\" aria-label=\"p99 per interval\"></div>\n"
                + "<h3>req/s per interval</h3>\n<div class=\"chart\" id=\"chart-rps\" role=\"img\" "
                + "aria-label=\"requests per second per interval\"></div>\n</section>\n");
        out.append("<footer>Made by loadtest. Charts drawn with uPlot ").append(escape(assets.uPlotVersion))
                .append(" (MIT licence), inlined.</footer>\n</main>\n<div id=\"report-status\" hidden></div>\n");
        out.append("<script type=\"application/json\" id=\"compare-data\">").append(data(c)).append("</script>\n");
        out.append("<script>\n/*! uPlot ").append(escape(assets.uPlotVersion)).append(", its licence:\n")
                .append(assets.uPlotLicense).append("*/\n").append(assets.uPlotJs).append("\n</script>\n");
        out.append("<script>\n").append(assets.compareJs).append("\n</script>\n</body>\n</html>\n");
        return out.toString();
    }

    private static void figures(Comparison c, StringBuilder out) {
        out.append("<section id=\"figures\">\n<h2>Figures</h2>\n<div class=\"scroll\">\n<table class=\"figures\">\n"
                + "<thead><tr><th scope=\"col\">figure</th><th scope=\"col\">baseline</th><th scope=\"col\">candidate"
                + "</th><th scope=\"col\">change</th><th scope=\"col\">").append(java.math.BigDecimal.valueOf(c.figureConfidence() * 100)
                .setScale(2, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString())
                .append(" % interval</th><th scope=\"col\">tolerance</th><th scope=\"col\">verdict</th></tr></thead>\n<tbody>\n");
        for (FigureChange f : c.figures()) {
            out.append("<tr id=\"figure-").append(escape(f.figure().label().replace('.', '-'))).append("\"><th scope=\"row\">")
                    .append(escape(f.figure().label())).append("</th><td>")
                    .append(escape(ComparisonText.value(f.figure(), f.baseline()))).append("</td><td>")
                    .append(escape(ComparisonText.value(f.figure(), f.candidate()))).append("</td><td>")
                    .append(escape(ComparisonText.change(f.figure(), f.change()))).append("</td><td>")
                    .append(escape(ComparisonText.interval(f))).append("</td><td>")
                    .append(escape(f.tolerance().text())).append("</td><td><span class=\"verdict verdict-")
                    .append(f.verdict().name().toLowerCase(java.util.Locale.ROOT)).append("\">").append(f.verdict())
                    .append("</span>").append(f.gated() ? "" : " not gated").append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</div>\n");
        for (FigureChange f : c.figures()) {
            if (!f.decidedBy().isEmpty()) {
                out.append("<p class=\"note\">").append(escape(f.figure().label())).append(" is inconclusive; to "
                        + "decide it: ").append(escape(f.decidedBy())).append("</p>\n");
            }
        }
        out.append("</section>\n");
    }

    /**
     * For scenario runs, a row per step with each figure's change (its two values in the cell's title), marked
     * where worse than the figure's tolerance; a step one side did not run says which side ran it.
     */
    private static void steps(Comparison c, StringBuilder out) {
        if (c.steps().isEmpty()) {
            return;
        }
        out.append("<section id=\"steps\">\n<h2>Steps</h2>\n<p class=\"note\">Each step's change, baseline to "
                + "candidate, all runs of a side pooled. Point values without an interval: the runs' intervals are "
                + "the whole run's, not a step's, so a step's change is not in the verdict. <strong>Bold</strong>: "
                + "worse than the figure's tolerance.</p>\n<div class=\"scroll\">\n<table class=\"figures\" "
                + "id=\"step-changes\">\n<thead><tr><th scope=\"col\">step</th>");
        for (Figure f : Figure.values()) {
            out.append("<th scope=\"col\">").append(escape(f.label())).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (StepComparison s : c.steps()) {
            out.append("<tr><th scope=\"row\">").append(escape(s.name())).append("</th>");
            if (!s.inBoth()) {
                out.append("<td colspan=\"").append(Figure.values().length).append("\" class=\"one-side\">")
                        .append(s.inBaseline() ? "in the baseline only" : "in the candidate only").append("</td>");
            } else {
                for (StepComparison.Change f : s.figures()) {
                    String change = escape(ComparisonText.change(f.figure(), f.change()));
                    boolean worse = f.isWorseThan(c.options().toleranceOf(f.figure()));
                    out.append("<td title=\"").append(escape(ComparisonText.value(f.figure(), f.baseline())))
                            .append(" \u2192 ").append(escape(ComparisonText.value(f.figure(), f.candidate())))
                            .append("\">").append(worse ? "<strong>" + change + "</strong>" : change).append("</td>");
                }
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</div>\n</section>\n");
    }

    private static String targets(Result r) {
        return String.join(", ", Redaction.display(r.test().targets()));
    }

    /** The charts' numbers: latencies in milliseconds, times in seconds. No text from the results. */
    static String data(Comparison c) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.writeStartObject();
            g.writeNumberField("expectedCharts", 3);
            LatencyHistogram base = pooled(c.baselines());
            LatencyHistogram cand = pooled(c.candidates());
            g.writeObjectFieldStart("percentiles");
            long count = Math.max(10, Math.max(base.count(), cand.count()));
            List<Double> xs = new ArrayList<>();
            for (double x = 1; x <= count; x *= Math.pow(10, 0.05)) {
                xs.add(x);
            }
            g.writeArrayFieldStart("x");
            for (double x : xs) {
                g.writeNumber(x);
            }
            g.writeEndArray();
            percentileSeries(g, "baseline", base, xs);
            percentileSeries(g, "candidate", cand, xs);
            g.writeEndObject();
            timeline(g, c);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString().replace("<", "\\u003c");
    }

    private static void percentileSeries(JsonGenerator g, String name, LatencyHistogram h, List<Double> xs)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (double x : xs) {
            if (h.isEmpty()) {
                g.writeNull();
            } else {
                g.writeNumber(h.percentile(Math.min(100, 100 * (1 - 1 / x))).toNanos() / 1e6);
            }
        }
        g.writeEndArray();
    }

    private static void timeline(JsonGenerator g, Comparison c) throws IOException {
        TreeSet<Double> ends = new TreeSet<>();
        List<Result> runs = new ArrayList<>(c.baselines());
        runs.addAll(c.candidates());
        for (Result r : runs) {
            for (Interval i : r.intervals()) {
                ends.add(seconds(i));
            }
        }
        List<Double> t = new ArrayList<>(ends);
        g.writeObjectFieldStart("timeline");
        g.writeArrayFieldStart("t");
        for (double x : t) {
            g.writeNumber(x);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("runs");
        for (int k = 0; k < runs.size(); k++) {
            boolean baseline = k < c.baselines().size();
            int n = baseline ? k + 1 : k - c.baselines().size() + 1;
            Result r = runs.get(k);
            g.writeStartObject();
            g.writeStringField("side", baseline ? "baseline" : "candidate");
            int size = baseline ? c.baselines().size() : c.candidates().size();
            g.writeStringField("label", (baseline ? "baseline" : "candidate") + (size > 1 ? " " + n : ""));
            g.writeArrayFieldStart("p99");
            for (double x : t) {
                Interval i = at(r, x);
                if (i == null || i.responseTime().count() == 0) {
                    g.writeNull();
                } else {
                    g.writeNumber(i.responseTime().p99().toNanos() / 1e6);
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rps");
            for (double x : t) {
                Interval i = at(r, x);
                if (i == null) {
                    g.writeNull();
                } else {
                    g.writeNumber(i.requestsPerSecond());
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static Interval at(Result r, double end) {
        for (Interval i : r.intervals()) {
            if (seconds(i) == end) {
                return i;
            }
        }
        return null;
    }

    private static double seconds(Interval i) {
        return Math.round(i.start().plus(i.length()).toNanos() / 1e6) / 1e3;
    }

    private static LatencyHistogram pooled(List<Result> runs) {
        LatencyHistogram sum = LatencyHistogram.EMPTY;
        for (Result r : runs) {
            sum = sum.plus(r.responseTime());
        }
        return sum;
    }
}
