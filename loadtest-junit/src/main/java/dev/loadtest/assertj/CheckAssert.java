package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveCheckFailures.shouldHaveFailedAtMost;
import static dev.loadtest.assertj.error.ShouldHaveCheckFailures.shouldHaveFailed;

import dev.loadtest.check.CheckResult;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one response check's counts ({@link CheckResult}).
 *
 * <pre>{@code
 * assertThat(result).check("json $.status == \"ok\"").hasFailedAtMost(3);   // fails when it failed 10 times:
 * // Expecting check json $.status == "ok" to have failed at most 3 times but failed 10 times (90 passed)
 * // sample: status 200: $.status was "error" | body: {"status":"error"}
 * }</pre>
 */
public class CheckAssert extends AbstractAssert<CheckAssert, CheckResult> {

    public CheckAssert(CheckResult actual) {
        super(actual, CheckAssert.class);
    }

    /** Verifies that no response failed this check. */
    public CheckAssert hasNoFailures() {
        return hasFailedAtMost(0);
    }

    /** Verifies that at most {@code max} responses failed this check. */
    public CheckAssert hasFailedAtMost(long max) {
        isNotNull();
        if (actual.failed() > max) {
            throwAssertionError(shouldHaveFailedAtMost(actual, max));
        }
        return myself;
    }

    /** Verifies that exactly {@code expected} responses failed this check. */
    public CheckAssert hasFailed(long expected) {
        isNotNull();
        if (actual.failed() != expected) {
            throwAssertionError(shouldHaveFailed(actual, expected));
        }
        return myself;
    }
}
