package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveSessionCount.shouldHaveFailedAt;
import static dev.loadtest.assertj.error.ShouldHaveSessionCount.shouldHaveNoFailedSessions;
import static dev.loadtest.assertj.error.ShouldHaveSessionCount.shouldHaveSessionCount;

import dev.loadtest.Sessions;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the sessions of a scenario run ({@link dev.loadtest.Result#sessions()}), reached with
 * {@link ResultAssert#sessions()}.
 *
 * <pre>{@code
 * assertThat(result).sessions().hasNoFailures()                                   // passes
 *         .duration().hasPercentileAtMost(95, Duration.ofSeconds(2));
 *
 * assertThat(result).sessions().hasNoFailures();                                  // fails:
 * // Expecting no session to fail but 5 of 100 failed
 * // sessions: 100 started, 93 completed, 5 failed, 2 unfinished; failed at checkout: 5 (status 409)
 * }</pre>
 */
public class SessionsAssert extends AbstractAssert<SessionsAssert, Sessions> {

    public SessionsAssert(Sessions actual) {
        super(actual, SessionsAssert.class);
    }

    /** Verifies that no session failed. */
    public SessionsAssert hasNoFailures() {
        isNotNull();
        if (actual.failed() > 0) {
            throwAssertionError(shouldHaveNoFailedSessions(actual));
        }
        return myself;
    }

    /** Verifies the number of sessions begun in the measured phase. */
    public SessionsAssert hasStarted(long expected) {
        isNotNull();
        return hasCount("started", expected, actual.started());
    }

    /** Verifies the number of sessions that ran every step without a failure. */
    public SessionsAssert hasCompleted(long expected) {
        isNotNull();
        return hasCount("completed", expected, actual.completed());
    }

    /** Verifies the number of sessions ended by a failed step. */
    public SessionsAssert hasFailed(long expected) {
        isNotNull();
        return hasCount("failed", expected, actual.failed());
    }

    /** Verifies the number of sessions that failed at a step (0 for a step where none failed). */
    public SessionsAssert hasFailedAt(String step, long expected) {
        isNotNull();
        Objects.requireNonNull(step, "step must not be null");
        if (actual.failedAt().getOrDefault(step, 0L) != expected) {
            throwAssertionError(shouldHaveFailedAt(step, expected, actual));
        }
        return myself;
    }

    /** Assertions on the completed sessions' durations, first send to last step's end, pauses included. */
    public LatencyAssert duration() {
        isNotNull();
        LatencyAssert duration = new LatencyAssert(actual.duration(), "session duration");
        return info.hasDescription() ? duration.describedAs(info.description()) : duration;
    }

    private SessionsAssert hasCount(String state, long expected, long actualCount) {
        if (actualCount != expected) {
            throwAssertionError(shouldHaveSessionCount(state, expected, actualCount, actual));
        }
        return myself;
    }
}
