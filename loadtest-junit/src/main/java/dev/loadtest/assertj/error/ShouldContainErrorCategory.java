package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import java.util.Map;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A category of error that should have occurred and did not:
 * <pre>
 * Expecting errors of category request timeout but had none
 * errors: connection reset or closed: 2 (Connection reset)
 * </pre>
 */
public class ShouldContainErrorCategory extends LoadTestMessage {

    /** The category expected among the errors. */
    public static ErrorMessageFactory shouldContainErrorCategory(ErrorCategory category,
                                                                 Map<ErrorCategory, ErrorCount> actual) {
        return new ShouldContainErrorCategory("%nExpecting errors of category %s but had none%nerrors: %s",
                text(category.label()), text(Texts.errors(actual)));
    }

    private ShouldContainErrorCategory(String format, Object... arguments) {
        super(format, arguments);
    }
}
