package dev.loadtest.assertj;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.Traffic;
import dev.loadtest.check.CheckResult;

/**
 * The entry point of the AssertJ assertions on load test results; import its {@code assertThat}
 * statically, beside AssertJ's own (the two overload cleanly).
 *
 * <pre>{@code
 * import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
 *
 * Result result = LoadTest.target(uri).clients(10).requests(1_000).run();
 * assertThat(result).hasNoErrors()
 *         .hasStatusCount(200, result.requests().done())
 *         .responseTime().percentile(99).isLessThan(Duration.ofMillis(25));
 * assertThat(result).throughput().isAtLeast(2_000);
 * }</pre>
 *
 * A failing one, against a server that answers 503 to some requests:
 *
 * <pre>{@code
 * assertThat(result).hasNoErrors();
 * // java.lang.AssertionError:
 * // Expecting result to have no errors but 5 of 200 requests failed (0 errored, 0 timeout)
 * // status codes: {200=195, 503=5}
 * // errors: none
 * }</pre>
 */
public final class LoadTestAssertions {

    private LoadTestAssertions() {
    }

    /** Assertions on a whole result, with navigation to its parts. */
    public static ResultAssert assertThat(Result actual) {
        return new ResultAssert(actual);
    }

    /** Assertions on one step of a scenario run, e.g. {@code result.step("checkout").orElseThrow()}. */
    public static StepAssert assertThat(StepResult actual) {
        return new StepAssert(actual);
    }

    /** Assertions on the sessions of a scenario run, e.g. {@code result.sessions().orElseThrow()}. */
    public static SessionsAssert assertThat(Sessions actual) {
        return new SessionsAssert(actual);
    }

    /** Assertions on one latency distribution, e.g. {@code result.connectTime()}. */
    public static LatencyAssert assertThat(LatencyHistogram actual) {
        return new LatencyAssert(actual);
    }

    /** Assertions on responses counted by status code. */
    public static StatusCodesAssert assertThat(StatusCodes actual) {
        return new StatusCodesAssert(actual);
    }

    /** Assertions on one response check's counts, e.g. {@code result.checks().get(0)}. */
    public static CheckAssert assertThat(CheckResult actual) {
        return new CheckAssert(actual);
    }

    /** Assertions on the bytes a run moved. */
    public static TrafficAssert assertThat(Traffic actual) {
        return new TrafficAssert(actual);
    }
}
