package dev.loadtest;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The text report's lines for a scenario run ({@link TextReport#format(Result)}): a table of its steps with
 * h2load's columns (requests, succeeded, failed, req/s, then min, max, mean, sd, median, p95, p99 of the step's
 * response time), a table of each step's traffic (what h2load's {@code traffic:} line says of a run: bytes
 * received, of which headers and data, and bytes sent), the sessions' line with where and why sessions failed,
 * and the token provider's line. Nothing for a run of single requests.
 *
 * <pre>
 * steps:       requests  succeeded   failed      req/s       min       max      mean        sd    median       p95       p99
 *   login           100        100        0      10.00     781us   33.78ms   10.93ms    8.37ms    7.99ms   26.72ms   30.28ms
 *   checkout        100         94        6       9.80     533us   34.87ms    8.70ms    8.29ms    5.19ms   30.00ms   34.87ms
 * step traffic:   received    headers       data       sent
 *   login          29.30KB     9.77KB    19.53KB    14.65KB
 *   checkout       29.30KB     9.77KB    19.53KB    34.18KB
 * sessions: 100 started, 92 completed, 6 failed, 2 unfinished; duration p50 7.70ms, p95 27.75ms, p99 37.26ms
 *   failed at checkout: 6 (status 503; Connection reset by peer)
 * token: 3 requests, 3 succeeded, 0 failed; time for request p50 7.95ms, p99 31.44ms, max 31.44ms (not in the figures above)
 * </pre>
 */
final class ScenarioText {

    private static final String[] HEADS = {"requests", "succeeded", "failed", "req/s", "min", "max", "mean", "sd",
        "median", "p95", "p99"};
    private static final String[] TRAFFIC_HEADS = {"received", "headers", "data", "sent"};
    /** The widest a step's name column gets (here and in {@link ComparisonText}'s steps). */
    static final int NAME_WIDTH_MAX = 40;

    private ScenarioText() {
    }

    static void append(StringBuilder out, Result r) {
        steps(out, r.steps(), r.duration());
        r.sessions().ifPresent(s -> sessions(out, s));
        r.tokenRequests().ifPresent(t -> token(out, t));
    }

    private static void steps(StringBuilder out, List<StepResult> steps, Duration duration) {
        if (steps.isEmpty()) {
            return;
        }
        int nameWidth = "steps:".length() - 2;
        for (StepResult s : steps) {
            nameWidth = Math.max(nameWidth, Math.min(NAME_WIDTH_MAX, s.name().length()));
        }
        String format = "%-" + (nameWidth + 2) + "s %9s %10s %8s %10s" + " %9s".repeat(7);
        out.append(row(format, "steps:", (Object[]) HEADS));
        double seconds = duration.toNanos() / 1e9;
        for (StepResult s : steps) {
            Requests q = s.requests();
            LatencyHistogram h = s.responseTime();
            out.append(row(format, "  " + shortened(s.name()), q.total(), q.succeeded(), q.failed(),
                    String.format(Locale.ROOT, "%.2f", seconds > 0 ? q.responded() / seconds : 0),
                    DurationFormat.fixed(h.min()), DurationFormat.fixed(h.max()), DurationFormat.fixed(h.mean()),
                    DurationFormat.fixed(h.stdDev()), DurationFormat.fixed(h.median()),
                    DurationFormat.fixed(h.percentile(95)), DurationFormat.fixed(h.percentile(99))));
        }
        // the step's share of the run's traffic line, sent bytes beside (the JSON has the exact counts)
        int trafficNameWidth = Math.max(nameWidth, "step traffic:".length() - 2);
        String trafficFormat = "%-" + (trafficNameWidth + 2) + "s" + " %10s".repeat(TRAFFIC_HEADS.length);
        out.append(row(trafficFormat, "step traffic:", (Object[]) TRAFFIC_HEADS));
        for (StepResult s : steps) {
            Traffic t = s.traffic();
            out.append(row(trafficFormat, "  " + shortened(s.name()), TextReport.bytes(t.totalBytes()),
                    TextReport.bytes(t.headerBytes()), TextReport.bytes(t.dataBytes()),
                    TextReport.bytes(t.sentBytes())));
        }
    }

    private static void sessions(StringBuilder out, Sessions s) {
        out.append(String.format(Locale.ROOT, "sessions: %d started, %d completed, %d failed, %d unfinished",
                s.started(), s.completed(), s.failed(), s.unfinished()));
        if (!s.duration().isEmpty()) {
            out.append(String.format(Locale.ROOT, "; duration p50 %s, p95 %s, p99 %s",
                    DurationFormat.fixed(s.duration().median()), DurationFormat.fixed(s.duration().percentile(95)),
                    DurationFormat.fixed(s.duration().percentile(99))));
        }
        out.append(System.lineSeparator());
        for (Map.Entry<String, Long> at : s.failedAt().entrySet()) {
            StringJoiner reasons = new StringJoiner("; ", " (", ")").setEmptyValue("");
            s.failureReasons().getOrDefault(at.getKey(), List.of()).forEach(reasons::add);
            out.append("  failed at ").append(at.getKey()).append(": ").append(at.getValue()).append(reasons)
                    .append(System.lineSeparator());
        }
    }

    private static void token(StringBuilder out, StepResult t) {
        Requests q = t.requests();
        out.append(String.format(Locale.ROOT, "token: %d requests, %d succeeded, %d failed", q.done(), q.succeeded(),
                q.failed()));
        LatencyHistogram h = t.serviceTime();
        if (!h.isEmpty()) {
            out.append(String.format(Locale.ROOT, "; time for request p50 %s, p99 %s, max %s",
                    DurationFormat.fixed(h.median()), DurationFormat.fixed(h.percentile(99)),
                    DurationFormat.fixed(h.max())));
        }
        out.append(" (not in the figures above)").append(System.lineSeparator());
        t.errors().forEach((category, count) -> out.append(String.format(Locale.ROOT, "  %-28s %8d  %s%n",
                category.label() + ":", count.count(), count.sampleMessage())));
    }

    /** A long name cut to the column, marked by an ellipsis. */
    static String shortened(String name) {
        return name.length() <= NAME_WIDTH_MAX ? name : name.substring(0, NAME_WIDTH_MAX - 1) + "…";
    }

    private static String row(String format, Object first, Object... cells) {
        Object[] all = new Object[cells.length + 1];
        all[0] = first;
        System.arraycopy(cells, 0, all, 1, cells.length);
        return String.format(Locale.ROOT, format, all).stripTrailing() + System.lineSeparator();
    }
}
