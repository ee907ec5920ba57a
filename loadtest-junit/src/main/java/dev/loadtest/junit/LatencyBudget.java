package dev.loadtest.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A latency limit at any percentile, on the response time or the service time; repeatable, and usable
 * alone or beside {@link PerformanceBudget}, whose rules it follows (levels, configuration parameters,
 * reports, failure message).
 *
 * <pre>{@code
 * @Test
 * @LatencyBudget(percentile = 99, max = "25ms")
 * @LatencyBudget(percentile = 99.9, max = "40ms", of = LatencyKind.SERVICE_TIME)
 * void search_is_fast(LoadTester load) {
 *     load.run(LoadTest.target(uri).clients(10).rate(1_000).duration(Duration.ofSeconds(5)));
 * }
 * }</pre>
 *
 * A budget on a method replaces one of its class for the same percentile, kind and step. Giving the same
 * percentile, kind and step twice on one element (here or in a {@code PerformanceBudget} attribute such as
 * {@code p99}) is refused as ambiguous.
 *
 * <p>In a scenario run, a budget can limit one step:
 *
 * <pre>{@code
 * @Test
 * @LatencyBudget(step = "checkout", percentile = 99, max = "80ms")
 * @LatencyBudget(step = "login", percentile = 99, max = "20ms")
 * void shop_is_fast(LoadTester load) {
 *     load.run(LoadTest.target(uri).scenario(shop).users(20).duration(Duration.ofSeconds(10)));
 * }
 * }</pre>
 *
 * fails, when the checkout is slow, with {@code p99 response time of step checkout: required <= 80ms, actual
 * 112.4ms}.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(LatencyBudgets.class)
@ExtendWith(LoadTestExtension.class)
public @interface LatencyBudget {

    /** The percentile, above 0 and at most 100 (100 is the largest value), e.g. {@code 99.9}. */
    double percentile();

    /** The largest latency allowed at that percentile, e.g. {@code "40ms"}; see {@link PerformanceBudget} for the syntax. */
    String max();

    /** Which latency is limited. Default: the response time. */
    LatencyKind of() default LatencyKind.RESPONSE_TIME;

    /**
     * The step of a scenario run whose latency is limited ({@link dev.loadtest.Result#step(String)}), e.g.
     * {@code "checkout"}; empty (the default) for the whole run. A run without that step breaches the budget, and
     * the message names the step and the steps the run had.
     */
    String step() default "";
}
