package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveCheck.shouldHaveCheck;
import static dev.loadtest.assertj.error.ShouldHaveNoCheckFailures.shouldHaveNoCheckFailures;

import dev.loadtest.check.CheckResult;
import java.util.List;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a run's response checks ({@link dev.loadtest.Result#checks()}).
 *
 * <pre>{@code
 * Result result = LoadTest.target(uri).check(Check.status(200), Check.jsonPath("$.status", "ok")).requests(100).run();
 *
 * assertThat(result).checks().hasNoFailures();              // passes when every response passed every check
 * assertThat(result).checks().check("status 200").hasFailedAtMost(3);
 * // fails, when 10 responses had a wrong body:
 * // Expecting no response to fail a check but 1 of 2 checks failed:
 * //   json $.status == "ok": 90 passed, 10 failed (status 200: $.status was "error" | body: {"status":"error"})
 * }</pre>
 */
public class ChecksAssert extends AbstractAssert<ChecksAssert, List<CheckResult>> {

    public ChecksAssert(List<CheckResult> actual) {
        super(actual, ChecksAssert.class);
    }

    /** Verifies that no response failed any check (a run without checks passes). */
    public ChecksAssert hasNoFailures() {
        isNotNull();
        if (actual.stream().anyMatch(c -> c.failed() > 0)) {
            throwAssertionError(shouldHaveNoCheckFailures(actual));
        }
        return myself;
    }

    /**
     * Assertions on one check, by its name ({@link dev.loadtest.check.Check#name()}).
     *
     * @throws AssertionError if the run had no check of that name (the message lists those it had)
     */
    public CheckAssert check(String name) {
        isNotNull();
        Objects.requireNonNull(name, "name must not be null");
        for (CheckResult c : actual) {
            if (c.name().equals(name)) {
                CheckAssert one = new CheckAssert(c);
                return info.hasDescription() ? one.describedAs(info.description()) : one;
            }
        }
        throwAssertionError(shouldHaveCheck(name, actual));
        return null;   // not reached: the line above throws
    }
}
