package dev.loadtest.assertj.error;

import dev.loadtest.FigureFormat;
import dev.loadtest.Requests;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A {@linkplain Requests#errorRate() share of failed requests} (failed / ended) over its limit:
 * <pre>
 * Expecting an error rate of at most 0.1% but was 2.5% (5 of 200 requests failed)
 * </pre>
 */
public class ShouldHaveErrorRateAtMost extends LoadTestMessage {

    /** The error rate, or no request ended at all (then there is no rate to speak of). */
    public static ErrorMessageFactory shouldHaveErrorRateAtMost(double max, Requests actual) {
        double rate = actual.errorRate();
        if (Double.isNaN(rate)) {
            return new ShouldHaveErrorRateAtMost("%nExpecting an error rate of at most %s but no request finished",
                    text(FigureFormat.percent(max)));
        }
        return new ShouldHaveErrorRateAtMost("%nExpecting an error rate of at most %s but was %s (%s of %s requests "
                + "failed)", text(FigureFormat.percent(max)),
                text(FigureFormat.percent(rate)), text(actual.failed()),
                text(actual.ended()));
    }

    private ShouldHaveErrorRateAtMost(String format, Object... arguments) {
        super(format, arguments);
    }
}
