package dev.loadtest.internal.engine;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** Adds up the threads' figures into the immutable {@link Result}, once the run's threads have ended. */
final class ResultAssembly {

    private ResultAssembly() {
    }

    static Result assemble(EngineRun run, long endNanos) {
        Phase phase = run.phase();
        List<WorkerStats> all = run.recorders().all();
        Counts sum = new Counts();
        Map<Integer, Long> statuses = new HashMap<>();
        Histogram lag = LatencyHistogram.newHistogram();
        Histogram connect = LatencyHistogram.newHistogram();
        Histogram ttfb = LatencyHistogram.newHistogram();
        Map<ErrorCategory, long[]> errorCounts = new EnumMap<>(ErrorCategory.class);
        Map<ErrorCategory, String> samples = new EnumMap<>(ErrorCategory.class);
        for (WorkerStats s : all) {
            sum.add(s);
            for (int code = 0; code < s.statuses.length; code++) {
                if (s.statuses[code] != 0) {
                    statuses.merge(code, s.statuses[code], Long::sum);
                }
            }
            s.otherStatuses.forEach((code, n) -> statuses.merge(code, n, Long::sum));
            lag.add(s.schedulerLag);
            connect.add(s.connectTime);
            ttfb.add(s.timeToFirstByte);
            s.errors.forEach((c, n) -> errorCounts.computeIfAbsent(c, k -> new long[1])[0] += n[0]);
            s.errorSamples.forEach(samples::putIfAbsent);
        }
        // done = sent and finished (h2load's meaning): requests never issued are errored, not done
        long done = sum.responded + sum.errored - sum.notIssued;
        boolean rateDriven = run.test().isRateDriven();
        long total = phase.isCounted() ? run.test().requests().getAsLong()
                : rateDriven ? sum.scheduled : sum.started + sum.notIssued;
        Requests requests = new Requests(total, sum.started, done, sum.succeeded, sum.statusFailed + sum.errored,
                sum.errored, sum.timeout, sum.notIssued, sum.retried);
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        errorCounts.forEach((c, n) -> errors.put(c, new ErrorCount(n[0], samples.getOrDefault(c, ""))));

        long measuredEnd = Math.min(endNanos, phase.measureEndNanos);
        long measuredStart = phase.isCounted() ? phase.startNanos : phase.measureStartNanos;
        Duration duration = Duration.ofNanos(Math.max(0, measuredEnd - measuredStart));

        double[] rates = run.clients().stream().mapToDouble(c -> c.requestRate(endNanos)).toArray();
        double seconds = duration.toNanos() / 1e9;
        Optional<Rate> rate = Optional.empty();
        if (rateDriven) {
            long backlog = run.clients().stream().mapToLong(Client::backlogAtEnd).sum();
            rate = Optional.of(new Rate(seconds > 0 ? sum.scheduled / seconds : 0,
                    seconds > 0 ? sum.started / seconds : 0, sum.scheduled, sum.dropped, sum.late, backlog,
                    LatencyHistogram.of(lag)));
        }
        LatencyHistogram service = LatencyHistogram.of(run.timeline().serviceTotal());
        LatencyHistogram response = rateDriven ? LatencyHistogram.of(run.timeline().responseTotal()) : service;
        int maxOnConnection = run.clients().stream().mapToInt(Client::maxResponsesOnConnection).max().orElse(0);
        Verdict verdict = verdict(run, requests, errors, rate, maxOnConnection);
        return new Result(run.test(), duration, run.protocol(), requests, new StatusCodes(statuses),
                new Traffic(sum.totalBytes, sum.headerBytes, sum.decodedHeaderBytes, sum.dataBytes, sum.sentBytes),
                service, response, LatencyHistogram.of(connect), LatencyHistogram.of(ttfb), Statistics.of(rates),
                sum.connections, errors, rate, run.timeline().intervals(), verdict, run.isStopped());
    }

    private static Verdict verdict(EngineRun run, Requests requests, Map<ErrorCategory, ErrorCount> errors,
                                   Optional<Rate> rate, int maxResponsesOnConnection) {
        boolean secondRequestWanted = run.test().keepAlive()
                && (run.test().requests().isEmpty() || run.test().requests().getAsLong() > run.test().clients());
        // a run whose requests all failed at once (refused, protocol or TLS errors) did not stall: it failed
        boolean failedAtOnce = requests.responded() == 0 && errors.keySet().stream()
                .anyMatch(c -> c != ErrorCategory.REQUEST_TIMEOUT);
        return Verdict.of(requests, errors, rate,
                secondRequestWanted && maxResponsesOnConnection < 2 && !failedAtOnce);
    }
}
