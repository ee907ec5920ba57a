package dev.loadtest.assertj.error;

import dev.loadtest.StatusCodes;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A number of responses with a status, or a class of statuses, that differs from the expected one:
 * <pre>
 * Expecting 200 responses with status 200 but had 195
 * status codes: {200=195, 503=5}
 * </pre>
 */
public class ShouldHaveStatusCount extends LoadTestMessage {

    /** Responses with exactly this status code. */
    public static ErrorMessageFactory shouldHaveStatusCount(int statusCode, long expected, StatusCodes actual) {
        return new ShouldHaveStatusCount("%nExpecting %s responses with status %s but had %s%nstatus codes: %s",
                text(expected), text(statusCode), text(actual.count(statusCode)), text(actual.toString()));
    }

    /** Responses in a status class: 2 for 2xx, 4 for 4xx ... */
    public static ErrorMessageFactory shouldHaveStatusClassCount(int statusClass, long expected, StatusCodes actual) {
        return new ShouldHaveStatusCount("%nExpecting %s %sxx responses but had %s%nstatus codes: %s",
                text(expected), text(statusClass), text(actual.countOfClass(statusClass)), text(actual.toString()));
    }

    private ShouldHaveStatusCount(String format, Object... arguments) {
        super(format, arguments);
    }
}
