package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import java.util.Map;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Another number of errors of a category than expected:
 * <pre>
 * Expecting 0 errors of category connection refused but had 3
 * errors: connection refused: 3 (Connection refused)
 * </pre>
 */
public class ShouldHaveErrorCount extends LoadTestMessage {

    /** Errors of one category. */
    public static ErrorMessageFactory shouldHaveErrorCount(ErrorCategory category, long expected,
                                                           Map<ErrorCategory, ErrorCount> actual) {
        return new ShouldHaveErrorCount("%nExpecting %s errors of category %s but had %s%nerrors: %s", text(expected),
                text(category.label()), text(actual.getOrDefault(category, ErrorCount.NONE).count()),
                text(Texts.errors(actual)));
    }

    private ShouldHaveErrorCount(String format, Object... arguments) {
        super(format, arguments);
    }
}
