package dev.loadtest.junit;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;

/**
 * Which latency a budget limits.
 *
 * <pre>{@code
 * @Test
 * @LatencyBudget(percentile = 99.9, max = "40ms", of = LatencyKind.SERVICE_TIME)
 * void fast_once_sent(LoadTester load) {
 *     load.run(LoadTest.target(uri).rate(500).duration(Duration.ofSeconds(5)));
 * }
 * }</pre>
 */
public enum LatencyKind {

    /**
     * {@link Result#responseTime()}: in a rate-driven run, from the time each request was due to its
     * response's end, corrected for coordinated omission (wrk2's latency, what users wait); in a
     * closed-model run the same as the service time. The default, and what a budget should usually limit.
     */
    RESPONSE_TIME("response time"),

    /**
     * {@link Result#serviceTime()}: from the request being put on the wire to its response's end, as
     * h2load's "time for request". It leaves out the time a request waited for a free connection, so
     * it flatters an overloaded server; use it to tell the server's own share from the queueing.
     */
    SERVICE_TIME("service time");

    private final String label;

    LatencyKind(String label) {
        this.label = label;
    }

    /** The words budget messages use: {@code response time}, {@code service time}. */
    public String label() {
        return label;
    }

    /** This kind's distribution in a result. */
    public LatencyHistogram of(Result result) {
        return this == RESPONSE_TIME ? result.responseTime() : result.serviceTime();
    }
}
