package dev.loadtest.assertj.error;

import dev.loadtest.FigureFormat;
import dev.loadtest.DurationFormat;
import java.time.Duration;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A throughput out of its bound:
 * <pre>
 * Expecting a throughput of at least 2000 req/s but was 1733.9 req/s (8670 responses in 5s)
 * </pre>
 */
public class ShouldHaveThroughput extends LoadTestMessage {

    /** Below its least value. */
    public static ErrorMessageFactory shouldHaveThroughputAtLeast(double min, double actual, long responses,
                                                                  Duration duration) {
        return new ShouldHaveThroughput("%nExpecting a throughput of at least %s but was %s (%s responses in %s)",
                text(FigureFormat.rate(min)), text(FigureFormat.rate(actual)), text(responses),
                text(DurationFormat.format(duration)));
    }

    /** Above its largest value. */
    public static ErrorMessageFactory shouldHaveThroughputAtMost(double max, double actual, long responses,
                                                                 Duration duration) {
        return new ShouldHaveThroughput("%nExpecting a throughput of at most %s but was %s (%s responses in %s)",
                text(FigureFormat.rate(max)), text(FigureFormat.rate(actual)), text(responses),
                text(DurationFormat.format(duration)));
    }

    private ShouldHaveThroughput(String format, Object... arguments) {
        super(format, arguments);
    }
}
