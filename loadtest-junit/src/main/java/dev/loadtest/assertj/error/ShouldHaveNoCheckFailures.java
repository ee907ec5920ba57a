package dev.loadtest.assertj.error;

import dev.loadtest.check.CheckResult;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A run whose responses should all have passed its checks:
 * <pre>
 * Expecting no response to fail a check but 1 of 2 checks failed:
 *   json $.status == "ok": 90 passed, 10 failed (status 200: $.status was "error" | body: {"status":"error"})
 * </pre>
 */
public class ShouldHaveNoCheckFailures extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveNoCheckFailures(List<CheckResult> actual) {
        List<CheckResult> failed = actual.stream().filter(c -> c.failed() > 0).toList();
        return new ShouldHaveNoCheckFailures("%nExpecting no response to fail a check but %s of %s checks failed:%n%s",
                text(failed.size()), text(actual.size()),
                text(failed.stream().map(c -> "  " + c).collect(Collectors.joining(System.lineSeparator()))));
    }

    private ShouldHaveNoCheckFailures(String format, Object... arguments) {
        super(format, arguments);
    }
}
