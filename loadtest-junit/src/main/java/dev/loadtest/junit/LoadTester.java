package dev.loadtest.junit;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import java.util.List;

/**
 * Runs load tests for one test method and remembers their results, so that the method's
 * {@link PerformanceBudget}s and {@link LatencyBudget}s can be checked and the reports written.
 * Declare it as a parameter of a test method carrying one of those annotations (or in a class carrying
 * one); JUnit passes a new one to each test and each invocation of a {@code @ParameterizedTest} or
 * {@code @RepeatedTest}.
 *
 * <pre>{@code
 * @Test
 * @PerformanceBudget(p99 = "25ms", minThroughput = 2000, maxErrorRate = 0.001)
 * void checkout_is_fast(LoadTester load) {
 *     Result result = load.run(LoadTest.target(baseUri.resolve("/checkout"))
 *             .clients(20).streams(5).duration(Duration.ofSeconds(5)));
 *     // more checks on result if you like; the budgets are checked when the method returns
 * }
 * }</pre>
 *
 * <p><b>Several runs in one test</b>: every budget applies to each run on its own (a budget is about
 * one load, not an average of several), and the failure message names each breaching run ("run 2 of 3").
 * Each run gets its own report file.
 *
 * <p><b>When budgets are checked</b>: after the test method returns, so the method can look at the
 * result first. A method that declares budgets on itself, or takes a {@code LoadTester}, and runs no
 * load test through it fails: its budgets would otherwise pass without measuring anything.
 *
 * <p>Thread-safe: runs may be started from several threads of one test. A {@code LoadTester} belongs to
 * its test; using it after the test ended throws {@link IllegalStateException}.
 */
public interface LoadTester {

    /**
     * Runs the test (blocking), writes its report and remembers its result for the budget check.
     *
     * @return the result, also available from {@link #results()}
     * @throws IllegalStateException if this tester's test has ended, or the builder's settings do not
     *     combine (see {@link LoadTest.Builder#build()})
     */
    Result run(LoadTest test);

    /** {@code run(builder.build())}. */
    default Result run(LoadTest.Builder builder) {
        return run(builder.build());
    }

    /** The results of this test's runs so far, in the order they finished; an unmodifiable copy. */
    List<Result> results();
}
