package dev.loadtest.internal.engine.schedule;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.record.WorkerStats;

/**
 * The closed model: a client issues its next request as soon as a stream is free, up to its share of a counted
 * run (h2load's req_left), without limit in a timed one.
 */
final class ClosedIssuing extends Issuing {

    /** Requests this client may still issue; unlimited in a timed run. */
    private long quota;

    ClosedIssuing(Phase phase, long quota) {
        super(phase);
        this.quota = quota;
    }

    @Override
    public boolean hasWork() {
        return quota > 0;
    }

    @Override
    public long next(long now) {
        // nothing before the run's clock starts (Phase.holdClock): the client sends when the clock has started
        if (quota <= 0 || now < phase.startNanos() || !phase.isIssuing(now)) {
            return NONE;
        }
        quota--;
        return 0;
    }

    @Override
    public boolean nextWasLate() {
        return false;
    }

    @Override
    public void putBack(long dueNanos) {
        quota++;
    }

    @Override
    public long giveUp(long now) {
        // a timed run's quota is unlimited: only a counted run's remaining share is a number of requests
        long notSent = phase.isCounted() && phase.isMeasured(now) ? quota : 0;
        quota = 0;
        return notSent;
    }

    @Override
    public boolean awaitsSchedule() {
        return false;
    }

    /** In a timed run the lost attempt stands for one request never issued, so its errors are there to read. */
    @Override
    public void lostAttempt(WorkerStats stats, ErrorCategory category, String message, long now) {
        if (next(now) != NONE && phase.isMeasured(now)) {
            stats.notIssued(category, message, 1);
        }
    }

    @Override
    public boolean measuredWhenNotSent(long dueNanos) {
        return phase.isMeasuredNow();
    }
}
