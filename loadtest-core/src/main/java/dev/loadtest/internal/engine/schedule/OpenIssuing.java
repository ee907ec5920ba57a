package dev.loadtest.internal.engine.schedule;


/**
 * The open model: the {@link Scheduler} hands a client its requests as they fall due; one that finds every stream
 * busy waits in the client's {@link Backlog} (and is late when it goes), or is dropped when that is full.
 */
public final class OpenIssuing extends Issuing {

    private final Backlog backlog;
    /** The scheduler has handed out its last request. */
    private boolean scheduleEnded;

    OpenIssuing(Phase phase, int backlogCapacity) {
        super(phase);
        this.backlog = new Backlog(backlogCapacity);
    }

    /** Whether nothing waits: a request falling due now may go out at once. */
    public boolean nothingWaits() {
        return backlog.isEmpty();
    }

    /** Keeps a due request until a stream is free; false (dropped) when the backlog is full. */
    public boolean offer(long dueNanos) {
        return backlog.offerLast(dueNanos);
    }

    /** The schedule has no more requests (a counted run handed out all of them). */
    public void scheduleEnded() {
        scheduleEnded = true;
    }

    @Override
    public boolean hasWork() {
        return !scheduleEnded || !backlog.isEmpty();
    }

    @Override
    public long next(long now) {
        if (backlog.isEmpty() || !phase.isIssuing(now)) {
            return NONE;
        }
        return backlog.pollFirst();
    }

    @Override
    public boolean nextWasLate() {
        return true;
    }

    /** It waits again, first, its latency still counting from its due time. */
    @Override
    public void putBack(long dueNanos) {
        backlog.pushFront(dueNanos);
    }

    @Override
    public long giveUp(long now) {
        long notSent = backlog.countWithin(phase.measureStartNanos(), phase.measureEndNanos());
        backlog.clear();
        return notSent;
    }

    @Override
    public boolean awaitsSchedule() {
        return !scheduleEnded;
    }

    @Override
    public boolean measuredWhenNotSent(long dueNanos) {
        return phase.isMeasured(dueNanos);
    }

    @Override
    public long waitingAtEnd() {
        return backlog.countWithin(phase.measureStartNanos(), phase.measureEndNanos());
    }
}
