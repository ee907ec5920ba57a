package dev.loadtest.internal.engine.schedule;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.record.WorkerStats;

/**
 * When one client may issue its next request: the load model's part of a client. The closed model
 * ({@link ClosedIssuing}) issues whenever a stream is free, up to the client's share of a counted run; the open
 * model ({@link OpenIssuing}) issues the requests the {@link Scheduler} hands over as they fall due, keeping those
 * that find every stream busy in a backlog.
 *
 * <p>Not thread-safe: the client calls it under its own monitor.
 */
public abstract class Issuing {

    /** What {@link #next} returns when no request may go out now. */
    public static final long NONE = Long.MIN_VALUE;

    final Phase phase;

    Issuing(Phase phase) {
        this.phase = phase;
    }

    /**
     * The policy of a run's client {@code index}: the open model's when the run is {@code rateDriven}, with a
     * backlog of {@code backlogCapacity} due requests; else the closed model's, with the client's share of a
     * counted run.
     */
    public static Issuing of(boolean rateDriven, int backlogCapacity, Phase phase, int index) {
        return rateDriven ? new OpenIssuing(phase, backlogCapacity) : new ClosedIssuing(phase, phase.quota(index));
    }

    /** Whether the client still has requests to issue (counting those it may issue later). */
    public abstract boolean hasWork();

    /**
     * Takes the next request that may go out at {@code now}: its due time (0 in the closed model, which has
     * none), or {@link #NONE}.
     */
    public abstract long next(long now);

    /** Whether a request {@link #next} gave waited for a free stream (the open model's late requests). */
    public abstract boolean nextWasLate();

    /** A request taken by {@link #next} could not be sent: it is issued again later. */
    public abstract void putBack(long dueNanos);

    /**
     * Gives up every request not yet issued: how many of them the measured phase counts (they are errored and
     * never issued). The policy has no work after this, unless a schedule still hands requests out.
     */
    public abstract long giveUp(long now);

    /** Whether a client that gave up still waits for the schedule's end (the open model counts what falls due). */
    public abstract boolean awaitsSchedule();

    /**
     * A connection could not be had, or closed before carrying a request, in a timed run (a counted run loses
     * no request to it): what the failure counts as. Here, a connection error with no request, as in the open
     * model and a scenario's steps, whose requests wait for a connection; the closed model counts a request not
     * issued instead.
     */
    public void lostAttempt(WorkerStats stats, ErrorCategory category, String message, long now) {
        if (phase.isMeasuredNow()) {
            stats.connectionError(category, message);
        }
    }

    /** Whether a request with this due time that will not go out was in the measured phase. */
    public abstract boolean measuredWhenNotSent(long dueNanos);

    /** Due requests of the measured phase still waiting at the end of the run. */
    public long waitingAtEnd() {
        return 0;
    }
}
