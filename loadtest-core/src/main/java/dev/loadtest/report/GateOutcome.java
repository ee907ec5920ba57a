package dev.loadtest.report;

import java.util.Objects;

/**
 * A gate checked against a run, as the HTML report lists it: a CI threshold of the {@code loadtest} command
 * ({@code --max-p99 25ms}) or a JUnit test's performance budget. A breach reads "required X, actual Y", as k6
 * thresholds and Gatling assertions do.
 *
 * <pre>{@code
 * double rps = result.requestsPerSecond();
 * GateOutcome gate = new GateOutcome("req/s", ">= 1000.00", String.format("%.2f", rps), rps >= 1000);
 * HtmlReport.write(result, List.of(gate), Path.of("report.html"));
 * }</pre>
 *
 * @param metric what was checked, e.g. {@code p99 response time}; not blank
 * @param required the requirement as people write it, e.g. {@code <= 25.00ms}
 * @param actual what the run did, e.g. {@code 31.20ms}, or why there is no value ({@code no response})
 * @param passed whether the run kept the gate
 * @deprecated the one outcome of a limit, for gates, budgets and objectives alike, is {@link dev.loadtest.LimitCheck},
 *     which {@link HtmlReport#writeWithLimits} lists
 */
@Deprecated
public record GateOutcome(String metric, String required, String actual, boolean passed) {

    /**
     * Checks the texts.
     *
     * @throws NullPointerException if a text is {@code null}
     * @throws IllegalArgumentException if {@code metric} is blank
     */
    public GateOutcome {
        Objects.requireNonNull(metric, "metric must not be null");
        Objects.requireNonNull(required, "required must not be null");
        Objects.requireNonNull(actual, "actual must not be null");
        if (metric.isBlank()) {
            throw new IllegalArgumentException("metric (\"" + metric + "\") must not be blank");
        }
    }

    /** {@code p99 response time: required <= 25.00ms, actual 31.20ms}. */
    @Override
    public String toString() {
        return metric + ": required " + required + ", actual " + actual;
    }
}
