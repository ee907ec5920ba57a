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
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Results of scenario runs made by hand, as an engine would build them: steps with known counts and latencies
 * drawn from a seed, and a run whose own figures are the sum of its steps'.
 */
public final class ScenarioRuns {

    private ScenarioRuns() {
    }

    /**
     * A step of {@code responses} responses, {@code failed} of them 503 (the rest 200), one check, and, when
     * {@code errored > 0}, that many reset requests; its response times drawn from {@code seed} and also recorded
     * into {@code allResponseTimes}, so a test can compare a merge with one histogram of every value.
     */
    public static StepResult step(String name, long seed, int responses, int failed, int errored,
                                  Histogram allResponseTimes) {
        Random random = new Random(seed);
        Histogram response = LatencyHistogram.newHistogram();
        Histogram service = LatencyHistogram.newHistogram();
        for (int i = 0; i < responses; i++) {
            long serviceNanos = 200_000 + (long) (random.nextDouble() * random.nextDouble() * 40_000_000);
            service.recordValue(serviceNanos);
            response.recordValue(serviceNanos + random.nextInt(2_000_000));
        }
        allResponseTimes.add(response);
        int done = responses + errored;
        Map<Integer, Long> statuses = new TreeMap<>();
        statuses.put(200, (long) responses - failed);
        if (failed > 0) {
            statuses.put(503, (long) failed);
        }
        return new StepResultBuilder(name)
                .requests(new Requests(done, done, done, responses - failed, failed + errored, errored, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(statuses))
                .errors(errored == 0 ? Map.of()
                        : Map.of(ErrorCategory.RESET, new ErrorCount(errored, "Connection reset in " + name)))
                .checks(List.of(new CheckResult("status 200", responses - failed, failed, Optional.empty())))
                .traffic(new Traffic(300L * responses, 100L * responses, 100L * responses, 200L * responses,
                        150L * done))
                .responseTime(LatencyHistogram.of(response)).serviceTime(LatencyHistogram.of(service)).build();
    }

    /** A scenario run whose own figures (requests, statuses, errors, bytes, latencies) are the sum of its steps'. */
    public static Result run(LoadTest test, List<StepResult> steps, Optional<Sessions> sessions,
                             Optional<StepResult> tokenRequests) {
        long total = 0, succeeded = 0, failed = 0, errored = 0;
        long received = 0, headers = 0, data = 0, sent = 0;
        Map<Integer, Long> statuses = new TreeMap<>();
        Map<ErrorCategory, ErrorCount> errors = new TreeMap<>();
        LatencyHistogram response = LatencyHistogram.EMPTY;
        LatencyHistogram service = LatencyHistogram.EMPTY;
        for (StepResult s : steps) {
            total += s.requests().total();
            succeeded += s.requests().succeeded();
            failed += s.requests().failed();
            errored += s.requests().errored();
            received += s.traffic().totalBytes();
            headers += s.traffic().headerBytes();
            data += s.traffic().dataBytes();
            sent += s.traffic().sentBytes();
            s.statusCodes().counts().forEach((code, n) -> statuses.merge(code, n, Long::sum));
            s.errors().forEach((c, e) -> errors.merge(c, e, (a, b) -> new ErrorCount(a.count() + b.count(),
                    a.sampleMessage())));
            response = response.plus(s.responseTime());
            service = service.plus(s.serviceTime());
        }
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(10)).protocol("h2c")
                .requests(new Requests(total, total, total, succeeded, failed, errored, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(statuses)).errors(errors)
                .traffic(new Traffic(received, headers, headers, data, sent)).responseTime(response)
                .serviceTime(service).connections(4).verdict(errored > 0 || failed > 0 ? Verdict.ERRORS : Verdict.OK)
                .steps(steps).sessions(sessions).tokenRequests(tokenRequests).build();
    }
}
