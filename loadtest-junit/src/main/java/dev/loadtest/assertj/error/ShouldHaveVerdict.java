package dev.loadtest.assertj.error;

import dev.loadtest.FigureFormat;
import dev.loadtest.Result;
import dev.loadtest.TextReport;
import dev.loadtest.Verdict;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A run whose verdict is not the expected one, with the figure behind the actual verdict:
 * <pre>
 * Expecting verdict ok but was overloaded: achieved 1740.2 req/s of 2000 req/s offered
 * </pre>
 */
public class ShouldHaveVerdict extends LoadTestMessage {

    /** The verdict expected of a result. */
    public static ErrorMessageFactory shouldHaveVerdict(Verdict expected, Result actual) {
        return new ShouldHaveVerdict("%nExpecting verdict %s but was %s%s", text(expected.label()),
                text(actual.verdict().label()), text(why(actual)));
    }

    private static String why(Result r) {
        return switch (r.verdict()) {
            case ERRORS -> ": " + r.requests().failed() + " of " + r.requests().ended() + " requests failed";
            case OVERLOADED -> r.rate().map(rate -> ": achieved " + FigureFormat.rate(rate.achieved()) + " of "
                    + FigureFormat.rate(rate.offered()) + " offered").orElse("");
            case GENERATOR_SATURATED -> TextReport.whyGeneratorSaturated(r).map(why -> ": " + why).orElse("");
            case STALLED -> ": no connection completed a second request";
            case OK -> "";
        };
    }

    private ShouldHaveVerdict(String format, Object... arguments) {
        super(format, arguments);
    }
}
