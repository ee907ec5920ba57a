package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldContainErrorCategory.shouldContainErrorCategory;
import static dev.loadtest.assertj.error.ShouldHaveErrorCount.shouldHaveErrorCount;
import static dev.loadtest.assertj.error.ShouldHaveNoErrors.shouldHaveNoErrors;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a run's errors by category ({@link dev.loadtest.Result#errors()}).
 *
 * <pre>{@code
 * assertThat(result).errors().isEmpty();                                  // passes on a healthy server
 * assertThat(result).errors().contains(ErrorCategory.REFUSED);            // fails:
 * // Expecting errors of category connection refused but had none
 * // errors: none
 * }</pre>
 */
public class ErrorsAssert extends AbstractAssert<ErrorsAssert, Map<ErrorCategory, ErrorCount>> {

    public ErrorsAssert(Map<ErrorCategory, ErrorCount> actual) {
        super(actual, ErrorsAssert.class);
    }

    /** Verifies no error of any category occurred. */
    public ErrorsAssert isEmpty() {
        isNotNull();
        if (actual.values().stream().anyMatch(c -> c.count() > 0)) {
            throwAssertionError(shouldHaveNoErrors(actual));
        }
        return myself;
    }

    /** Verifies how often a category of error occurred. */
    public ErrorsAssert hasCount(ErrorCategory category, long expected) {
        isNotNull();
        Objects.requireNonNull(category, "category must not be null");
        if (actual.getOrDefault(category, ErrorCount.NONE).count() != expected) {
            throwAssertionError(shouldHaveErrorCount(category, expected, actual));
        }
        return myself;
    }

    /** Verifies a category of error occurred at least once. */
    public ErrorsAssert contains(ErrorCategory category) {
        isNotNull();
        Objects.requireNonNull(category, "category must not be null");
        if (actual.getOrDefault(category, ErrorCount.NONE).count() == 0) {
            throwAssertionError(shouldContainErrorCategory(category, actual));
        }
        return myself;
    }

    /** Verifies a category of error never occurred. */
    public ErrorsAssert doesNotContain(ErrorCategory category) {
        return hasCount(category, 0);
    }
}
