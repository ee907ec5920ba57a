package dev.loadtest.report;

import static dev.loadtest.report.Text.escape;

import dev.loadtest.DurationFormat;
import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Header;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LimitCheck;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Redaction;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.TextReport;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One rendering of {@link HtmlReport}: the page built up section by section; all text from the result and the
 * gates is escaped. Its own file so that the public entry points stay small; it is long because the page has
 * many sections, each a short method.
 */
final class HtmlPage {
    private final Result r;
    private final List<LimitCheck> gates;
    private final Assets assets;
    private final StringBuilder out = new StringBuilder(96 * 1024);

    HtmlPage(Result r, List<LimitCheck> gates, Assets assets) {
        this.r = r;
        this.gates = List.copyOf(gates);
        this.assets = assets;
    }

    String render() {
        LoadTest test = r.test();
        String title = "loadtest: " + test.method() + " " + Redaction.display(test.targets().get(0))
                + (test.targets().size() > 1 ? " (+" + (test.targets().size() - 1) + ")" : "");
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                // nothing may be fetched: the page is self-contained, and a browser enforces it
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(Assets.CSP).append("\">\n")
                .append("<meta name=\"generator\" content=\"loadtest HtmlReport\">\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                // first of all, so that errors anywhere on the page are recorded and shown
                .append("<script>\n").append(assets.errorCaptureJs).append("\n</script>\n")
                .append("<style>\n").append(assets.uPlotCss).append("\n</style>\n")
                .append("<style>\n").append(assets.reportCss).append("\n</style>\n")
                .append("</head>\n<body>\n<main>\n");
        header();
        gates();
        keyFigures();
        summary();
        latency();
        StepsHtml.append(out, r);
        timeline();
        errors();
        ChecksHtml.append(out, r);
        configuration();
        out.append("<footer>Made by loadtest. Charts drawn with uPlot ").append(escape(assets.uPlotVersion))
                .append(" (MIT licence), inlined: this file needs no network.</footer>\n");
        out.append("</main>\n");
        out.append("<div id=\"report-status\" hidden></div>\n");
        out.append("<script type=\"application/json\" id=\"report-data\">")
                .append(ChartData.json(r)).append("</script>\n");
        out.append("<script>\n/*! uPlot ").append(escape(assets.uPlotVersion)).append(", its licence:\n")
                .append(assets.uPlotLicense).append("*/\n").append(assets.uPlotJs).append("\n</script>\n");
        out.append("<script>\n").append(assets.reportJs).append("\n</script>\n");
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private void header() {
        LoadTest test = r.test();
        out.append("<header>\n<h1>loadtest report</h1>\n<p class=\"target\">")
                .append(escape(test.method())).append(' ');
        StringJoiner targets = new StringJoiner(", ");
        for (URI uri : test.targets()) {
            targets.add("<code>" + escape(Redaction.display(uri)) + "</code>");
        }
        out.append(targets).append("</p>\n<p class=\"run\">")
                .append(escape(r.protocol())).append(", ");
        if (test.connectionPerSession()) {
            out.append("a connection per session, at most ").append(Text.count(test.clients())).append(" at once");
        } else {
            out.append(Text.count(test.clients())).append(test.clients() == 1 ? " client, " : " clients, ")
                    .append(Text.count(test.streams())).append(test.streams() == 1 ? " stream" : " streams")
                    .append(" each");
        }
        out.append(", measured for ").append(escape(DurationFormat.fixed(r.duration())));
        if (!test.warmUp().isZero()) {
            out.append(" after a warm-up of ").append(escape(DurationFormat.setting(test.warmUp())));
        }
        out.append(r.test().isRateDriven() ? ", open model (rate-driven)" : ", closed model").append("</p>\n");
        Verdict v = r.verdict();
        out.append("<p class=\"verdict-line\"><span class=\"verdict verdict-").append(escape(v.label()))
                .append("\" id=\"verdict\">").append(escape(v.label())).append("</span> ")
                .append(escape(explain(v))).append("</p>\n");
        TextReport.whyGeneratorSaturated(r).ifPresent(why ->
                out.append("<p class=\"warning\">").append(escape(why)).append("</p>\n"));
        r.generator().ifPresent(g ->
                out.append("<p class=\"run\">").append(escape(TextReport.generator(g))).append("</p>\n"));
        if (r.stopped()) {
            out.append("<p class=\"warning\">The run was stopped before its end: the figures are partial.</p>\n");
        }
        // part of the verdict's explanation: a verdict of ok can still have measured a start-up
        dev.loadtest.StartupBurst.of(r).ifPresent(burst -> out.append("<p class=\"warning\" id=\"startup-burst\">")
                .append("Start-up burst: ").append(escape(burst.explanation())).append(".</p>\n"));
        if (test.insecureTrustAll()) {
            out.append("<p class=\"warning\">TLS certificates were NOT verified (insecureTrustAll).</p>\n");
        }
        out.append("</header>\n");
    }

    /**
     * The gates (or a JUnit test's budgets) checked against the run, right under the verdict because in CI
     * they decide: each with its metric, the requirement, the actual value and whether it was kept.
     */
    private void gates() {
        if (gates.isEmpty()) {
            return;
        }
        long breached = gates.stream().filter(g -> !g.met()).count();
        out.append("<section id=\"gates\">\n<h2>Gates</h2>\n<p class=\"gates-summary\">");
        if (breached == 0) {
            out.append(gates.size() == 1 ? "The gate was kept." : "All " + gates.size() + " gates were kept.");
        } else {
            out.append("<span class=\"verdict verdict-breached\">breached</span> ")
                    .append(breached).append(" of ").append(gates.size())
                    .append(gates.size() == 1 ? " gate." : " gates.");
        }
        out.append("</p>\n<table class=\"gates\">\n<thead><tr><th scope=\"col\">gate</th>"
                + "<th scope=\"col\">required</th><th scope=\"col\">actual</th><th scope=\"col\">result</th>"
                + "</tr></thead>\n<tbody>\n");
        for (LimitCheck g : gates) {
            String result = g.met() ? "pass" : "fail";
            out.append("<tr class=\"gate-").append(result).append("\"><th scope=\"row\">").append(escape(g.limit()))
                    .append("</th><td>").append(escape(g.required())).append("</td><td>").append(escape(g.actual()))
                    .append("</td><td class=\"gate-result\">").append(result).append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }

    private void keyFigures() {
        Requests q = r.requests();
        out.append("<section class=\"cards\" aria-label=\"key figures\">\n");
        card("req/s", Text.real(r.requestsPerSecond()), "responses per second");
        card("requests done", Text.count(q.done()), Text.count(q.succeeded()) + " succeeded");
        card("failed", Text.count(q.failed()),
                Double.isNaN(q.errorRate()) ? "of none ended" : TextReport.percent(q.errorRate()) + " of ended");
        LatencyHistogram response = r.responseTime();
        card("p99 response time", response.isEmpty() ? "n/a" : DurationFormat.fixed(response.percentile(99)),
                response.isEmpty() ? "no response" : "median " + DurationFormat.fixed(response.median()));
        card("received", TextReport.bytes(r.bytesPerSecond()) + "/s", TextReport.bytes(r.traffic().totalBytes()) + " in all");
        r.rate().ifPresent(rate -> card("achieved rate", TextReport.percent(rate.achievedRatio()),
                Text.real(rate.achieved()) + " of " + Text.real(rate.offered()) + " req/s"));
        out.append("</section>\n");
    }

    private void card(String label, String value, String note) {
        out.append("<div class=\"card\"><div class=\"card-label\">").append(escape(label))
                .append("</div><div class=\"card-value\">").append(escape(value))
                .append("</div><div class=\"card-note\">").append(escape(note)).append("</div></div>\n");
    }

    private void summary() {
        Requests q = r.requests();
        out.append("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"grid\">\n");
        table("Requests", new String[][] {
                {"finished in", DurationFormat.fixed(r.duration())},
                {"req/s", Text.real(r.requestsPerSecond())},
                {"total", Text.count(q.total())},
                {"started", Text.count(q.started())},
                {"done", Text.count(q.done())},
                {"succeeded", Text.count(q.succeeded())},
                {"failed", Text.count(q.failed())},
                {"errored", Text.count(q.errored())},
                {"timeout", Text.count(q.timeout())},
                {"not issued", Text.count(q.notIssued())},
                {"in flight at the end", Text.count(q.inFlightAtEnd())},
        }, "requests");
        StatusCodes s = r.statusCodes();
        List<String[]> statusRows = new ArrayList<>();
        for (int c = 2; c <= 5; c++) {
            statusRows.add(new String[] {c + "xx", Text.count(s.countOfClass(c))});
        }
        for (Map.Entry<Integer, Long> e : s.counts().entrySet()) {
            statusRows.add(new String[] {"status " + e.getKey(), Text.count(e.getValue())});
        }
        table("Status codes", statusRows.toArray(String[][]::new), "status-codes");
        Traffic t = r.traffic();
        table("Traffic", new String[][] {
                {"received", TextReport.bytes(t.totalBytes()) + " (" + Text.count(t.totalBytes()) + ")"},
                {"headers", TextReport.bytes(t.headerBytes()) + " (" + Text.count(t.headerBytes()) + ")"},
                {"space savings", TextReport.percent(t.headerSpaceSavings())},
                {"data", TextReport.bytes(t.dataBytes()) + " (" + Text.count(t.dataBytes()) + ")"},
                {"sent", TextReport.bytes(t.sentBytes()) + " (" + Text.count(t.sentBytes()) + ")"},
                {"received/s", TextReport.bytes(r.bytesPerSecond()) + "/s"},
                {"protocol", r.protocol() + r.tls().map(tls -> " over " + tls).orElse("")},
                {"connections opened", Text.count(r.connections())},
        }, "traffic");
        if (r.rate().isPresent()) {
            Rate rate = r.rate().get();
            table("Rate (open model)", new String[][] {
                    {"offered", Text.real(rate.offered()) + " req/s"},
                    {"achieved", Text.real(rate.achieved()) + " req/s"},
                    {"achieved / offered", TextReport.percent(rate.achievedRatio())},
                    {"scheduled", Text.count(rate.scheduled())},
                    {"dropped", Text.count(rate.dropped())},
                    {"sent late", Text.count(rate.late())},
                    {"backlog at the end", Text.count(rate.backlogAtEnd())},
                    {"scheduler lag p99", DurationFormat.fixed(rate.schedulerLag().percentile(99))},
                    {"scheduler lag max", DurationFormat.fixed(rate.schedulerLag().max())},
            }, "rate");
        }
        out.append("</div>\n</section>\n");
    }

    private void table(String caption, String[][] rows, String id) {
        out.append("<table class=\"kv\" id=\"").append(escape(id)).append("\">\n<caption>")
                .append(escape(caption)).append("</caption>\n<tbody>\n");
        for (String[] row : rows) {
            if (row[1].isEmpty()) {
                continue;
            }
            out.append("<tr><th scope=\"row\">").append(escape(row[0])).append("</th><td>")
                    .append(escape(row[1])).append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    private void latency() {
        boolean open = r.test().isRateDriven() || r.rate().isPresent();
        out.append("<section id=\"latency\">\n<h2>Latency</h2>\n<div class=\"scroll\">\n<table class=\"latency\">\n")
                .append("<thead><tr><th></th>");
        for (String col : new String[] {"min", "max", "mean", "sd", "+/- sd", "median", "p90", "p95", "p99",
                "p99.9", "count"}) {
            out.append("<th scope=\"col\">").append(escape(col)).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        latencyRow(open ? "response time (corrected)" : "response time", r.responseTime());
        latencyRow("service time", r.serviceTime());
        latencyRow("time for connect", r.connectTime());
        latencyRow("time to 1st byte", r.timeToFirstByte());
        Statistics c = r.clientRequestRates();
        out.append("<tr><th scope=\"row\">req/s per client</th>");
        for (String cell : new String[] {Text.real(c.min()), Text.real(c.max()), Text.real(c.mean()),
                Text.real(c.stdDev()), TextReport.percent(c.withinStdDev()), Text.real(c.median()), "",
                Text.real(c.p95()), Text.real(c.p99()), "", Text.count(c.count())}) {
            out.append("<td>").append(escape(cell)).append("</td>");
        }
        out.append("</tr>\n</tbody>\n</table>\n</div>\n");
        out.append(open
                ? "<p class=\"note\">Response time counts from when the schedule wanted each request sent "
                + "(corrected for coordinated omission, as wrk2); service time from when it was sent.</p>\n"
                : "<p class=\"note\">A closed-model run has no schedule: response time and service time are "
                + "the same measure, and their curves coincide.</p>\n");
        out.append("<h3>Latency by percentile</h3>\n");
        if (ChartData.hasPercentiles(r)) {
            out.append("<div class=\"chart\" id=\"chart-percentiles\" role=\"img\" aria-label=\"latency by "
                    + "percentile\"></div>\n");
        } else {
            out.append("<p class=\"no-data\" id=\"no-percentiles\">No latency was recorded: no request "
                    + "got a response.</p>\n");
        }
        out.append("</section>\n");
    }

    private void latencyRow(String label, LatencyHistogram h) {
        out.append("<tr><th scope=\"row\">").append(escape(label)).append("</th>");
        String[] cells = {DurationFormat.fixed(h.min()), DurationFormat.fixed(h.max()), DurationFormat.fixed(h.mean()),
                DurationFormat.fixed(h.stdDev()), TextReport.percent(h.withinStdDev()), DurationFormat.fixed(h.median()),
                DurationFormat.fixed(h.percentile(90)), DurationFormat.fixed(h.percentile(95)), DurationFormat.fixed(h.percentile(99)),
                DurationFormat.fixed(h.percentile(99.9)), Text.count(h.count())};
        for (String cell : cells) {
            out.append("<td>").append(escape(cell)).append("</td>");
        }
        out.append("</tr>\n");
    }

    private void timeline() {
        out.append("<section id=\"timeline\">\n<h2>Over time</h2>\n");
        if (!ChartData.hasTimeline(r)) {
            out.append("<p class=\"no-data\" id=\"no-timeline\">No timeline: this result has no intervals, "
                    + "so throughput, latency and status codes over time cannot be drawn.</p>\n</section>\n");
            return;
        }
        out.append("<p class=\"note\">One point per interval of ")
                .append(escape(DurationFormat.setting(r.intervals().get(0).length())))
                .append(", at its end, in seconds from the start of the measured phase. Click a legend entry "
                        + "to hide or show its line.</p>\n");
        out.append("<h3>Throughput</h3>\n<div class=\"chart\" id=\"chart-throughput\" role=\"img\" "
                + "aria-label=\"throughput over time\"></div>\n");
        out.append("<h3>Latency percentiles</h3>\n<div class=\"chart\" id=\"chart-latency\" role=\"img\" "
                + "aria-label=\"latency percentiles over time\"></div>\n");
        out.append("<h3>Status codes and errors</h3>\n<div class=\"chart\" id=\"chart-status\" role=\"img\" "
                + "aria-label=\"status codes and errors over time\"></div>\n");
        out.append("</section>\n");
    }

    private void errors() {
        out.append("<section id=\"errors\">\n<h2>Errors</h2>\n");
        if (r.errors().isEmpty()) {
            out.append("<p class=\"note\">No errors.</p>\n</section>\n");
            return;
        }
        out.append("<table class=\"errors\">\n<thead><tr><th scope=\"col\">category</th>"
                + "<th scope=\"col\">count</th><th scope=\"col\">sample message</th></tr></thead>\n<tbody>\n");
        for (Map.Entry<ErrorCategory, ErrorCount> e : r.errors().entrySet()) {
            out.append("<tr><th scope=\"row\">").append(escape(e.getKey().label())).append("</th><td>")
                    .append(escape(Text.count(e.getValue().count()))).append("</td><td><code>")
                    .append(escape(e.getValue().sampleMessage())).append("</code></td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }

    private void configuration() {
        LoadTest test = r.test();
        List<String[]> rows = new ArrayList<>();
        StringJoiner targets = new StringJoiner("\n");
        test.targets().forEach(uri -> targets.add(Redaction.display(uri)));
        rows.add(new String[] {test.targets().size() == 1 ? "target" : "targets (round robin)",
                targets.toString()});
        rows.add(new String[] {"method", test.method()});
        rows.add(new String[] {"protocol", test.protocol().name() + " (" + test.protocol().alpn()
                + "), spoke " + r.protocol()});
        rows.add(new String[] {test.connectionPerSession() ? "most connections at once (one per session)" : "clients",
                Text.count(test.clients())});
        rows.add(new String[] {"streams per client", Text.count(test.streams())});
        rows.add(new String[] {"threads", Text.count(test.threads())});
        test.requests().ifPresent(n -> rows.add(new String[] {"requests", Text.count(n)}));
        test.duration().ifPresent(d -> rows.add(new String[] {"duration", DurationFormat.setting(d)}));
        if (!test.warmUp().isZero()) {
            rows.add(new String[] {"warm-up", DurationFormat.setting(test.warmUp())});
        }
        if (test.isRateDriven()) {
            List<Stage> stages = test.stages();
            if (stages.isEmpty()) {
                test.rate().ifPresent(rate -> rows.add(new String[] {"rate", Text.rate(rate) + " req/s"}));
            } else {
                StringJoiner plan = new StringJoiner("\n");
                for (Stage s : stages) {
                    plan.add(s.fromRate() == s.toRate()
                            ? Text.rate(s.fromRate()) + " req/s for " + DurationFormat.setting(s.duration())
                            : Text.rate(s.fromRate()) + " \u2192 " + Text.rate(s.toRate()) + " req/s over "
                            + DurationFormat.setting(s.duration()));
                }
                rows.add(new String[] {stages.size() == 1 ? "rate" : "rate stages", plan.toString()});
            }
            rows.add(new String[] {"max backlog", Text.count(test.maxBacklog())});
        }
        rows.add(new String[] {"interval", DurationFormat.setting(test.interval())});
        if (!test.headers().isEmpty()) {
            StringJoiner headers = new StringJoiner("\n");
            for (Header h : test.headers()) {
                headers.add(h.toString());
            }
            rows.add(new String[] {"headers", headers.toString()});
        }
        rows.add(new String[] {"body", test.bodyLength() < 0 ? "none" : Text.count(test.bodyLength()) + " bytes"});
        rows.add(new String[] {"connect timeout", DurationFormat.setting(test.connectTimeout())});
        rows.add(new String[] {"request timeout", DurationFormat.setting(test.requestTimeout())});
        rows.add(new String[] {"keep-alive", test.keepAlive() ? "yes" : "no: a new connection per request"});
        if (test.isHttps()) {
            rows.add(new String[] {"TLS", test.insecureTrustAll() ? "certificates NOT verified"
                    : test.sslContext().isPresent() ? "the given SSLContext" : "the JDK's default trust"});
        }
        out.append("<section id=\"configuration\">\n<h2>Configuration</h2>\n<table class=\"kv config\">\n<tbody>\n");
        for (String[] row : rows) {
            out.append("<tr><th scope=\"row\">").append(escape(row[0])).append("</th><td>");
            String[] lines = row[1].split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                out.append(i > 0 ? "<br>" : "").append("<code>").append(escape(lines[i])).append("</code>");
            }
            out.append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }

    private static String explain(Verdict v) {
        return switch (v) {
            case OK -> "No request failed and, in a rate-driven run, the offered rate was achieved.";
            case ERRORS -> "Requests failed: statuses of 400 or more, resets, timeouts, or requests never issued.";
            case OVERLOADED -> "The server achieved less than 98 % of the offered rate.";
            case STALLED -> "No connection completed a second request.";
            case GENERATOR_SATURATED -> "The load generator was the limit (its scheduler fell behind, or it used "
                    + "the cores it can use): the figures may describe the generator rather than the server.";
        };
    }
}
