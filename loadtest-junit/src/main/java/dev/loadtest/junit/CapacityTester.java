package dev.loadtest.junit;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.LoadTest;
import java.util.List;

/**
 * Runs the capacity searches of one test method carrying a {@link CapacityBudget}, with that budget's objective and
 * rates, and remembers their answers for the check after the test. JUnit passes a new one to each test.
 *
 * <pre>{@code
 * @Test
 * @CapacityBudget(minRate = 2000, p99 = "50ms")
 * void holds_2000_requests_per_second(CapacityTester capacity) {
 *     CapacityAnswer answer = capacity.search(LoadTest.target(uri).clients(32).streams(4));
 *     // more checks on answer if you like; the budget is checked when the method returns
 * }
 * }</pre>
 *
 * <p>Thread-safe. A {@code CapacityTester} belongs to its test; using it after the test ended throws
 * {@link IllegalStateException}.
 */
public interface CapacityTester {

    /**
     * Runs a capacity search of the template (blocking) with the budget's objective, from its start rate up to its
     * {@code minRate}, publishes and writes its answer, and remembers it for the budget check.
     *
     * @param template the settings every step shares (targets, clients, streams, protocol...): see
     *     {@link dev.loadtest.Capacity#of(LoadTest.Builder, dev.loadtest.Objective)}
     * @throws IllegalStateException if the test has ended, or the template cannot carry the start rate or its
     *     settings do not combine (before any load)
     */
    CapacityAnswer search(LoadTest.Builder template);

    /** The answers so far, in the order they came; an unmodifiable copy. */
    List<CapacityAnswer> answers();
}
