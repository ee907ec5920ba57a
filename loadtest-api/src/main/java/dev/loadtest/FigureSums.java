package dev.loadtest;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The exact sums of counted figures, the same whether a run's shards are added ({@link Results#merge(List)}) or
 * the same step of several shards ({@link ScenarioMerge}): one place, so both add alike.
 */
final class FigureSums {

    private FigureSums() {
    }

    static Requests requests(List<Requests> all) {
        long total = 0, started = 0, done = 0, succeeded = 0, failed = 0, errored = 0, timeout = 0, notIssued = 0;
        long retried = 0, checkFailed = 0;
        for (Requests q : all) {
            total += q.total();
            started += q.started();
            done += q.done();
            succeeded += q.succeeded();
            failed += q.failed();
            errored += q.errored();
            timeout += q.timeout();
            notIssued += q.notIssued();
            retried += q.retried();
            checkFailed += q.checkFailed();
        }
        return new Requests(total, started, done, succeeded, failed, errored, timeout, notIssued, retried, checkFailed);
    }

    static Traffic traffic(List<Traffic> all) {
        long totalBytes = 0, headerBytes = 0, decoded = 0, data = 0, sent = 0;
        for (Traffic t : all) {
            totalBytes += t.totalBytes();
            headerBytes += t.headerBytes();
            decoded += t.decodedHeaderBytes();
            data += t.dataBytes();
            sent += t.sentBytes();
        }
        return new Traffic(totalBytes, headerBytes, decoded, data, sent);
    }

    static StatusCodes statusCodes(List<StatusCodes> all) {
        Map<Integer, Long> statuses = new TreeMap<>();
        for (StatusCodes codes : all) {
            codes.counts().forEach((code, n) -> statuses.merge(code, n, Long::sum));
        }
        return new StatusCodes(statuses);
    }

    /** Counts add; each category keeps the first non-empty sample message and the first distinct messages. */
    static Map<ErrorCategory, ErrorCount> errors(List<Map<ErrorCategory, ErrorCount>> all) {
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        for (Map<ErrorCategory, ErrorCount> part : all) {
            part.forEach((c, e) -> errors.merge(c, e, ErrorCount::plus));
        }
        return errors;
    }
}
