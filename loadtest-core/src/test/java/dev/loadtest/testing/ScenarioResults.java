package dev.loadtest.testing;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One scenario run's result built by hand as the engine builds it, for the readers of steps (JSON, HTML): a
 * login, a catalogue and a checkout step with distinct figures (the checkout has failures, an error and a failed
 * check), sessions, and the token provider's requests; the run's own figures are the sum of the steps'.
 */
public final class ScenarioResults {

    /** The test of {@link #shop()}; {@code .shard(i, n).build()} for a shard of it. */
    public static final LoadTest.Builder TEST = LoadTest.target("http://127.0.0.1:1/").clients(4)
            .duration(Duration.ofSeconds(10));

    private ScenarioResults() {
    }

    /** The result: steps login (100 × 200), catalogue (300 × 200), checkout (95 × 200, 4 × 409, 1 reset). */
    public static Result shop() {
        return shop(TEST.build());
    }

    /** {@link #shop()} as the result of that test (a shard, say). */
    public static Result shop(LoadTest test) {
        StepResult login = step("login", 100, 0, 0, 2_000_000);
        StepResult catalogue = step("catalogue", 300, 0, 0, 5_000_000);
        StepResult checkout = StepResultBuilder.from(step("checkout", 99, 4, 1, 40_000_000))
                .checks(List.of(new CheckResult("status 200", 95, 0, Optional.empty()),
                        new CheckResult("json $.paid=true", 93, 2, Optional.of(new FailureSample(200,
                                "{\"paid\":false}", List.of("$.paid was false"))))))
                .build();
        Sessions sessions = new SessionsBuilder().started(100).completed(93).failed(5).failedAt(Map.of("checkout", 5L))
                .failureReasons(Map.of("checkout", List.of("status 409", "Connection reset by peer")))
                .duration(latencies(100, 1_500_000_000L)).build();
        StepResult token = step("token", 3, 0, 0, 8_000_000);
        List<StepResult> steps = List.of(login, catalogue, checkout);
        long done = 0, succeeded = 0, failed = 0, errored = 0, bytes = 0;
        LatencyHistogram response = LatencyHistogram.EMPTY;
        Map<Integer, Long> statuses = new TreeMap<>();
        for (StepResult s : steps) {
            s.statusCodes().counts().forEach((code, n) -> statuses.merge(code, n, Long::sum));
            done += s.requests().done();
            succeeded += s.requests().succeeded();
            failed += s.requests().failed();
            errored += s.requests().errored();
            bytes += s.traffic().totalBytes();
            response = response.plus(s.responseTime());
        }
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(10)).protocol("h2c")
                .requests(new Requests(done, done, done, succeeded, failed, errored, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(statuses))
                .traffic(new Traffic(bytes, bytes / 4, bytes / 2, bytes - bytes / 4, bytes / 3))
                .errors(Map.of(ErrorCategory.RESET, new ErrorCount(1, "Connection reset by peer")))
                .responseTime(response).serviceTime(response).connections(4).verdict(Verdict.ERRORS)
                .steps(steps).sessions(Optional.of(sessions)).tokenRequests(Optional.of(token)).build();
    }

    /**
     * A step of {@code responses} responses ({@code failed} of them 409) and {@code errored} resets, latencies
     * spread evenly up to {@code maxNanos}; a service time a tenth below the response time.
     */
    public static StepResult step(String name, int responses, int failed, int errored, long maxNanos) {
        int done = responses + errored;
        Map<Integer, Long> statuses = failed == 0 ? Map.of(200, (long) responses)
                : Map.of(200, (long) responses - failed, 409, (long) failed);
        return new StepResultBuilder(name)
                .requests(new Requests(done, done, done, responses - failed, failed + errored, errored, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(statuses))
                .errors(errored == 0 ? Map.of() : Map.of(ErrorCategory.RESET, new ErrorCount(errored,
                        "Connection reset by peer")))
                .traffic(new Traffic(250L * responses, 100L * responses, 200L * responses, 150L * responses,
                        120L * done))
                .responseTime(latencies(responses, maxNanos)).serviceTime(latencies(responses, maxNanos * 9 / 10))
                .build();
    }

    private static LatencyHistogram latencies(int n, long maxNanos) {
        Histogram h = LatencyHistogram.newHistogram();
        for (int i = 1; i <= n; i++) {
            h.recordValue(maxNanos * i / n);
        }
        return LatencyHistogram.of(h);
    }
}
