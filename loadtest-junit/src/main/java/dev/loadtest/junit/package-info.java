/**
 * Performance budgets in JUnit 5 tests: annotate a test with {@link dev.loadtest.junit.PerformanceBudget}
 * or {@link dev.loadtest.junit.LatencyBudget}, take a {@link dev.loadtest.junit.LoadTester} parameter and
 * run the load through it; the test fails, with the breached budgets and the full report, when a run
 * misses a budget.
 *
 * <pre>{@code
 * @Test
 * @PerformanceBudget(p99 = "25ms", minThroughput = 2000, maxErrorRate = 0.001)
 * void checkout_is_fast(LoadTester load) {
 *     load.run(LoadTest.target(baseUri.resolve("/checkout")).clients(20).streams(5).duration(ofSeconds(5)));
 * }
 * }</pre>
 *
 * For fluent assertions on a result, see {@link dev.loadtest.assertj.LoadTestAssertions}.
 */
package dev.loadtest.junit;
