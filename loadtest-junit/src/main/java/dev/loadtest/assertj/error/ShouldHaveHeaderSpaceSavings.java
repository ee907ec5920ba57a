package dev.loadtest.assertj.error;

import dev.loadtest.FigureFormat;
import dev.loadtest.Traffic;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Header compression (HPACK) that saved less than expected:
 * <pre>
 * Expecting header space savings of at least 50% but were 0% (1200 header bytes for 1200 decoded)
 * </pre>
 */
public class ShouldHaveHeaderSpaceSavings extends LoadTestMessage {

    /** Savings below the least expected, a fraction from 0 to 1. */
    public static ErrorMessageFactory shouldHaveHeaderSpaceSavingsAtLeast(double min, Traffic actual) {
        return new ShouldHaveHeaderSpaceSavings("%nExpecting header space savings of at least %s but were %s "
                + "(%s header bytes for %s decoded)", text(FigureFormat.percent(min)),
                text(FigureFormat.percent(actual.headerSpaceSavings())), text(actual.headerBytes()),
                text(actual.decodedHeaderBytes()));
    }

    private ShouldHaveHeaderSpaceSavings(String format, Object... arguments) {
        super(format, arguments);
    }
}
