package dev.loadtest.internal.engine;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Adds up the threads' figures into the immutable {@link Result}, once the run's threads have ended. */
final class ResultAssembly {

    private ResultAssembly() {
    }

    static Result assemble(EngineRun run, long endNanos) {
        Phase phase = run.phase();
        List<WorkerStats> all = run.recorders().all();
        WorkerStats sum = new WorkerStats();
        Map<Integer, Long> statuses = new HashMap<>();
        Histogram request = LatencyHistogram.newHistogram();
        Histogram connect = LatencyHistogram.newHistogram();
        Histogram ttfb = LatencyHistogram.newHistogram();
        Map<ErrorCategory, long[]> errorCounts = new EnumMap<>(ErrorCategory.class);
        Map<ErrorCategory, String> samples = new EnumMap<>(ErrorCategory.class);
        for (WorkerStats s : all) {
            sum.started += s.started;
            sum.responded += s.responded;
            sum.succeeded += s.succeeded;
            sum.statusFailed += s.statusFailed;
            sum.errored += s.errored;
            sum.timeout += s.timeout;
            sum.notIssued += s.notIssued;
            sum.totalBytes += s.totalBytes;
            sum.headerBytes += s.headerBytes;
            sum.decodedHeaderBytes += s.decodedHeaderBytes;
            sum.dataBytes += s.dataBytes;
            sum.sentBytes += s.sentBytes;
            sum.connections += s.connections;
            for (int code = 0; code < s.statuses.length; code++) {
                if (s.statuses[code] != 0) {
                    statuses.merge(code, s.statuses[code], Long::sum);
                }
            }
            s.otherStatuses.forEach((code, n) -> statuses.merge(code, n, Long::sum));
            request.add(s.requestTime);
            connect.add(s.connectTime);
            ttfb.add(s.timeToFirstByte);
            s.errors.forEach((c, n) -> errorCounts.computeIfAbsent(c, k -> new long[1])[0] += n[0]);
            s.errorSamples.forEach(samples::putIfAbsent);
        }
        long done = sum.responded + sum.errored;
        long total = phase.isCounted() ? run.test().requests().getAsLong() : sum.started + sum.notIssued;
        Requests requests = new Requests(total, sum.started, done, sum.succeeded, sum.statusFailed + sum.errored,
                sum.errored, sum.timeout, sum.notIssued);
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        errorCounts.forEach((c, n) -> errors.put(c, new ErrorCount(n[0], samples.getOrDefault(c, ""))));

        long measuredEnd = Math.min(endNanos, phase.measureEndNanos);
        long measuredStart = phase.isCounted() ? phase.startNanos : phase.measureStartNanos;
        Duration duration = Duration.ofNanos(Math.max(0, measuredEnd - measuredStart));

        double[] rates = run.clients().stream().mapToDouble(c -> c.requestRate(endNanos)).toArray();
        return new Result(run.test(), duration, run.protocol(), requests, new StatusCodes(statuses),
                new Traffic(sum.totalBytes, sum.headerBytes, sum.decodedHeaderBytes, sum.dataBytes, sum.sentBytes),
                LatencyHistogram.of(request), LatencyHistogram.of(request), LatencyHistogram.of(connect),
                LatencyHistogram.of(ttfb), Statistics.of(rates), sum.connections, errors, java.util.Optional.empty(),
                List.of(), dev.loadtest.Verdict.OK, run.isStopped());
    }
}
