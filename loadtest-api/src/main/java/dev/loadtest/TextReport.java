package dev.loadtest;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.GeneratorSaturation;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The text report, laid out as h2load's: its first lines word for word, then its latency rows
 * ({@code time for request:} ...) with min, max, mean, sd, +/- sd as h2load before 1.69 prints them and
 * median, p95, p99, p99.9 columns after them, then the error breakdown; for a scenario run, a table of its steps
 * with h2load's columns, its sessions and its token provider's requests. {@link Result#toString()} prints it;
 * the units it writes numbers in are here for a summary of your own that should read like it.
 *
 * <pre>{@code
 * Result r = LoadTest.target(uri).clients(10).requests(10_000).run();
 * String report = TextReport.format(r);                  // the same text as r.toString()
 * TextReport.bytes(149_996);                             // "146.48KB", 1024-based as h2load
 * TextReport.percent(0.9333);                            // "93.33%"
 * DurationFormat.fixed(r.responseTime().percentile(99)); // "12.09ms", the report's durations
 * }</pre>
 *
 * <p>Numbers use a dot and no grouping, whatever the default locale. The report's lines may gain figures in
 * later versions; parse the JSON result ({@code dev.loadtest.json.ResultJson}), not this text.
 */
public final class TextReport {

    private static final String ROW = "%-17s %10s  %10s  %10s  %10s  %9s  %10s  %10s  %10s  %10s";

    private TextReport() {
    }

    /** The report of a result, one line per figure, each line ended by the platform's line separator. */
    public static String format(Result r) {
        StringBuilder out = new StringBuilder();
        Requests q = r.requests();
        Traffic t = r.traffic();
        out.append(String.format(Locale.ROOT, "finished in %s, %.2f req/s, %s/s%n",
                DurationFormat.fixed(r.duration()), r.requestsPerSecond(), bytes(r.bytesPerSecond())));
        out.append(String.format(Locale.ROOT,
                "requests: %d total, %d started, %d done, %d succeeded, %d failed, %d errored, %d timeout%n",
                q.total(), q.started(), q.done(), q.succeeded(), q.failed(), q.errored(), q.timeout()));
        out.append(String.format(Locale.ROOT, "status codes: %d 2xx, %d 3xx, %d 4xx, %d 5xx%n",
                r.statusCodes().countOfClass(2), r.statusCodes().countOfClass(3),
                r.statusCodes().countOfClass(4), r.statusCodes().countOfClass(5)));
        out.append(String.format(Locale.ROOT,
                "traffic: %s (%d) total, %s (%d) headers (space savings %s), %s (%d) data%n",
                bytes(t.totalBytes()), t.totalBytes(), bytes(t.headerBytes()), t.headerBytes(),
                percent(t.headerSpaceSavings()), bytes(t.dataBytes()), t.dataBytes()));
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
                num(c.stdDev()), percent(c.withinStdDev()), num(c.median()), num(c.p95()), num(c.p99()), ""));
        out.append(String.format(Locale.ROOT, "protocol: %s, %s, %d connections opened%n", r.protocol(),
                connectionsHeld(r.test()), r.connections()));
        r.generator().ifPresent(g -> out.append(generator(g)).append(System.lineSeparator()));
        out.append("verdict: ").append(r.verdict().label());
        whyGeneratorSaturated(r).ifPresent(why -> out.append(" (").append(why).append(')'));
        out.append(System.lineSeparator());
        r.rate().ifPresent(rate -> {
            out.append(String.format(Locale.ROOT,
                    "rate: offered %.2f req/s, achieved %.2f req/s (%s), %d scheduled, %d dropped, %d late, "
                            + "%d waiting at the end%n",
                    rate.offered(), rate.achieved(), percent(rate.achievedRatio()), rate.scheduled(),
                    rate.dropped(), rate.late(), rate.backlogAtEnd()));
            out.append(String.format(Locale.ROOT, "scheduler lag: p50 %s, p99 %s, max %s%n",
                    DurationFormat.fixed(rate.schedulerLag().median()),
                    DurationFormat.fixed(rate.schedulerLag().percentile(99)),
                    DurationFormat.fixed(rate.schedulerLag().max())));
            out.append("response time counts from each request's due time (corrected for coordinated omission); "
                    + "time for request from its send").append(System.lineSeparator());
        });
        // part of the verdict's explanation, on its own line: a verdict of ok can still have measured a start-up
        StartupBurst.of(r).ifPresent(burst -> out.append("start-up burst: ").append(burst.explanation())
                .append(System.lineSeparator()));
        r.tls().ifPresent(tls -> out.append("TLS: ").append(tls).append(System.lineSeparator()));
        if (r.test().insecureTrustAll()) {
            out.append("TLS: certificates NOT verified (insecureTrustAll)").append(System.lineSeparator());
        }
        r.test().seed().ifPresent(seed -> out.append(String.format(Locale.ROOT,
                "seed: %d (the same seed sends each client the same requests again)%n", seed)));
        if (!r.errors().isEmpty()) {
            out.append("errors:").append(System.lineSeparator());
            for (Map.Entry<ErrorCategory, ErrorCount> e : r.errors().entrySet()) {
                out.append(String.format(Locale.ROOT, "  %-28s %8d  %s%n", e.getKey().label() + ":",
                        e.getValue().count(), e.getValue().sampleMessage()));
                // the category's other distinct messages, under its first
                for (String message : e.getValue().messages()) {
                    if (!message.equals(e.getValue().sampleMessage())) {
                        out.append(String.format(Locale.ROOT, "  %-28s %8s  %s%n", "", "", message));
                    }
                }
            }
        }
        checks(out, r);
        ScenarioText.append(out, r);
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

    /**
     * The {@code checks:} block, only for a run with checks: one row per check, its failure rate and sample when
     * it failed. The failed responses of status 200-399 are also in the requests line's {@code failed}.
     */
    private static void checks(StringBuilder out, Result r) {
        if (r.checks().isEmpty()) {
            return;
        }
        out.append(String.format(Locale.ROOT, "checks: %d responses of status 200-399 failed a check%n",
                r.requests().checkFailed()));
        for (CheckResult c : r.checks()) {
            String line = String.format(Locale.ROOT, "  %-30s %10d passed %10d failed", c.name(), c.passed(),
                    c.failed());
            if (c.failed() > 0) {
                line += "  " + percent(c.failureRate()) + "  " + c.sample().map(Object::toString).orElse("");
            }
            out.append(line.stripTrailing()).append(System.lineSeparator());
        }
    }

    /** h2load's byte sizes, 1024-based: {@code 512B}, {@code 146.48KB}, {@code 1.12MB}. */
    public static String bytes(double bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int unit = 0;
        while (bytes >= 1024 && unit < units.length - 1) {
            bytes /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0fB", bytes)
                : String.format(Locale.ROOT, "%.2f%s", bytes, units[unit]);
    }

    /** A fraction as a percentage with two decimals: {@code 0.9333} is {@code 93.33%}. */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", fraction * 100);
    }

    private static void latencyRow(StringBuilder out, String label, LatencyHistogram h) {
        out.append(row(label, DurationFormat.fixed(h.min()), DurationFormat.fixed(h.max()),
                DurationFormat.fixed(h.mean()), DurationFormat.fixed(h.stdDev()), percent(h.withinStdDev()),
                DurationFormat.fixed(h.median()), DurationFormat.fixed(h.percentile(95)),
                DurationFormat.fixed(h.percentile(99)), DurationFormat.fixed(h.percentile(99.9))));
    }

    /** One table row, without trailing blanks. */
    /**
     * The generator's own load in one line, {@code generator: cpu 87 % of 2 cores, heap 120.00MB (256.00MB
     * committed)}: the whole process's CPU over the time it covers, its heap at the highest seen.
     */
    public static String generator(GeneratorLoad g) {
        return String.format(Locale.ROOT, "generator: cpu %d %% of %d %s, heap %s (%s committed)",
                Math.round(100 * g.cpuShare()), g.cores(), g.cores() == 1 ? "core" : "cores",
                bytes(g.heapUsedBytes()), bytes(g.heapCommittedBytes()));
    }

    /**
     * Why a result's verdict is {@code generator-saturated}, as the verdict line says it: "the generator used
     * 1.94 of its 2 cores (97 %, the line is 90 %): the figures may be its limit, not the server's; give it more
     * cores, or run it on another machine", or the scheduler's lag in a rate-driven run. Empty for another
     * verdict.
     */
    public static Optional<String> whyGeneratorSaturated(Result r) {
        return GeneratorSaturation.why(r);
    }

    /**
     * The connections the run held: h2load's "N clients, M streams"; an open-model scenario run with a connection per
     * session holds one per session in flight, at most its backlog limit ({@link LoadTest#clients()}): "a connection
     * per session (at most N at once)".
     */
    public static String connectionsHeld(LoadTest t) {
        return t.connectionPerSession() ? "a connection per session (at most " + t.clients() + " at once)"
                : t.clients() + " clients, " + t.streams() + " streams";
    }

    private static String row(Object... cells) {
        return String.format(Locale.ROOT, ROW, cells).stripTrailing() + System.lineSeparator();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
