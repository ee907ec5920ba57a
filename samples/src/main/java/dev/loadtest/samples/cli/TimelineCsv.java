package dev.loadtest.samples.cli;

import dev.loadtest.Interval;
import dev.loadtest.LatencySummary;
import dev.loadtest.Result;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code --csv}: the run's timeline, one row per interval (RFC 4180, comma-separated, a header row).
 * Times in microseconds as in the JSON format; status codes counted by class; the latencies named as everywhere
 * ({@code responseTime...}, {@code serviceTime...}; before 0.2 {@code response...}, {@code service...}); last,
 * {@code checkFailed}: the interval's responses of status 200-399 that failed a response check (a column added
 * at the end, so that readers by position go on working).
 */
final class TimelineCsv {

    /** The header row's columns, in order. */
    static final List<String> COLUMNS = List.of("startMicros", "lengthMicros", "started", "done", "errored",
            "requestsPerSecond", "bytes", "status1xx", "status2xx", "status3xx", "status4xx", "status5xx",
            "responseTimeCount", "responseTimeMinMicros", "responseTimeMeanMicros", "responseTimeP50Micros",
            "responseTimeP90Micros", "responseTimeP99Micros", "responseTimeP999Micros", "responseTimeMaxMicros",
            "serviceTimeCount", "serviceTimeMinMicros", "serviceTimeMeanMicros", "serviceTimeP50Micros",
            "serviceTimeP90Micros", "serviceTimeP99Micros", "serviceTimeP999Micros", "serviceTimeMaxMicros",
            "checkFailed");

    private TimelineCsv() {
    }

    static void write(Result result, Writer out) throws IOException {
        out.write(String.join(",", COLUMNS));
        out.write("\r\n");
        for (Interval i : result.intervals()) {
            StringBuilder row = new StringBuilder();
            row.append(micros(i.start())).append(',').append(micros(i.length())).append(',')
                    .append(i.started()).append(',').append(i.done()).append(',').append(i.errored()).append(',')
                    .append(String.format(Locale.ROOT, "%.3f", i.requestsPerSecond())).append(',').append(i.bytes());
            for (int statusClass = 1; statusClass <= 5; statusClass++) {
                row.append(',').append(i.statusCodes().countOfClass(statusClass));
            }
            summary(row, i.responseTime());
            summary(row, i.serviceTime());
            row.append(',').append(i.checkFailed());
            out.write(row.append("\r\n").toString());
        }
    }

    private static void summary(StringBuilder row, LatencySummary s) {
        row.append(',').append(s.count());
        for (Duration d : List.of(s.min(), s.mean(), s.p50(), s.p90(), s.p99(), s.p999(), s.max())) {
            row.append(',').append(micros(d));
        }
    }

    private static String micros(Duration d) {
        return BigDecimal.valueOf(d.toNanos(), 3).stripTrailingZeros().toPlainString();
    }
}
