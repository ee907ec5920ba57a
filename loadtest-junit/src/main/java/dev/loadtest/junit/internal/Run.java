package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.util.List;
import java.util.Objects;

/**
 * One load run of a test, with each budget checked against it.
 *
 * @param number 1 for the test's first run to finish, 2 for the second ...
 * @param result what the run measured
 * @param checks every budget that applies, checked
 */
public record Run(int number, Result result, List<LimitCheck> checks) {

    public Run {
        Objects.requireNonNull(result, "result");
        checks = List.copyOf(checks);
    }

    /** The budgets this run breached. */
    public List<LimitCheck> breaches() {
        return checks.stream().filter(c -> !c.met()).toList();
    }

    /** Whether any budget was breached. */
    public boolean breached() {
        return checks.stream().anyMatch(c -> !c.met());
    }
}
