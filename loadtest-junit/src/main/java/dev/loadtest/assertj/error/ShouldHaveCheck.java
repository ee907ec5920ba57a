package dev.loadtest.assertj.error;

import dev.loadtest.check.CheckResult;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A check asked for by a name the run did not have:
 * <pre>
 * Expecting a check named status 201 but the run's checks were: status 200, json $.status == "ok"
 * </pre>
 */
public class ShouldHaveCheck extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveCheck(String name, List<CheckResult> actual) {
        return new ShouldHaveCheck("%nExpecting a check named %s but the run's checks were: %s", text(name),
                text(actual.isEmpty() ? "none (the run had no checks)"
                        : actual.stream().map(CheckResult::name).collect(Collectors.joining(", "))));
    }

    private ShouldHaveCheck(String format, Object... arguments) {
        super(format, arguments);
    }
}
