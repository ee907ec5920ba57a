package dev.loadtest.assertj.error;

import dev.loadtest.DurationFormat;
import dev.loadtest.FigureFormat;
import java.time.Duration;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A latency statistic over its limit:
 * <pre>
 * Expecting p99 of the response time to be at most 25ms but was 31.42ms (8670 values)
 * </pre>
 */
public class ShouldHaveLatencyAtMost extends LoadTestMessage {

    /**
     * @param statistic {@code p99}, {@code mean}, {@code max} ...
     * @param latency which latency: {@code response time}, {@code service time}
     * @param count how many values the distribution has
     */
    public static ErrorMessageFactory shouldHaveLatencyAtMost(String statistic, String latency, Duration limit,
                                                              Duration actual, long count) {
        return new ShouldHaveLatencyAtMost("%nExpecting %s of the %s to be at most %s but was %s (%s values)",
                text(statistic), text(latency), text(DurationFormat.format(limit)),
                text(DurationFormat.format(actual)), text(count));
    }

    private ShouldHaveLatencyAtMost(String format, Object... arguments) {
        super(format, arguments);
    }
}
