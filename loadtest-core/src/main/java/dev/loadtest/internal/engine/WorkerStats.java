package dev.loadtest.internal.engine;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LatencyHistogram;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The figures one thread recorded. Single writer: only its own thread writes it, without locks;
 * it is read once, after every writer thread has ended (see {@link Recorders#joinWriters}), but for
 * the timeline's racy reads of its counters and its recorders' interval histograms.
 */
final class WorkerStats extends Counts {

    /** Responses by status code 0..599; anything else goes to {@link #otherStatuses}. */
    final long[] statuses = new long[600];
    final Map<Integer, Long> otherStatuses = new HashMap<>();

    /** The stream id of this thread's last HEADERS out, for the exchange that sent them. */
    int lastStreamId;

    /**
     * Service and response times go through recorders, so the timeline can take each interval's
     * histogram while this thread goes on recording (HdrHistogram's writer-reader phaser).
     */
    final SingleWriterRecorder serviceTime = newRecorder();
    final SingleWriterRecorder responseTime = newRecorder();
    final Histogram connectTime = LatencyHistogram.newHistogram();
    final Histogram schedulerLag = LatencyHistogram.newHistogram();
    final Histogram timeToFirstByte = LatencyHistogram.newHistogram();

    final EnumMap<ErrorCategory, long[]> errors = new EnumMap<>(ErrorCategory.class);
    final EnumMap<ErrorCategory, String> errorSamples = new EnumMap<>(ErrorCategory.class);

    void status(int code) {
        if (code >= 0 && code < statuses.length) {
            statuses[code]++;
        } else {
            otherStatuses.merge(code, 1L, Long::sum);
        }
        if (code >= 200 && code < 400) {
            succeeded++;
        } else {
            statusFailed++;
        }
    }

    void error(ErrorCategory category, String message) {
        error(category, message, 1);
    }

    /** {@code n} errors of one category at once (a client that gives up its remaining requests). */
    void error(ErrorCategory category, String message, long n) {
        if (n <= 0) {
            return;
        }
        errors.computeIfAbsent(category, c -> new long[1])[0] += n;
        errorSamples.putIfAbsent(category, message);
    }

    static void record(Histogram histogram, long nanos) {
        histogram.recordValue(Math.max(0, nanos));
    }

    void recordServiceTime(long nanos) {
        serviceTime.recordValue(clamp(nanos));
    }

    void recordResponseTime(long nanos) {
        responseTime.recordValue(clamp(nanos));
    }

    /** The recorders' range: 1 µs resolution up to an hour; anything longer is recorded as an hour. */
    static final long MAX_RECORDED_NANOS = 3_600_000_000_000L;

    private static long clamp(long nanos) {
        return Math.max(0, Math.min(MAX_RECORDED_NANOS, nanos));
    }

    private static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(1_000, MAX_RECORDED_NANOS, 3);
    }
}
