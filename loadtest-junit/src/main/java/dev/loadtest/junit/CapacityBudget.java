package dev.loadtest.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A capacity budget: the service must hold at least {@link #minRate()} requests per second within an objective
 * (response-time percentiles, error rate, the offered rate achieved), found by a {@linkplain dev.loadtest.Capacity
 * capacity search}. The test runs the search through an injected {@link CapacityTester}; the budget passes as soon
 * as a step at {@code minRate} holds the objective (the ceiling above it is not searched), and fails with "required
 * X, actual Y" and the steps.
 *
 * <pre>{@code
 * @Test
 * @CapacityBudget(minRate = 2000, p99 = "50ms", maxErrorRate = 0.001)
 * void holds_2000_requests_per_second(CapacityTester capacity) {
 *     capacity.search(LoadTest.target(baseUri.resolve("/checkout")).clients(32).streams(4));
 * }
 * }</pre>
 *
 * fails, on a server that holds only about 1,200 req/s, with:
 *
 * <pre>
 * capacity budget breached: required &gt;= 2000 req/s within p99 response time &lt;= 50ms, error rate &lt;= 0.1%,
 * not overloaded, actual 1188 req/s held (1250 req/s failed: p99 response time: required &lt;= 50ms, actual 212.4ms)
 *
 * step  phase      offered  achieved  resp p99 ...
 * </pre>
 *
 * <h2>The search</h2>
 * Steps at constant rates from {@link #startRate()} (default {@code minRate / 4}), doubling up to {@code minRate};
 * a step at {@code minRate} that holds ends the search (no confirmation run: the budget asks "at least", not "how
 * much"). If a step fails first, the search bisects below it to 5 %, so that the failure message says how much the
 * service does hold. Each step runs {@link #stepWarmUp()} then {@link #stepDuration()}. When the load generator,
 * not the service, is the limit (see {@link dev.loadtest.Capacity}), the budget fails saying so: the test machine
 * could not offer {@code minRate}.
 *
 * <h2>Configuration parameters</h2>
 * Those of {@link PerformanceBudget}: {@value PerformanceBudget#SCALE_PROPERTY_NAME} divides {@code minRate} and
 * multiplies the latency limits; {@value PerformanceBudget#MODE_PROPERTY_NAME} {@code report} logs a breach and lets
 * the test pass; each search's answer is published as a report entry ({@code loadtest.capacity}) and written to
 * {@code <reports directory>/<test class>/<method>-capacity[-<n>].txt}.
 *
 * <p>On a test method (or as a meta-annotation). A method with the annotation that runs no search fails, as does
 * one whose annotation sets no limit but {@code minRate}.
 *
 * @see CapacityTester
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(CapacityBudgetExtension.class)
public @interface CapacityBudget {

    /** The default of the optional numeric attributes: not set. */
    double UNSET = -1;

    /** The rate the service must hold, in requests per second; positive. */
    double minRate();

    /** Largest 50th percentile of the response time at that rate, e.g. {@code "10ms"}. */
    String p50() default "";

    /** Largest 90th percentile of the response time. */
    String p90() default "";

    /** Largest 95th percentile of the response time. */
    String p95() default "";

    /** Largest 99th percentile of the response time, e.g. {@code "50ms"}. */
    String p99() default "";

    /** Largest 99.9th percentile of the response time. */
    String p999() default "";

    /** Largest share of failed requests, from 0 to 1 ({@code 0.001} is 0.1 %). Not set: 1 %. */
    double maxErrorRate() default UNSET;

    /** The first step's rate, in requests per second. Not set: {@code minRate / 4}. */
    double startRate() default UNSET;

    /** Each step's measured time, e.g. {@code "5s"}; see {@link PerformanceBudget} for the syntax. */
    String stepDuration() default "5s";

    /** Each step's warm-up, e.g. {@code "1s"}. */
    String stepWarmUp() default "1s";
}
