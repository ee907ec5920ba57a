package dev.loadtest.internal.engine;

import java.util.concurrent.TimeUnit;

/**
 * When the run's timer wakes and what it does then: it checks request timeouts every 50 ms (longer with many
 * clients, see {@link #checkNanos}) and tells the progress
 * listeners every 100 ms, and it wakes exactly when the timeline has work (the measured part's start, an interval's
 * cut) and at the deadline, so none of those waits for a tick. A run with a concurrency plan wakes every 10 ms, the
 * plan's steps.
 *
 * <p>Why not a fixed 10 ms tick: each wake-up of a thread costs tens of microseconds of CPU on a busy 2-core machine
 * (about 100 µs a tick here, with the tick's own work), so 100 ticks a second cost 10 µs per request at 1,000 req/s,
 * a fifth of wrk2's whole cost per request (issue 15: a generator beside the application must be cheap at modest
 * rates). Not thread-safe: the timer's thread uses it.
 */
final class TimerCadence {

    /** A concurrency plan's step: how often its share of streams is applied. */
    static final long STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How often request timeouts are checked: they fire within this of their deadline. */
    static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /**
     * Checking a client costs a few hundred nanoseconds (its monitor, its requests in flight: cache misses): 10,000
     * clients every 50 ms took 6-8 % of the process's CPU samples, on the core the server shares (bench/README.md
     * "10,000 connections"). Beyond 2,500 clients the checks are spaced by this much a client (200 ms for 10,000).
     */
    private static final long CHECK_NANOS_PER_CLIENT = TimeUnit.MICROSECONDS.toNanos(20);
    /** How often the progress listeners hear. */
    static final long PROGRESS_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final long periodNanos;
    private final long checkNanos;
    private long lastCheckNanos;
    private long lastProgressNanos;

    /**
     * @param stepped whether the run has a concurrency plan, whose steps need the timer every 10 ms
     * @param clients the run's clients, whose request timeouts each check goes through
     */
    TimerCadence(boolean stepped, long startNanos, int clients) {
        this.periodNanos = stepped ? STEP_NANOS : CHECK_NANOS;
        this.checkNanos = checkNanos(clients);
        this.lastCheckNanos = startNanos;
        this.lastProgressNanos = startNanos;
    }

    /**
     * How long the timer sleeps after a tick at {@code now}: a period, or less to wake at the timeline's next work or
     * at the deadline, whichever comes first (those already passed do not count).
     */
    long delayNanos(long now, long timelineWorkNanos, long deadlineNanos) {
        long next = now + periodNanos;
        if (timelineWorkNanos > now) {
            next = Math.min(next, timelineWorkNanos);
        }
        if (deadlineNanos > now) {
            next = Math.min(next, deadlineNanos);
        }
        return next - now;
    }

    /** How often the request timeouts of {@code clients} clients are checked: 50 ms, or 20 µs a client if longer. */
    static long checkNanos(int clients) {
        return Math.max(CHECK_NANOS, clients * CHECK_NANOS_PER_CLIENT);
    }

    /** Whether the request timeouts are to be checked at {@code now} (the last check was a check period ago or more). */
    boolean checkDue(long now) {
        if (now - lastCheckNanos >= checkNanos) {
            lastCheckNanos = now;
            return true;
        }
        return false;
    }

    /** Whether the progress listeners are to hear at {@code now} (they last heard 100 ms ago or more). */
    boolean progressDue(long now) {
        if (now - lastProgressNanos >= PROGRESS_NANOS) {
            lastProgressNanos = now;
            return true;
        }
        return false;
    }
}
