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
 * Performance budgets a test's load runs must meet, like k6 thresholds or Gatling assertions. The test
 * runs its load through an injected {@link LoadTester}; when the test method returns, each run is
 * checked against every budget, and the test fails with one message listing each breached budget as
 * {@code required X, actual Y}, followed by the run's full report.
 *
 * <pre>{@code
 * @Test
 * @PerformanceBudget(p99 = "25ms", minThroughput = 2000, maxErrorRate = 0.001)
 * void checkout_is_fast(LoadTester load) {
 *     load.run(LoadTest.target(baseUri.resolve("/checkout")).clients(20).streams(5).duration(ofSeconds(5)));
 * }
 * }</pre>
 *
 * fails, on a slow server, with:
 *
 * <pre>
 * performance budget breached: 2 of 3 budgets
 *   p99 response time: required &lt;= 25ms, actual 31.42ms
 *   throughput: required &gt;= 2000 req/s, actual 1733.9 req/s
 *   target: GET http://127.0.0.1:8080/checkout
 *
 * finished in 5.00s, 1733.90 req/s, 236.78KB/s
 * requests: 8670 total, 8670 started, 8670 done, 8670 succeeded, 0 failed, 0 errored, 0 timeout
 * ...
 * </pre>
 *
 * <h2>Budgets</h2>
 * Every attribute is optional; one left at its default sets no budget. Latency budgets limit the
 * {@linkplain LatencyKind#RESPONSE_TIME response time} unless {@link #of()} says
 * {@linkplain LatencyKind#SERVICE_TIME service time}; for any other percentile, or both kinds at once, add
 * {@link LatencyBudget}s. Durations are written as a number and a unit: {@code "250us"}, {@code "25ms"},
 * {@code "1.5s"} (units {@code ns}, {@code us} or {@code µs}, {@code ms}, {@code s}, {@code m}), or ISO-8601
 * ({@code "PT0.025S"}). A latency budget, or a throughput one, is breached by a run in which no response
 * finished, an error-rate budget by a run in which no request finished: nothing measured is not a pass.
 *
 * <h2>Where it applies</h2>
 * On a test method (including {@code @ParameterizedTest} and {@code @RepeatedTest}: each invocation is
 * checked), or on a test class as the default for its methods, its subclasses ({@code @Inherited}) and its
 * {@code @Nested} classes. Levels merge attribute by attribute: a method's {@code p99} replaces its class's
 * {@code p99}, while the class's {@code minThroughput} still applies. {@link #noNon2xx()} and
 * {@link #requireVerdictOk()} can be switched on at any level but not off again below it; to start afresh,
 * set {@link #inherit()} to false. Budgets of a {@link #step()} are apart from the run's: a method's
 * {@code @PerformanceBudget(step = "checkout", p99 = ...)} replaces its class's p99 of that step only, and the
 * annotation repeats, one per step. It can also be a meta-annotation of your own
 * ({@code @interface CheckoutBudget}).
 *
 * <h2>Configuration parameters</h2>
 * <ul>
 *   <li>{@value #SCALE_PROPERTY_NAME}: a factor for slow machines, a positive number (default 1).
 *       Latency limits are multiplied by it, throughput minima divided by it; error rates, status and
 *       verdict budgets are not changed. {@code -Dloadtest.budget.scale=3} on a slow CI runner.</li>
 *   <li>{@value #MODE_PROPERTY_NAME}: {@code enforce} (the default) fails tests that breach a budget;
 *       {@code report} only reports the breach (report entry, report file and a warning logged through
 *       {@code System.Logger}) and lets the test pass, e.g. while a budget is being tuned.</li>
 *   <li>{@value #REPORTS_DIRECTORY_PROPERTY_NAME}: where report files go, default
 *       {@value #DEFAULT_REPORTS_DIRECTORY} (relative to the working directory, which is the module's
 *       directory under Maven); blank for no files.</li>
 * </ul>
 * Like every JUnit configuration parameter, and like {@code junit.jupiter.execution.timeout.default} for
 * {@code @Timeout}, each is looked up first among the parameters given to the launcher (Maven Surefire's
 * {@code <configurationParameters>}, Gradle's {@code systemProperty} for the test JVM,
 * {@code EngineTestKit.configurationParameter}), then among the JVM's system properties
 * ({@code mvn test -Dloadtest.budget.scale=2}), then in {@code junit-platform.properties} at the root of the
 * test class path. The annotations' values are the budgets; scale and mode apply to all of them, whichever
 * level they were declared at. A malformed value fails each affected test with a message naming the
 * parameter, the value and the rule.
 *
 * <h2>Reports</h2>
 * Each run's report ({@link dev.loadtest.Result#toString()}, then the test's settings and each budget as
 * met or breached) is published as a JUnit report entry (key {@code loadtest.report}) and written to
 * {@code <reports directory>/<test class name>/<method>[-<invocation>][-run<n>].txt}, with its {@code .json}
 * ({@code dev.loadtest.json.ResultJson}) and {@code .html} ({@code dev.loadtest.report.HtmlReport}) twins:
 * {@code -<invocation>} is the index of a parameterized or repeated invocation, {@code -run<n>} numbers
 * the second and later runs of one test.
 *
 * @see LatencyBudget
 * @see LoadTester
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(PerformanceBudgets.class)
@ExtendWith(LoadTestExtension.class)
public @interface PerformanceBudget {

    /** Configuration parameter: factor applied to latency limits (multiplied) and throughput minima (divided). */
    String SCALE_PROPERTY_NAME = "loadtest.budget.scale";

    /** Configuration parameter: {@code enforce} (default) or {@code report}. */
    String MODE_PROPERTY_NAME = "loadtest.budget.mode";

    /** Configuration parameter: the directory for report files; blank for none. */
    String REPORTS_DIRECTORY_PROPERTY_NAME = "loadtest.reports.directory";

    /**
     * Configuration parameter: {@code true} records each run of a test with a {@link #baseline()} as its new
     * baseline (the file is written, the budget passes) instead of comparing with it. Default false.
     */
    String BASELINE_UPDATE_PROPERTY_NAME = "loadtest.baseline.update";

    /**
     * Configuration parameter: what an inconclusive comparison with the {@link #baseline()} does: {@code warn}
     * (the default) passes with a warning in the report and the log, {@code fail} fails the test.
     */
    String BASELINE_INCONCLUSIVE_PROPERTY_NAME = "loadtest.baseline.inconclusive";

    /** The reports directory when {@value #REPORTS_DIRECTORY_PROPERTY_NAME} is not set. */
    String DEFAULT_REPORTS_DIRECTORY = "target/loadtest-reports";

    /** The default of the numeric attributes: no budget. */
    double UNSET = -1;

    /** Largest 50th percentile (median) of the latency, e.g. {@code "10ms"}. */
    String p50() default "";

    /** Largest 90th percentile of the latency. */
    String p90() default "";

    /** Largest 95th percentile of the latency. */
    String p95() default "";

    /** Largest 99th percentile of the latency. */
    String p99() default "";

    /** Largest 99.9th percentile of the latency. */
    String p999() default "";

    /** Largest mean latency. */
    String mean() default "";

    /** Largest single latency of the run (its 100th percentile). */
    String max() default "";

    /** Which latency {@code p50} ... {@code max} of this annotation limit. Default: the response time. */
    LatencyKind of() default LatencyKind.RESPONSE_TIME;

    /**
     * Least throughput, in responses (any status) per second of the measured phase, as
     * {@link dev.loadtest.Result#requestsPerSecond()}. Negative (the default): no budget.
     */
    double minThroughput() default UNSET;

    /**
     * Largest share of requests that may fail, from 0 to 1 ({@code 0.001} is 0.1 %): failed requests (a
     * status of 400 or more, an error, a timeout, never issued) over requests ended ({@link dev.loadtest.Requests#errorRate()}). No request ended breaks it.
     * Negative (the default): no budget.
     */
    double maxErrorRate() default UNSET;

    /** Whether every response must have a 2xx status: a 3xx, 4xx or 5xx response breaches it. */
    boolean noNon2xx() default false;

    /**
     * Whether the run's {@linkplain dev.loadtest.Verdict verdict} must be {@code ok}: this also fails a
     * test whose generator fell behind its own schedule ({@code generator-saturated}), whose figures
     * then say more about the test machine than about the server, and a rate-driven run that achieved
     * less than 98 % of its rate ({@code overloaded}).
     */
    boolean requireVerdictOk() default false;

    /**
     * A baseline run kept in the repository (a JSON result, e.g. {@code "perf/checkout.json"}, relative to the
     * working directory: the module's directory under Maven and Gradle) that each run must not regress from:
     * the run is compared with it ({@link dev.loadtest.Comparison}: a confidence interval per figure from the
     * runs' intervals), and the budget is breached when a gated figure's whole interval lies beyond its
     * {@link #maxRegression() tolerance}. Record or refresh the file with
     * {@code mvn test -Dloadtest.baseline.update=true} ({@value #BASELINE_UPDATE_PROPERTY_NAME}) and commit it.
     * An inconclusive comparison passes with a warning, or fails with
     * {@code loadtest.baseline.inconclusive=fail}. Empty (the default): no baseline budget.
     *
     * <pre>{@code
     * @PerformanceBudget(baseline = "perf/checkout.json", maxRegression = {"p99:10%", "rps:5%"})
     * }</pre>
     */
    String baseline() default "";

    /**
     * How much worse than the {@link #baseline()} each figure may get: {@code "p99:10%"} (or {@code p99=10%}),
     * {@code "rps:5%"} (a drop), {@code "errorRate:0.1pp"}; figures {@code p50 p90 p99 p99.9 mean rps errorRate}.
     * Only the figures given are gated; none given: all but p99.9, at 10 % (rps 10 %, errorRate 0.1 pp).
     */
    String[] maxRegression() default {};

    /**
     * The step of a scenario run the budgets of this annotation limit ({@link dev.loadtest.Result#step(String)}):
     * its latencies, its error rate, its throughput (its responses per second of the run) and its statuses;
     * empty (the default) for the whole run. Repeat the annotation for several steps:
     *
     * <pre>{@code
     * @PerformanceBudget(p99 = "50ms", maxErrorRate = 0.01)
     * @PerformanceBudget(step = "checkout", p99 = "80ms", maxErrorRate = 0)
     * }</pre>
     *
     * A run without that step breaches each of them, and the message names the step and the steps the run had.
     * {@link #requireVerdictOk()} and {@link #baseline()} are the whole run's: with a step they are refused.
     */
    String step() default "";

    /**
     * Whether budgets of enclosing levels (the class for a method; the enclosing class for a
     * {@code @Nested} class; the superclass) still apply where not replaced. False starts from nothing:
     * only this level's budgets, and those declared below it, apply.
     */
    boolean inherit() default true;
}
