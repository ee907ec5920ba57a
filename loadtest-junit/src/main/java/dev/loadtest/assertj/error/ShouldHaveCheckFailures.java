package dev.loadtest.assertj.error;

import dev.loadtest.check.CheckResult;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A check that failed more often than allowed, or not as often as expected:
 * <pre>
 * Expecting check json $.status == "ok" to have failed at most 3 times but failed 10 times (90 passed)
 * sample: status 200: $.status was "error" | body: {"status":"error"}
 * </pre>
 */
public class ShouldHaveCheckFailures extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveFailedAtMost(CheckResult actual, long max) {
        return of(actual, "at most " + max);
    }

    public static ErrorMessageFactory shouldHaveFailed(CheckResult actual, long expected) {
        return of(actual, String.valueOf(expected));
    }

    private static ErrorMessageFactory of(CheckResult actual, String expected) {
        return new ShouldHaveCheckFailures("%nExpecting check %s to have failed %s times but failed %s times (%s passed)"
                + "%nsample: %s", text(actual.name()), text(expected), text(actual.failed()), text(actual.passed()),
                text(actual.sample().map(Object::toString).orElse("none (no response failed it)")));
    }

    private ShouldHaveCheckFailures(String format, Object... arguments) {
        super(format, arguments);
    }
}
