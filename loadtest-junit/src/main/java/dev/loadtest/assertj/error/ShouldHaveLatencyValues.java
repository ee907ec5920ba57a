package dev.loadtest.assertj.error;

import org.assertj.core.error.ErrorMessageFactory;

/**
 * A latency distribution with no values, or another number of values than expected:
 * <pre>
 * Expecting the response time to have values but it had none: no response finished
 * </pre>
 */
public class ShouldHaveLatencyValues extends LoadTestMessage {

    /** An empty distribution, whose percentiles would be zero and meet any limit. */
    public static ErrorMessageFactory shouldHaveLatencyValues(String latency) {
        return new ShouldHaveLatencyValues("%nExpecting the %s to have values but it had none: no response finished",
                text(latency));
    }

    /** Another number of values than expected. */
    public static ErrorMessageFactory shouldHaveLatencyValues(String latency, long expected, long actual) {
        return new ShouldHaveLatencyValues("%nExpecting the %s to have %s values but it had %s",
                text(latency), text(expected), text(actual));
    }

    private ShouldHaveLatencyValues(String format, Object... arguments) {
        super(format, arguments);
    }
}
