package dev.loadtest.report;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A load test's result as one self-contained HTML page: the h2load figures in tables, the latency
 * percentile distribution (response time and service time on HdrHistogram's log percentile axis), the
 * timeline (throughput, latency percentiles, status codes and errors over time), a scenario run's steps (a table,
 * their response times by percentile, the sessions and the token requests) and, when given, the gates
 * checked against the run. The chart library (uPlot) and the data are inlined, so the file opens anywhere
 * without a network; a Content-Security-Policy forbids any fetch.
 *
 * <pre>{@code
 * Result result = LoadTest.target(uri).clients(10).duration(Duration.ofSeconds(30)).run();
 * HtmlReport.write(result, Path.of("report.html"));
 *
 * // with the limits a CI job checked, listed under the verdict with their required and actual values
 * LimitCheck p99 = LimitCheck.responseTime(result, 99, Duration.ofMillis(25));
 * HtmlReport.writeWithLimits(result, List.of(p99), Path.of("report.html"));
 * }</pre>
 *
 * <p>All text taken from the result and the gates (URIs, headers, error messages) is HTML-escaped; the
 * values of credential headers ({@code Authorization}, {@code Cookie}, and names with {@code token},
 * {@code secret}, {@code api-key}...) and of such query parameters are shown as {@code <redacted>}.
 * Rendering is thread-safe: the methods keep no state between calls.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * Writes the report of a result, without gates, to a file. Same as
     * {@code writeWithLimits(result, List.of(), file)}.
     *
     * @param result the run to report
     * @param file the HTML file to write (UTF-8); its parent directories are created, an existing file replaced
     * @throws IOException if the file cannot be written
     */
    public static void write(Result result, Path file) throws IOException {
        writeWithLimits(result, List.of(), file);
    }

    /**
     * Writes the report of a result and the limits checked against it to a file: a CI job's gates, a JUnit test's
     * budgets, an objective's {@linkplain dev.loadtest.Objective#checks(Result) checks}.
     *
     * @param result the run to report
     * @param limits the limits checked against the run, in the order to list them; empty for no gate section
     * @param file the HTML file to write (UTF-8); its parent directories are created, an existing file replaced
     * @throws IOException if the file cannot be written
     */
    public static void writeWithLimits(Result result, List<LimitCheck> limits, Path file) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        String html = renderWithLimits(result, limits);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    /**
     * Writes the report of a result and the gates checked against it to a file.
     *
     * @deprecated the one outcome of a limit is {@link LimitCheck}: use {@link #writeWithLimits}
     */
    @Deprecated
    public static void write(Result result, List<GateOutcome> gates, Path file) throws IOException {
        writeWithLimits(result, limitChecks(gates), file);
    }

    /**
     * The report of a result, without gates, as HTML text.
     *
     * @param result the run to report
     * @return the whole page, about 70 KB of which are uPlot
     */
    public static String render(Result result) {
        return renderWithLimits(result, List.of());
    }

    /**
     * The report of a result and the limits checked against it, as HTML text.
     *
     * @param result the run to report
     * @param limits the limits checked against the run, in the order to list them; empty for no gate section
     * @return the whole page
     */
    public static String renderWithLimits(Result result, List<LimitCheck> limits) {
        Objects.requireNonNull(result, "result must not be null");
        Objects.requireNonNull(limits, "limits must not be null");
        return new HtmlPage(result, limits, Assets.get()).render();
    }

    /**
     * The report of a result and the gates checked against it, as HTML text.
     *
     * @deprecated the one outcome of a limit is {@link LimitCheck}: use {@link #renderWithLimits}
     */
    @Deprecated
    public static String render(Result result, List<GateOutcome> gates) {
        return renderWithLimits(result, limitChecks(gates));
    }

    @SuppressWarnings("deprecation")
    private static List<LimitCheck> limitChecks(List<GateOutcome> gates) {
        Objects.requireNonNull(gates, "gates must not be null");
        return gates.stream().map(g -> new LimitCheck(g.metric(), g.required(), g.actual(), g.passed())).toList();
    }
}
