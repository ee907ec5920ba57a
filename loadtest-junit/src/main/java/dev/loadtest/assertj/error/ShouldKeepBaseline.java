package dev.loadtest.assertj.error;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.ComparisonText;
import java.util.stream.Collectors;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A comparison with a baseline that found a regression (or could not decide):
 * <pre>
 * Expecting the result not to have regressed from its baseline but it did:
 *   p99 response time: required a change of at most +10 % (regressed when the whole 97.5 % interval lies
 *   beyond), actual +30.0 % [+26.5 %, +33.7 %]: REGRESSED
 * comparison of 1 baseline run and 1 candidate run: ...
 * </pre>
 */
public class ShouldKeepBaseline extends LoadTestMessage {

    /** A gated figure regressed. */
    public static ErrorMessageFactory shouldNotHaveRegressed(Comparison c) {
        return new ShouldKeepBaseline("%nExpecting the result not to have regressed from its baseline but it did:%n%s%n%s",
                text(lines(c, ChangeVerdict.REGRESSED)), text(c.toString().stripTrailing()));
    }

    /** A gated figure regressed or is inconclusive. */
    public static ErrorMessageFactory shouldBeDecidedUnchanged(Comparison c) {
        return new ShouldKeepBaseline("%nExpecting the result to be shown unchanged or improved from its baseline "
                + "but it was %s:%n%s%n%s", text(c.verdict()), text(lines(c, c.verdict())),
                text(c.toString().stripTrailing()));
    }

    private static String lines(Comparison c, ChangeVerdict verdict) {
        return c.figures().stream().filter(f -> f.gated() && f.verdict() == verdict)
                .map(f -> "  " + ComparisonText.breach(f, c.figureConfidence()))
                .collect(Collectors.joining(System.lineSeparator()));
    }

    private ShouldKeepBaseline(String format, Object... arguments) {
        super(format, arguments);
    }
}
