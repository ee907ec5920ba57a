package dev.loadtest.internal.engine.schedule;

import java.util.function.BooleanSupplier;

/**
 * A scenario run's clients: a client sends whenever a stream is free and a session's step is due, which the
 * scenario engine decides (its users, arrivals and pauses), not a quota or a schedule of the client's own. So
 * nothing is counted against the client: a step that is not sent stays its session's, and a lost connection is
 * an error that stands for no request.
 */
public final class StepIssuing extends Issuing {

    private final BooleanSupplier sessionsLeft;

    /** @param sessionsLeft whether the run's sessions may still give steps (false once every user is done) */
    public StepIssuing(Phase phase, BooleanSupplier sessionsLeft) {
        super(phase);
        this.sessionsLeft = sessionsLeft;
    }

    @Override
    public boolean hasWork() {
        return sessionsLeft.getAsBoolean();
    }

    @Override
    public long next(long now) {
        return now < phase.startNanos() || !phase.isIssuing(now) ? NONE : 0;
    }

    @Override
    public boolean nextWasLate() {
        return false;
    }

    @Override
    public void putBack(long dueNanos) {
        // the step stays with its session, which the feed holds
    }

    @Override
    public long giveUp(long now) {
        return 0;
    }

    @Override
    public boolean awaitsSchedule() {
        return false;
    }

    @Override
    public boolean measuredWhenNotSent(long dueNanos) {
        return measuredWhenNotSent(phase, dueNanos, System.nanoTime());
    }

    /**
     * Whether a step that will not go out, found so at {@code now}, counts as a request never issued: as sent requests
     * are measured (DESIGN.md §4), the open model by when it fell due ({@code dueNanos}: its place in the schedule,
     * from which its response time would have counted), the closed model, which has no due time ({@code dueNanos}
     * 0), by when it was found unsendable, as a sent one is by its send. The slots and the scenario engine both ask
     * this, so that the run's figures stay the sum of its steps'.
     */
    public static boolean measuredWhenNotSent(Phase phase, long dueNanos, long now) {
        return phase.isMeasured(dueNanos != 0 ? dueNanos : now);
    }
}
