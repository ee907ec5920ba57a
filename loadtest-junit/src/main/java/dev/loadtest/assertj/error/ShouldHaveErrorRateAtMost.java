package dev.loadtest.assertj.error;

import dev.loadtest.FigureFormat;
import dev.loadtest.Requests;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A share of failed requests (failed / done) over its limit:
 * <pre>
 * Expecting an error rate of at most 0.1% but was 2.5% (5 of 200 requests failed)
 * </pre>
 */
public class ShouldHaveErrorRateAtMost extends LoadTestMessage {

    /** The error rate, or no request done at all (then there is no rate to speak of). */
    public static ErrorMessageFactory shouldHaveErrorRateAtMost(double max, Requests actual) {
        if (actual.ended() == 0) {
            return new ShouldHaveErrorRateAtMost("%nExpecting an error rate of at most %s but no request finished",
                    text(FigureFormat.percent(max)));
        }
        return new ShouldHaveErrorRateAtMost("%nExpecting an error rate of at most %s but was %s (%s of %s requests "
                + "failed)", text(FigureFormat.percent(max)),
                text(FigureFormat.percent((double) actual.failed() / actual.ended())), text(actual.failed()),
                text(actual.ended()));
    }

    private ShouldHaveErrorRateAtMost(String format, Object... arguments) {
        super(format, arguments);
    }
}
