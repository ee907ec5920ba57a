package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveNoErrors.shouldHaveNoErrors;

import dev.loadtest.Requests;
import dev.loadtest.StepResult;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one step of a scenario run ({@link dev.loadtest.Result#step(String)}), reached with
 * {@link ResultAssert#step(String)}: the assertions a whole run has, on the step's own figures. Messages name the
 * step.
 *
 * <pre>{@code
 * Result result = LoadTest.target(uri).scenario(shop).users(20).duration(Duration.ofSeconds(10)).run();
 *
 * assertThat(result).step("checkout").hasNoErrors()                               // passes
 *         .responseTime().hasPercentileAtMost(99, Duration.ofMillis(80));
 *
 * assertThat(result).step("checkout").hasStatusCount(409, 0);                     // fails:
 * // [step checkout]
 * // Expecting 0 responses with status 409 but had 4
 * // status codes: {200=95, 409=4}
 * }</pre>
 */
public class StepAssert extends AbstractAssert<StepAssert, StepResult> {

    public StepAssert(StepResult actual) {
        super(actual, StepAssert.class);
        if (actual != null) {
            describedAs("step " + actual.name());
        }
    }

    /** Verifies that none of the step's requests failed and that no error occurred in it. */
    public StepAssert hasNoErrors() {
        isNotNull();
        if (actual.requests().failed() > 0 || !actual.errors().isEmpty()) {
            throwAssertionError(shouldHaveNoErrors(actual));
        }
        return myself;
    }

    /** Verifies the number of the step's responses with exactly this status code. */
    public StepAssert hasStatusCount(int statusCode, long expected) {
        isNotNull();
        RequestVerdicts.statusCount(statusCode, expected, actual.statusCodes()).ifPresent(this::throwAssertionError);
        return myself;
    }

    /** Verifies the number of the step's requests finished, successfully or not. */
    public StepAssert hasDone(long expected) {
        return hasRequests("done", expected, requests().done());
    }

    /** Verifies the number of the step's requests that succeeded (status 200 to 399, every check passed). */
    public StepAssert hasSucceeded(long expected) {
        return hasRequests("succeeded", expected, requests().succeeded());
    }

    /** Verifies the number of the step's requests that failed. */
    public StepAssert hasFailed(long expected) {
        return hasRequests("failed", expected, requests().failed());
    }

    /**
     * Verifies the share of the step's requests that failed, {@link Requests#errorRate() failed /
     * ended}, is at most {@code max} (0 to 1). Fails if none of its requests ended.
     */
    public StepAssert hasErrorRateAtMost(double max) {
        RequestVerdicts.errorRateAtMost(max, requests()).ifPresent(this::throwAssertionError);
        return myself;
    }

    /**
     * Assertions on the step's response time: in an open-model run from when the step was due (corrected for
     * coordinated omission), in a closed-model run the same as its service time.
     */
    public LatencyAssert responseTime() {
        isNotNull();
        return part(new LatencyAssert(actual.responseTime(), "response time"));
    }

    /** Assertions on the step's service time, from each request's send. */
    public LatencyAssert serviceTime() {
        isNotNull();
        return part(new LatencyAssert(actual.serviceTime(), "service time"));
    }

    /** Assertions on the step's responses by status code. */
    public StatusCodesAssert statusCodes() {
        isNotNull();
        return part(new StatusCodesAssert(actual.statusCodes()));
    }

    /** Assertions on the bytes the step moved. */
    public TrafficAssert traffic() {
        isNotNull();
        return part(new TrafficAssert(actual.traffic()));
    }

    /** Assertions on the step's errors by category. */
    public ErrorsAssert errors() {
        isNotNull();
        return part(new ErrorsAssert(actual.errors()));
    }

    /** Assertions on the step's checks (the run's, then the step's own). */
    public ChecksAssert checks() {
        isNotNull();
        return part(new ChecksAssert(actual.checks()));
    }

    /**
     * Assertions on one of the step's checks by name.
     *
     * @throws AssertionError if the step had no check of that name
     */
    public CheckAssert check(String name) {
        return checks().check(name);
    }

    private <A extends AbstractAssert<A, ?>> A part(A assertion) {
        return assertion.describedAs(info.description());
    }

    private Requests requests() {
        isNotNull();
        return actual.requests();
    }

    private StepAssert hasRequests(String state, long expected, long actualCount) {
        RequestVerdicts.count(state, expected, actualCount, actual.requests()).ifPresent(this::throwAssertionError);
        return myself;
    }
}
