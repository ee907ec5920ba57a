package dev.loadtest.internal.engine;

import dev.loadtest.ErrorCategory;

/**
 * The open model: the {@link Scheduler} hands a client its requests as they fall due; one that finds every stream
 * busy waits in the client's {@link Backlog} (and is late when it goes), or is dropped when that is full.
 */
final class OpenIssuing extends Issuing {

    private final Backlog backlog;
    /** The scheduler has handed out its last request. */
    private boolean scheduleEnded;

    OpenIssuing(Phase phase, int backlogCapacity) {
        super(phase);
        this.backlog = new Backlog(backlogCapacity);
    }

    /** Whether nothing waits: a request falling due now may go out at once. */
    boolean nothingWaits() {
        return backlog.isEmpty();
    }

    /** Keeps a due request until a stream is free; false (dropped) when the backlog is full. */
    boolean offer(long dueNanos) {
        return backlog.offerLast(dueNanos);
    }

    /** The schedule has no more requests (a counted run handed out all of them). */
    void scheduleEnded() {
        scheduleEnded = true;
    }

    @Override
    boolean hasWork() {
        return !scheduleEnded || !backlog.isEmpty();
    }

    @Override
    long next(long now) {
        if (backlog.isEmpty() || !phase.isIssuing(now)) {
            return NONE;
        }
        return backlog.pollFirst();
    }

    @Override
    boolean nextWasLate() {
        return true;
    }

    /** It waits again, first, its latency still counting from its due time. */
    @Override
    void putBack(long dueNanos) {
        backlog.pushFront(dueNanos);
    }

    @Override
    long giveUp(long now) {
        long notSent = backlog.countWithin(phase.measureStartNanos, phase.measureEndNanos);
        backlog.clear();
        return notSent;
    }

    @Override
    boolean awaitsSchedule() {
        return !scheduleEnded;
    }

    /** The due requests wait in the backlog (or are dropped): the error is counted, no request with it. */
    @Override
    void lostAttempt(WorkerStats stats, ErrorCategory category, String message, long now) {
        if (phase.isMeasuredNow()) {
            stats.connectionError(category, message);
        }
    }

    @Override
    boolean measuredWhenNotSent(long dueNanos) {
        return phase.isMeasured(dueNanos);
    }

    @Override
    long waitingAtEnd() {
        return backlog.countWithin(phase.measureStartNanos, phase.measureEndNanos);
    }
}
