package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveOnlyStatusClass.shouldHaveOnlyStatusClass;
import static dev.loadtest.assertj.error.ShouldHaveStatusCount.shouldHaveStatusClassCount;
import static dev.loadtest.assertj.error.ShouldHaveStatusCount.shouldHaveStatusCount;

import dev.loadtest.StatusCodes;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on responses counted by status code.
 *
 * <pre>{@code
 * assertThat(result).statusCodes().containsOnlyClass(2).hasCount(200, 200);   // passes
 * assertThat(result).statusCodes().hasCountOfClass(5, 0);                      // fails on a failing server:
 * // Expecting 0 5xx responses but had 5
 * // status codes: {200=195, 503=5}
 * }</pre>
 */
public class StatusCodesAssert extends AbstractAssert<StatusCodesAssert, StatusCodes> {

    public StatusCodesAssert(StatusCodes actual) {
        super(actual, StatusCodesAssert.class);
    }

    /** Verifies the number of responses with exactly this status code. */
    public StatusCodesAssert hasCount(int statusCode, long expected) {
        isNotNull();
        if (actual.count(statusCode) != expected) {
            throwAssertionError(shouldHaveStatusCount(statusCode, expected, actual));
        }
        return myself;
    }

    /** Verifies the number of responses in a status class: 2 for 2xx, 4 for 4xx ... */
    public StatusCodesAssert hasCountOfClass(int statusClass, long expected) {
        isNotNull();
        if (actual.countOfClass(statusClass) != expected) {
            throwAssertionError(shouldHaveStatusClassCount(statusClass, expected, actual));
        }
        return myself;
    }

    /** Verifies every response is in one status class, e.g. {@code containsOnlyClass(2)} for 2xx only. */
    public StatusCodesAssert containsOnlyClass(int statusClass) {
        isNotNull();
        if (actual.countOfClass(statusClass) != actual.total()) {
            throwAssertionError(shouldHaveOnlyStatusClass(statusClass, actual));
        }
        return myself;
    }

    /** Verifies no response had this status code. */
    public StatusCodesAssert doesNotContain(int statusCode) {
        return hasCount(statusCode, 0);
    }
}
