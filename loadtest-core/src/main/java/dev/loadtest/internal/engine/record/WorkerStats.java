package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.spi.CapturedResponse;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.spi.CheckTally;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The figures one thread recorded. Single writer: only its own thread writes it, without locks;
 * it is read once, after every writer thread has ended (see {@link Recorders#joinWriters}), but for
 * the timeline's racy reads of its counters and its recorders' interval histograms.
 *
 * <p>Writers outside this package record through the methods below, each one event as the figures of
 * DESIGN.md §4 count it; only the timeline and the result assembly read the fields.
 */
public final class WorkerStats extends RequestCounts {

    /** Responses by status code 0..599; anything else goes to {@link #otherStatuses}. */
    final long[] statuses = new long[600];
    final Map<Integer, Long> otherStatuses = new HashMap<>();

    /**
     * Service and response times go through recorders, so the timeline can take each interval's
     * histogram while this thread goes on recording (HdrHistogram's writer-reader phaser).
     */
    final SingleWriterRecorder serviceTime = newRecorder();
    final SingleWriterRecorder responseTime = newRecorder();
    /**
     * The timeline's last interval histograms of the two recorders, handed back at the next cut: a cut then allocates
     * none (each is ~190 KB, 1 µs to an hour at 3 digits, and a cut took two per thread every second). Used by the
     * timeline's cuts only, one at a time (the recorder's interval calls are synchronized).
     */
    private Histogram serviceInterval;
    private Histogram responseInterval;
    final Histogram connectTime = LatencyHistogram.newHistogram();
    final Histogram schedulerLag = LatencyHistogram.newHistogram();
    final Histogram timeToFirstByte = LatencyHistogram.newHistogram();

    /** This thread's counts of the run's response checks; made at its first checked response, null before. */
    CheckTally checks;

    /** This thread's figures of a scenario run's steps and sessions; made at first use, null in other runs. */
    ScenarioStats scenario;

    /** This thread's figures of a scenario of {@code steps} steps (made at the first call). */
    public ScenarioStats scenario(int steps) {
        if (scenario == null) {
            scenario = new ScenarioStats(steps);
        }
        return scenario;
    }

    // ---- connections ----

    /** A connection was opened (every connection of the run, warm-up included, as h2load counts them). */
    public void connectionOpened() {
        connections++;
    }

    /** How long a connection took to be ready: TCP, and the TLS handshake when there is one. */
    public void connectTime(long nanos) {
        record(connectTime, nanos);
    }

    /** How long from the connect to the first response byte on a connection. */
    public void timeToFirstByte(long nanos) {
        record(timeToFirstByte, nanos);
    }

    // ---- requests ----

    /** A measured request went on the wire for the first time; {@code late}: it waited for a free stream. */
    public void started(boolean late) {
        started++;
        if (late) {
            this.late++;
        }
    }

    /**
     * A measured request's response is whole: its status, its service time and, in the open model, its response
     * time from the due time ({@code responseNanos} is ignored when {@code hasDueTime} is false).
     * A run with response checks then calls {@link #checked}.
     */
    public void responded(int status, long serviceNanos, boolean hasDueTime, long responseNanos) {
        responded++;
        status(status);
        recordServiceTime(serviceNanos);
        if (hasDueTime) {
            recordResponseTime(responseNanos);
        }
    }

    /**
     * A measured response, {@linkplain #responded recorded} just before, judged by the run's checks: each check's
     * pass or failure counted in this thread's tally, and a response of status 200-399 that failed one moved from
     * succeeded to failed ({@code checkFailed}); one of 400 or more is already failed by its status.
     */
    public void checked(CheckPlan plan, CapturedResponse response) {
        if (checks == null) {
            checks = plan.newTally();
        }
        if (plan.evaluate(response, checks) != null) {
            judgedFailed(response.status());   // one of 400 or more is failed by its status already
        }
    }

    /**
     * An error that stands for no request (open model: a failed connect while the due requests wait in the
     * backlog): in the errors by category only.
     */
    public void connectionError(ErrorCategory category, String message) {
        error(category, message, 1);
    }

    // ---- the open model's schedule ----

    /** A measured request fell due, handed out {@code lagNanos} after its due time. */
    public void scheduled(long lagNanos) {
        scheduled++;
        record(schedulerLag, lagNanos);
    }

    /**
     * A measured request fell due while the client's backlog was full, or the scheduler stopped, behind its schedule,
     * before handing it over: dropped, never issued.
     */
    public void dropped() {
        dropped++;
    }

    // ---- the timeline's interval cuts (its thread only) ----

    /**
     * The service times recorded since the last call, in a histogram valid until the next call, which reuses it (the
     * timeline adds it into the interval's own and lets go of it).
     */
    Histogram serviceTimeInterval() {
        serviceInterval = serviceTime.getIntervalHistogram(serviceInterval);
        return serviceInterval;
    }

    /** The response times recorded since the last call, as {@link #serviceTimeInterval()} hands them. */
    Histogram responseTimeInterval() {
        responseInterval = responseTime.getIntervalHistogram(responseInterval);
        return responseInterval;
    }

    void status(int code) {
        if (code >= 0 && code < statuses.length) {
            statuses[code]++;
        } else {
            otherStatuses.merge(code, 1L, Long::sum);
        }
        countStatus(code);
    }

    private static void record(Histogram histogram, long nanos) {
        histogram.recordValue(Math.max(0, nanos));
    }

    private void recordServiceTime(long nanos) {
        serviceTime.recordValue(clamp(nanos));
    }

    private void recordResponseTime(long nanos) {
        responseTime.recordValue(clamp(nanos));
    }

    private static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(1_000, MAX_RECORDED_NANOS, 3);
    }
}
