package dev.loadtest.internal.engine.scenario;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.connection.StepFeed;
import dev.loadtest.internal.engine.record.StepStats;
import dev.loadtest.spi.CapturedResponse;

/**
 * The steps of one session, for its own connection (the open model with a connection per session): its slot takes
 * them from the session's queue alone, and has work until the session ends. A step's fate goes to the run, as from
 * any slot.
 */
final class SessionSteps implements StepFeed {

    private final ScenarioRun run;
    private final LiveSession session;

    SessionSteps(ScenarioRun run, LiveSession session) {
        this.run = run;
        this.session = session;
    }

    @Override
    public Call next(int slot, long now) {
        return run.next(session.queue, slot, now);
    }

    @Override
    public void sent(Call call, long sentNanos, boolean measured) {
        run.sent(call, sentNanos, measured);
    }

    @Override
    public StepStats stats(Call call) {
        return run.stats(call);
    }

    @Override
    public long completed(Call call, int status, CapturedResponse response, long firstSentNanos, long now,
            boolean measured) {
        return run.completed(call, status, response, firstSentNanos, now, measured);
    }

    @Override
    public void failed(Call call, ErrorCategory category, String message, boolean timedOut, boolean measured) {
        run.failed(call, category, message, timedOut, measured);
    }

    @Override
    public void notSent(Call call, ErrorCategory category, String message, boolean measured, boolean sentBefore) {
        run.notSent(call, category, message, measured, sentBefore);
    }

    /** The connection has work while its session lasts: it closes at the session's end. */
    @Override
    public boolean hasWork() {
        return !session.ended;
    }

    /** Its connection could not be had: the session fails at the step it waits for (now or after its pause). */
    @Override
    public void gaveUp(int slot, ErrorCategory category, String message) {
        run.lose(session.queue, category, message);
    }
}
