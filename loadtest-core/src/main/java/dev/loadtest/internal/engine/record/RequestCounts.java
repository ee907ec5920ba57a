package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A thread's counts of requests and of their errors by category (each with its first distinct messages), as it records a
 * whole run ({@link WorkerStats}) or one step of a scenario ({@link StepStats}): one way of counting for both, so
 * that a run's figures are the sum of its steps' (its bytes too). Single writer, as its subclasses.
 */
class RequestCounts extends Counts {

    /** The recorders' range: 1 µs resolution up to an hour; anything longer is recorded as an hour. */
    static final long MAX_RECORDED_NANOS = 3_600_000_000_000L;

    final EnumMap<ErrorCategory, long[]> errors = new EnumMap<>(ErrorCategory.class);
    /** Each category's first distinct messages, at most {@link ErrorCount#MAX_MESSAGES}, in the order seen. */
    final EnumMap<ErrorCategory, List<String>> errorMessages = new EnumMap<>(ErrorCategory.class);

    /** A measured request the server did not process goes out again (counted once per request). */
    public void retried() {
        retried++;
    }

    /** A measured request that was sent failed: errored, a timeout when {@code timedOut}, in its category. */
    public void failed(ErrorCategory category, String message, boolean timedOut) {
        errored++;
        if (timedOut) {
            timeout++;
        }
        error(category, message, 1);
    }

    /** {@code n} measured requests never went out: errored and never issued, in one category. */
    public void notIssued(ErrorCategory category, String message, long n) {
        notIssued += n;
        errored += n;
        error(category, message, n);
    }

    /**
     * A measured request that will not go out: failed when it went out once before (it was counted as started
     * then: a request sent again, a redirect's first), else never issued.
     */
    public void notSent(ErrorCategory category, String message, boolean sentBefore) {
        if (sentBefore) {
            failed(category, message, false);
        } else {
            notIssued(category, message, 1);
        }
    }

    /** A measured response's status counted: succeeded when 200-399, failed by its status otherwise. */
    void countStatus(int status) {
        if (status >= 200 && status < 400) {
            succeeded++;
        } else {
            statusFailed++;
        }
    }

    /**
     * A measured response, recorded as responded just before, failed its scenario step (a check or a required
     * extraction) with a status of 200-399: moved from succeeded to failed, as a failed check moves it.
     */
    public void judgedFailed(int status) {
        if (status >= 200 && status < 400) {
            succeeded--;
            checkFailed++;
        }
    }

    // ---- bytes: a step's are counted where and when the run's are (see StepResult.traffic()) ----

    /** Bytes received (all of them: HTTP/2 frames, or HTTP/1.1 heads, bodies and framing; after TLS). */
    public void received(long bytes) {
        totalBytes += bytes;
    }

    /** Bytes sent (after TLS). */
    public void sent(long bytes) {
        sentBytes += bytes;
    }

    /** Response header bytes as they came (HPACK-compressed on HTTP/2) and decoded (names and values). */
    public void headerBytes(long onTheWire, long decoded) {
        headerBytes += onTheWire;
        decodedHeaderBytes += decoded;
    }

    /** Response body bytes. */
    public void dataBytes(long bytes) {
        dataBytes += bytes;
    }

    /** A time to record, within the recorders' range: below zero as zero, above an hour as an hour. */
    static long clamp(long nanos) {
        return Math.max(0, Math.min(MAX_RECORDED_NANOS, nanos));
    }

    /**
     * Adds this thread's errors to a sum over threads: their counts to {@code counts}, and its messages to
     * {@code messages} by {@link ErrorCount#plus}, its first message the sample (each thread's first message of a
     * category is its sample; the first thread's wins, as a shard's does).
     */
    void addErrorsTo(Map<ErrorCategory, long[]> counts, Map<ErrorCategory, ErrorCount> messages) {
        errors.forEach((c, n) -> counts.computeIfAbsent(c, k -> new long[1])[0] += n[0]);
        errorMessages.forEach((c, m) -> messages.merge(c, new ErrorCount(0, m.isEmpty() ? "" : m.get(0), m),
                ErrorCount::plus));
    }

    /** The errors summed by {@link #addErrorsTo}: each category's count, with its messages. */
    static Map<ErrorCategory, ErrorCount> errors(Map<ErrorCategory, long[]> counts,
                                                 Map<ErrorCategory, ErrorCount> messages) {
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        counts.forEach((c, n) -> errors.put(c, new ErrorCount(n[0], "", List.of())
                .plus(messages.getOrDefault(c, ErrorCount.NONE))));
        return errors;
    }

    /** {@code n} errors of one category at once (a client that gives up its remaining requests). */
    void error(ErrorCategory category, String message, long n) {
        if (n <= 0) {
            return;
        }
        errors.computeIfAbsent(category, c -> new long[1])[0] += n;
        List<String> messages = errorMessages.computeIfAbsent(category, c -> new ArrayList<>());
        // a source failing every request one way compares its message with one kept message each time
        if (messages.size() < ErrorCount.MAX_MESSAGES && message != null && !messages.contains(message)) {
            messages.add(message);
        }
    }
}
