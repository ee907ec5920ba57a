package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveErrorRateAtMost.shouldHaveErrorRateAtMost;
import static dev.loadtest.assertj.error.ShouldHaveRequestCount.shouldHaveRequestCount;
import static dev.loadtest.assertj.error.ShouldHaveStatusCount.shouldHaveStatusCount;

import dev.loadtest.Requests;
import dev.loadtest.StatusCodes;
import java.util.Optional;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The request and status assertions a whole run ({@link ResultAssert}) and a step ({@link StepAssert}) share:
 * each gives the failure's message, or nothing when the figures hold, so both word their failures alike.
 */
final class RequestVerdicts {

    private RequestVerdicts() {
    }

    /** The number of responses with exactly this status code. */
    static Optional<ErrorMessageFactory> statusCount(int statusCode, long expected, StatusCodes actual) {
        return actual.count(statusCode) == expected ? Optional.empty()
                : Optional.of(shouldHaveStatusCount(statusCode, expected, actual));
    }

    /** A count of requests in a state ({@code done}, {@code succeeded}, {@code failed}). */
    static Optional<ErrorMessageFactory> count(String state, long expected, long actualCount, Requests actual) {
        return actualCount == expected ? Optional.empty()
                : Optional.of(shouldHaveRequestCount(state, expected, actualCount, actual));
    }

    /**
     * {@link Requests#errorRate() failed / ended} at most {@code max}; no request ended is a failure too, as
     * for every error-rate limit ({@link dev.loadtest.LimitCheck#errorRate}).
     *
     * @throws IllegalArgumentException if {@code max} is not within [0, 1]
     */
    static Optional<ErrorMessageFactory> errorRateAtMost(double max, Requests actual) {
        if (!(max >= 0 && max <= 1)) {
            throw new IllegalArgumentException("max error rate (" + max + ") must be within [0, 1]");
        }
        double rate = actual.errorRate();
        return Double.isNaN(rate) || rate > max ? Optional.of(shouldHaveErrorRateAtMost(max, actual)) : Optional.empty();
    }
}
