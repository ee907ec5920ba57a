package dev.loadtest.report;

import static dev.loadtest.report.Text.escape;

import dev.loadtest.DurationFormat;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.TextReport;
import dev.loadtest.Traffic;
import java.util.List;
import java.util.Map;

/**
 * The run report's "Steps" section for a scenario run: a table of its steps with the text report's columns
 * (requests, succeeded, failed, req/s and the response time's figures), a table of each step's traffic (bytes
 * received, of which headers and data, and bytes sent, as the run's Traffic table), a chart of each step's
 * response time by percentile (drawn by report.js from {@link ChartData}'s {@code steps}), the sessions (how
 * they ended, where and why they failed, how long they took) and the token provider's own requests. Nothing for a run of single
 * requests. Apart from {@link HtmlReport}, which is long already; every text is escaped.
 */
final class StepsHtml {

    private static final String[] COLUMNS = {"requests", "succeeded", "failed", "req/s", "min", "median", "p95",
        "p99", "max"};

    private StepsHtml() {
    }

    static void append(StringBuilder out, Result r) {
        if (r.steps().isEmpty() && r.sessions().isEmpty() && r.tokenRequests().isEmpty()) {
            return;
        }
        out.append("<section id=\"steps\">\n<h2>Steps</h2>\n");
        if (!r.steps().isEmpty()) {
            out.append("<div class=\"scroll\">\n<table class=\"latency\" id=\"step-table\">\n<thead><tr><th></th>");
            for (String col : COLUMNS) {
                out.append("<th scope=\"col\">").append(col).append("</th>");
            }
            out.append("</tr></thead>\n<tbody>\n");
            double seconds = r.duration().toNanos() / 1e9;
            for (StepResult s : r.steps()) {
                row(out, s, seconds);
            }
            out.append("</tbody>\n</table>\n</div>\n<p class=\"note\">Latencies are each step's response time")
                    .append(r.test().isRateDriven() ? ", from when the step was due (the session's arrival, or the "
                            + "previous step's end and its pause), corrected for coordinated omission" : "")
                    .append(". The run's figures above are the sum of its steps'.</p>\n");
            traffic(out, r.steps());
            out.append("<h3>Response time by percentile, per step</h3>\n");
            if (ChartData.hasSteps(r)) {
                out.append("<div class=\"chart\" id=\"chart-steps\" role=\"img\" aria-label=\"response time by "
                        + "percentile of each step\"></div>\n");
            } else {
                out.append("<p class=\"no-data\" id=\"no-steps\">No step got a response.</p>\n");
            }
        }
        r.sessions().ifPresent(s -> sessions(out, s));
        r.tokenRequests().ifPresent(t -> token(out, t));
        out.append("</section>\n");
    }

    private static void row(StringBuilder out, StepResult s, double seconds) {
        Requests q = s.requests();
        LatencyHistogram h = s.responseTime();
        String[] cells = {Text.count(q.total()), Text.count(q.succeeded()), Text.count(q.failed()),
            Text.real(seconds > 0 ? q.responded() / seconds : 0), DurationFormat.fixed(h.min()),
            DurationFormat.fixed(h.median()), DurationFormat.fixed(h.percentile(95)),
            DurationFormat.fixed(h.percentile(99)), DurationFormat.fixed(h.max())};
        out.append("<tr class=\"step-").append(q.failed() == 0 ? "passed" : "failed").append("\"><th scope=\"row\">")
                .append(escape(s.name())).append("</th>");
        for (String cell : cells) {
            out.append("<td>").append(escape(cell)).append("</td>");
        }
        out.append("</tr>\n");
    }

    /** Each step's bytes both ways, in the run's Traffic table's units (and exactly, as a tooltip's). */
    private static void traffic(StringBuilder out, List<StepResult> steps) {
        out.append("<h3>Traffic per step</h3>\n<div class=\"scroll\">\n<table class=\"latency\" id=\"step-traffic\">\n"
                + "<thead><tr><th></th><th scope=\"col\">received</th><th scope=\"col\">headers</th>"
                + "<th scope=\"col\">data</th><th scope=\"col\">sent</th></tr></thead>\n<tbody>\n");
        for (StepResult s : steps) {
            Traffic t = s.traffic();
            out.append("<tr><th scope=\"row\">").append(escape(s.name())).append("</th>");
            for (long bytes : new long[] {t.totalBytes(), t.headerBytes(), t.dataBytes(), t.sentBytes()}) {
                out.append("<td title=\"").append(escape(Text.count(bytes))).append(" bytes\">")
                        .append(escape(TextReport.bytes(bytes))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</div>\n");
    }

    private static void sessions(StringBuilder out, Sessions s) {
        out.append("<h3>Sessions</h3>\n<table class=\"kv\" id=\"sessions\">\n<tbody>\n");
        kv(out, "started", Text.count(s.started()));
        kv(out, "completed", Text.count(s.completed()));
        kv(out, "failed", Text.count(s.failed()));
        kv(out, "unfinished at the end", Text.count(s.unfinished()));
        if (!s.duration().isEmpty()) {
            kv(out, "duration median", DurationFormat.fixed(s.duration().median()));
            kv(out, "duration p95", DurationFormat.fixed(s.duration().percentile(95)));
            kv(out, "duration p99", DurationFormat.fixed(s.duration().percentile(99)));
        }
        out.append("</tbody>\n</table>\n");
        if (s.failedAt().isEmpty()) {
            return;
        }
        out.append("<table class=\"errors\" id=\"session-failures\">\n<thead><tr><th scope=\"col\">failed at step</th>"
                + "<th scope=\"col\">sessions</th><th scope=\"col\">first reasons</th></tr></thead>\n<tbody>\n");
        for (Map.Entry<String, Long> at : s.failedAt().entrySet()) {
            out.append("<tr><th scope=\"row\">").append(escape(at.getKey())).append("</th><td>")
                    .append(escape(Text.count(at.getValue()))).append("</td><td>");
            List<String> reasons = s.failureReasons().getOrDefault(at.getKey(), List.of());
            for (int i = 0; i < reasons.size(); i++) {
                out.append(i > 0 ? "<br>" : "").append("<code>").append(escape(reasons.get(i))).append("</code>");
            }
            out.append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    private static void token(StringBuilder out, StepResult t) {
        Requests q = t.requests();
        LatencyHistogram h = t.serviceTime();
        out.append("<h3>Token requests</h3>\n<p class=\"note\" id=\"token\">")
                .append(escape(Text.count(q.done()))).append(" requests, ")
                .append(escape(Text.count(q.succeeded()))).append(" succeeded, ")
                .append(escape(Text.count(q.failed()))).append(" failed");
        if (!h.isEmpty()) {
            out.append("; time for request median ").append(escape(DurationFormat.fixed(h.median())))
                    .append(", p99 ").append(escape(DurationFormat.fixed(h.percentile(99))))
                    .append(", max ").append(escape(DurationFormat.fixed(h.max())));
        }
        out.append(". The token provider's requests are timed apart: they are in no step and not in the run's "
                + "figures.</p>\n");
        t.errors().forEach((category, count) -> out.append("<p class=\"warning\">")
                .append(escape(category.label())).append(": ").append(escape(Text.count(count.count())))
                .append(" <code>").append(escape(count.sampleMessage())).append("</code></p>\n"));
    }

    private static void kv(StringBuilder out, String name, String value) {
        out.append("<tr><th scope=\"row\">").append(escape(name)).append("</th><td>").append(escape(value))
                .append("</td></tr>\n");
    }
}
