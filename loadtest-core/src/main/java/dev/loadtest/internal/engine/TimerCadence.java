package dev.loadtest.internal.engine;

import java.util.concurrent.TimeUnit;

/**
 * When the run's timer wakes and what it does then: it checks request timeouts (every 50 ms to 250 ms, see
 * {@link #checkNanos}), tells the progress listeners every 100 ms when one listens, and wakes exactly when the
 * timeline has work (the measured part's start, an interval's cut) and at the deadline, so none of those waits for
 * a tick; between them it sleeps. A run with a concurrency plan also wakes every 10 ms, the plan's steps; a scenario
 * run every 50 ms, for a step queued where no slot looked.
 *
 * <p>Why not a fixed tick: each wake-up of a thread costs tens of microseconds of CPU on a busy 2-core machine
 * (about 100 µs a tick here, with the tick's own work), so 100 ticks a second cost 10 µs per request at 1,000 req/s,
 * a fifth of wrk2's whole cost per request (issue 15: a generator beside the application must be cheap at modest
 * rates). A plain rate-driven run with the default 30 s request timeout wakes 4 times a second, and once a cut.
 * Not thread-safe: the timer's thread uses it.
 */
final class TimerCadence {

    /** A concurrency plan's step: how often its share of streams is applied. */
    static final long STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How often a scenario run looks for a step queued where no slot looked. */
    static final long SCENARIO_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The shortest spacing of request timeout checks: a short timeout fires within this of its deadline. */
    static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /**
     * The longest spacing a long request timeout gives the checks: well under the second by which HttpCore's own
     * socket timeout (the request timeout + 1 s, RunRequester) follows, so the run's timeout fires first.
     */
    static final long MAX_TIMEOUT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /**
     * Checking a client costs a few hundred nanoseconds (its monitor, its requests in flight: cache misses): 10,000
     * clients every 50 ms took 6-8 % of the process's CPU samples, on the core the server shares (bench/README.md
     * "10,000 connections"). Beyond 2,500 clients the checks are spaced by this much a client (200 ms for 10,000).
     */
    private static final long CHECK_NANOS_PER_CLIENT = TimeUnit.MICROSECONDS.toNanos(20);
    /** How often the progress listeners hear. */
    static final long PROGRESS_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** How often the timer wakes whatever else is due (a plan's steps, a scenario's look), or 0: only when due. */
    private final long periodNanos;
    private final long requestTimeoutNanos;
    /** The spacing of the checks, for the clients held at the last one ({@link #holding}). */
    private long checkNanos;
    private final boolean progress;
    private long lastCheckNanos;
    private long lastProgressNanos;

    /**
     * @param periodNanos         how often the timer must wake whatever else is due: {@link #STEP_NANOS} for a
     *                            concurrency plan, {@link #SCENARIO_NANOS} for a scenario, else 0
     * @param requestTimeoutNanos the run's request timeout, which spaces the checks ({@link #checkNanos(int, long)})
     * @param clients             the clients held at the start (0 when each session brings its own, see
     *                            {@link #holding})
     * @param progress            whether a listener takes progress events
     */
    TimerCadence(long startNanos, long periodNanos, long requestTimeoutNanos, int clients, boolean progress) {
        this.periodNanos = periodNanos;
        this.requestTimeoutNanos = requestTimeoutNanos;
        this.checkNanos = checkNanos(clients, requestTimeoutNanos);
        this.progress = progress;
        this.lastCheckNanos = startNanos;
        this.lastProgressNanos = startNanos;
    }

    /**
     * How long the timer sleeps after a tick at {@code now}: until the next check, progress or period, or sooner to
     * wake at the timeline's next work or at the deadline, whichever comes first (those already passed do not count).
     */
    long delayNanos(long now, long timelineWorkNanos, long deadlineNanos) {
        long next = Math.max(now + 1, lastCheckNanos + checkNanos);
        if (progress) {
            next = Math.min(next, Math.max(now + 1, lastProgressNanos + PROGRESS_NANOS));
        }
        if (periodNanos > 0) {
            next = Math.min(next, now + periodNanos);
        }
        if (timelineWorkNanos > now) {
            next = Math.min(next, timelineWorkNanos);
        }
        if (deadlineNanos > now) {
            next = Math.min(next, deadlineNanos);
        }
        return next - now;
    }

    /**
     * How often the request timeouts of {@code clients} clients are checked: a hundredth of the timeout, at least
     * 50 ms and at most 250 ms (a timeout then fires within 1 % of itself: 250 ms for the default 30 s), or 20 µs a
     * client if longer.
     */
    static long checkNanos(int clients, long requestTimeoutNanos) {
        long byTimeout = Math.max(CHECK_NANOS, Math.min(MAX_TIMEOUT_CHECK_NANOS, requestTimeoutNanos / 100));
        return Math.max(byTimeout, clients * CHECK_NANOS_PER_CLIENT);
    }

    /**
     * The clients held now, told after each check: the next check is spaced for them. A run whose connections come and
     * go (an open-model scenario with a connection per session, bounded by maxBacklog, 10,000 by default) is checked
     * at the pace of the sessions it holds, not of its bound: few sessions in flight time out within a hundredth of
     * the timeout (50-250 ms), as the timeout's documentation says, not 200 ms late for a bound they never reach.
     */
    void holding(int clients) {
        checkNanos = checkNanos(clients, requestTimeoutNanos);
    }

    /** Whether the request timeouts are to be checked at {@code now} (the last check was a check period ago or more). */
    boolean checkDue(long now) {
        if (now - lastCheckNanos >= checkNanos) {
            lastCheckNanos = now;
            return true;
        }
        return false;
    }

    /** Whether the progress listeners are to hear at {@code now}: one listens, and they last heard 100 ms ago or more. */
    boolean progressDue(long now) {
        if (progress && now - lastProgressNanos >= PROGRESS_NANOS) {
            lastProgressNanos = now;
            return true;
        }
        return false;
    }
}
