package dev.loadtest.internal.report;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Statistics;
import dev.loadtest.Traffic;
import java.util.Locale;
import java.util.Map;

/**
 * The text report, laid out as h2load's: its first lines word for word, then its latency rows
 * ({@code time for request:} ...) with min, max, mean, sd, +/- sd as h2load before 1.69 prints them and
 * median, p95, p99, p99.9 columns after them, then the error breakdown.
 */
public final class TextReport {

    private static final String ROW = "%-17s %10s  %10s  %10s  %10s  %9s  %10s  %10s  %10s  %10s";

    private TextReport() {
    }

    public static String format(Result r) {
        StringBuilder out = new StringBuilder();
        Requests q = r.requests();
        Traffic t = r.traffic();
        out.append(String.format(Locale.ROOT, "finished in %s, %.2f req/s, %s/s%n",
                Units.duration(r.duration()), r.requestsPerSecond(), Units.bytes(r.bytesPerSecond())));
        out.append(String.format(Locale.ROOT,
                "requests: %d total, %d started, %d done, %d succeeded, %d failed, %d errored, %d timeout%n",
                q.total(), q.started(), q.done(), q.succeeded(), q.failed(), q.errored(), q.timeout()));
        out.append(String.format(Locale.ROOT, "status codes: %d 2xx, %d 3xx, %d 4xx, %d 5xx%n",
                r.statusCodes().countOfClass(2), r.statusCodes().countOfClass(3),
                r.statusCodes().countOfClass(4), r.statusCodes().countOfClass(5)));
        out.append(String.format(Locale.ROOT,
                "traffic: %s (%d) total, %s (%d) headers (space savings %s), %s (%d) data%n",
                Units.bytes(t.totalBytes()), t.totalBytes(), Units.bytes(t.headerBytes()), t.headerBytes(),
                Units.percent(t.headerSpaceSavings()), Units.bytes(t.dataBytes()), t.dataBytes()));
        out.append(row("", "min", "max", "mean", "sd", "+/- sd",
                "median", "p95", "p99", "p99.9"));
        latencyRow(out, "time for request:", r.serviceTime());
        if (r.test().isRateDriven()) {
            latencyRow(out, "response time   :", r.responseTime());
        }
        latencyRow(out, "time for connect:", r.connectTime());
        latencyRow(out, "time to 1st byte:", r.timeToFirstByte());
        Statistics c = r.clientRequestRates();
        out.append(row("req/s           :", num(c.min()), num(c.max()), num(c.mean()),
                num(c.stdDev()), Units.percent(c.withinStdDev()), num(c.median()), num(c.p95()), num(c.p99()), ""));
        out.append(String.format(Locale.ROOT, "protocol: %s, %d clients, %d streams, %d connections opened%n",
                r.protocol(), r.test().clients(), r.test().streams(), r.connections()));
        out.append("verdict: ").append(r.verdict().label()).append(System.lineSeparator());
        r.rate().ifPresent(rate -> {
            out.append(String.format(Locale.ROOT,
                    "rate: offered %.2f req/s, achieved %.2f req/s (%s), %d scheduled, %d dropped, %d late, "
                            + "%d waiting at the end%n",
                    rate.offered(), rate.achieved(), Units.percent(rate.achievedRatio()), rate.scheduled(),
                    rate.dropped(), rate.late(), rate.backlogAtEnd()));
            out.append(String.format(Locale.ROOT, "scheduler lag: p50 %s, p99 %s, max %s%n",
                    Units.duration(rate.schedulerLag().median()), Units.duration(rate.schedulerLag().percentile(99)),
                    Units.duration(rate.schedulerLag().max())));
            out.append("response time counts from each request's due time (corrected for coordinated omission); "
                    + "time for request from its send").append(System.lineSeparator());
        });
        if (r.test().insecureTrustAll()) {
            out.append("TLS: certificates NOT verified (insecureTrustAll)").append(System.lineSeparator());
        }
        if (!r.errors().isEmpty()) {
            out.append("errors:").append(System.lineSeparator());
            for (Map.Entry<ErrorCategory, ErrorCount> e : r.errors().entrySet()) {
                out.append(String.format(Locale.ROOT, "  %-28s %8d  %s%n", e.getKey().label() + ":",
                        e.getValue().count(), e.getValue().sampleMessage()));
            }
        }
        if (q.retried() > 0) {
            out.append(String.format(Locale.ROOT,
                    "retried: %d (not processed by the server, sent again on a new connection; not failures)%n",
                    q.retried()));
        }
        if (q.notIssued() > 0 || q.inFlightAtEnd() > 0) {
            out.append(String.format(Locale.ROOT, "not issued: %d, in flight at the end: %d%n",
                    q.notIssued(), q.inFlightAtEnd()));
        }
        if (r.stopped()) {
            out.append("stopped before its end: the figures are partial").append(System.lineSeparator());
        }
        return out.toString();
    }

    private static void latencyRow(StringBuilder out, String label, LatencyHistogram h) {
        out.append(row(label, Units.duration(h.min()), Units.duration(h.max()),
                Units.duration(h.mean()), Units.duration(h.stdDev()), Units.percent(h.withinStdDev()),
                Units.duration(h.median()), Units.duration(h.percentile(95)), Units.duration(h.percentile(99)),
                Units.duration(h.percentile(99.9))));
    }

    /** One table row, without trailing blanks. */
    private static String row(Object... cells) {
        return String.format(Locale.ROOT, ROW, cells).stripTrailing() + System.lineSeparator();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
