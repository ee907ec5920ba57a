/**
 * AssertJ assertions on load test results, for everything a budget annotation cannot say.
 *
 * <pre>{@code
 * import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
 *
 * Result result = LoadTest.target(uri).clients(10).duration(Duration.ofSeconds(5)).run();
 * assertThat(result).hasNoErrors().hasStatusCount(200, result.requests().done())
 *         .responseTime().percentile(99).isLessThan(Duration.ofMillis(25));
 * assertThat(result).throughput().isAtLeast(2000);
 * }</pre>
 *
 * Start at {@link dev.loadtest.assertj.LoadTestAssertions}; the messages are made by the factories of
 * {@link dev.loadtest.assertj.error}.
 */
package dev.loadtest.assertj;
