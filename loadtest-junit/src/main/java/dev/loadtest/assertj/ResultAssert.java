package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveNoErrors.shouldHaveNoErrors;
import static dev.loadtest.assertj.error.ShouldHaveSessions.shouldHaveSessions;
import static dev.loadtest.assertj.error.ShouldHaveTokenRequests.shouldHaveTokenRequests;
import static dev.loadtest.assertj.error.ShouldHaveStep.shouldHaveStep;
import static dev.loadtest.assertj.error.ShouldHaveVerdict.shouldHaveVerdict;

import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StepResult;
import dev.loadtest.Verdict;
import java.util.Objects;
import java.util.Optional;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a load test's {@link Result}, and the way to assertions on its parts: {@link #responseTime()}
 * (the response time), {@link #serviceTime()}, {@link #throughput()}, {@link #statusCodes()},
 * {@link #traffic()}, {@link #errors()}, {@link #checks()}, and for a scenario run {@link #step(String)} and
 * {@link #sessions()}.
 *
 * <pre>{@code
 * Result result = LoadTest.target(server.uri("/hello")).clients(4).requests(200).run();
 *
 * assertThat(result).hasNoErrors()                           // passes
 *         .hasStatusCount(200, 200)
 *         .hasVerdict(Verdict.OK)
 *         .responseTime().percentile(99).isLessThan(Duration.ofSeconds(1));
 *
 * assertThat(result).hasStatusCount(404, 1);                  // fails:
 * // Expecting 1 responses with status 404 but had 0
 * // status codes: {200=200}
 * }</pre>
 */
public class ResultAssert extends AbstractAssert<ResultAssert, Result> {

    public ResultAssert(Result actual) {
        super(actual, ResultAssert.class);
    }

    /**
     * Verifies that no request failed (no status of 400 or more, no response failing a check, no error, no timeout,
     * none left unsent) and that no error of any category occurred, connection errors included.
     */
    public ResultAssert hasNoErrors() {
        isNotNull();
        if (actual.requests().failed() > 0 || !actual.errors().isEmpty()) {
            throwAssertionError(shouldHaveNoErrors(actual));
        }
        return myself;
    }

    /** Verifies the number of responses with exactly this status code. */
    public ResultAssert hasStatusCount(int statusCode, long expected) {
        isNotNull();
        RequestVerdicts.statusCount(statusCode, expected, actual.statusCodes()).ifPresent(this::throwAssertionError);
        return myself;
    }

    /** Verifies the run's verdict, e.g. {@link Verdict#OK}. */
    public ResultAssert hasVerdict(Verdict expected) {
        isNotNull();
        Objects.requireNonNull(expected, "expected verdict must not be null");
        if (actual.verdict() != expected) {
            throwAssertionError(shouldHaveVerdict(expected, actual));
        }
        return myself;
    }

    /** Verifies the number of requests finished, successfully or not ({@link Requests#done()}). */
    public ResultAssert hasDone(long expected) {
        return hasRequests("done", expected, actualRequests().done());
    }

    /** Verifies the number of requests that succeeded, status 200 to 399 ({@link Requests#succeeded()}). */
    public ResultAssert hasSucceeded(long expected) {
        return hasRequests("succeeded", expected, actualRequests().succeeded());
    }

    /** Verifies the number of requests that failed ({@link Requests#failed()}). */
    public ResultAssert hasFailed(long expected) {
        return hasRequests("failed", expected, actualRequests().failed());
    }

    /**
     * Verifies the share of requests that failed, {@link Requests#errorRate() failed / ended}, is at most {@code max} (0 to 1;
     * {@code 0.001} is 0.1 %). Fails if no request ended.
     */
    public ResultAssert hasErrorRateAtMost(double max) {
        RequestVerdicts.errorRateAtMost(max, actualRequests()).ifPresent(this::throwAssertionError);
        return myself;
    }

    /**
     * Assertions on the response time ({@link Result#responseTime()}): from the time each request was due
     * in a rate-driven run (corrected for coordinated omission), the same as the service time otherwise.
     */
    public LatencyAssert responseTime() {
        isNotNull();
        return described(new LatencyAssert(actual.responseTime(), "response time"));
    }

    /**
     * Assertions on the response time under its 0.1 name.
     *
     * @deprecated since 0.2, use {@link #responseTime()}: the same assertions, under the figure's name (beside
     *     {@link #serviceTime()})
     */
    @Deprecated(since = "0.2")
    public LatencyAssert latency() {
        return responseTime();
    }

    /** Assertions on the service time ({@link Result#serviceTime()}): from the request's send. */
    public LatencyAssert serviceTime() {
        isNotNull();
        return described(new LatencyAssert(actual.serviceTime(), "service time"));
    }

    /** Assertions on the throughput, {@link Result#requestsPerSecond()}. */
    public ThroughputAssert throughput() {
        isNotNull();
        return described(new ThroughputAssert(actual));
    }

    /** Assertions on the bytes moved. */
    public TrafficAssert traffic() {
        isNotNull();
        return described(new TrafficAssert(actual.traffic()));
    }

    /** Assertions on the errors by category. */
    public ErrorsAssert errors() {
        isNotNull();
        return described(new ErrorsAssert(actual.errors()));
    }

    /**
     * Assertions on the response checks ({@link Result#checks()}), e.g.
     * {@code assertThat(result).checks().hasNoFailures()}.
     */
    public ChecksAssert checks() {
        isNotNull();
        return described(new ChecksAssert(actual.checks()));
    }

    /**
     * Assertions on one response check by name, e.g. {@code assertThat(result).check("status 200").hasFailedAtMost(3)}.
     *
     * @throws AssertionError if the run had no check of that name
     */
    public CheckAssert check(String name) {
        return checks().check(name);
    }

    /**
     * Assertions on one step of a scenario run, by its name, e.g.
     * {@code assertThat(result).step("checkout").hasNoErrors().responseTime().hasPercentileAtMost(99, ofMillis(80))}.
     *
     * @throws AssertionError if the run had no step of that name (the message lists the steps it had)
     */
    public StepAssert step(String name) {
        isNotNull();
        Objects.requireNonNull(name, "name must not be null");
        Optional<StepResult> step = actual.step(name);
        if (step.isEmpty()) {
            throwAssertionError(shouldHaveStep(name, actual));
        }
        StepAssert one = new StepAssert(step.get());
        return info.hasDescription() ? one.describedAs(info.descriptionText() + ": step " + name) : one;
    }

    /**
     * Assertions on the requests a scenario's token provider made to fetch its token (timed apart from the steps),
     * as on a step named {@code token}, e.g. {@code assertThat(result).tokenRequests().hasNoErrors()}.
     *
     * @throws AssertionError if the run had no token provider
     */
    public StepAssert tokenRequests() {
        isNotNull();
        if (actual.tokenRequests().isEmpty()) {
            throwAssertionError(shouldHaveTokenRequests());
        }
        StepAssert token = new StepAssert(actual.tokenRequests().get());
        return info.hasDescription() ? token.describedAs(info.descriptionText() + ": token requests") : token;
    }

    /**
     * Assertions on the sessions of a scenario run, e.g. {@code assertThat(result).sessions().hasNoFailures()}.
     *
     * @throws AssertionError if the run had no sessions (it was not a scenario run)
     */
    public SessionsAssert sessions() {
        isNotNull();
        if (actual.sessions().isEmpty()) {
            throwAssertionError(shouldHaveSessions());
        }
        return described(new SessionsAssert(actual.sessions().get()));
    }

    /** Assertions on the responses by status code. */
    public StatusCodesAssert statusCodes() {
        isNotNull();
        return described(new StatusCodesAssert(actual.statusCodes()));
    }

    /**
     * Assertions on this result compared with a baseline run of the same test, e.g.
     * {@code assertThat(result).comparedTo(baseline).hasNotRegressed("p99=10%")}.
     */
    public ComparisonAssert comparedTo(Result baseline) {
        Objects.requireNonNull(baseline, "baseline must not be null");
        return comparedTo(java.util.List.of(baseline));
    }

    /** Assertions on this result compared with several baseline runs of the same test (their spread counts). */
    public ComparisonAssert comparedTo(java.util.List<Result> baselines) {
        isNotNull();
        Objects.requireNonNull(baselines, "baselines must not be null");
        return described(new ComparisonAssert(actual, baselines));
    }

    /** The part's assertions, with this assertion's description if it has one. */
    private <A extends AbstractAssert<A, ?>> A described(A part) {
        return info.hasDescription() ? part.describedAs(info.description()) : part;
    }

    private Requests actualRequests() {
        isNotNull();
        return actual.requests();
    }

    private ResultAssert hasRequests(String state, long expected, long actualCount) {
        RequestVerdicts.count(state, expected, actualCount, actual.requests()).ifPresent(this::throwAssertionError);
        return myself;
    }
}
