package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When a run measures and how much work is left: the request tickets of a counted run, the
 * deadline of a timed one, and the measured window (warm-up excluded).
 */
final class Phase {

    private final boolean counted;
    private final AtomicLong tickets;
    final long startNanos;
    final long measureStartNanos;
    /** End of the measured window; for a counted run it is open until the run ends. */
    final long measureEndNanos;
    private volatile boolean issuing = true;

    Phase(LoadTest test, long startNanos) {
        this.counted = test.requests().isPresent();
        this.tickets = new AtomicLong(test.requests().orElse(0));
        this.startNanos = startNanos;
        this.measureStartNanos = startNanos + test.warmUp().toNanos();
        this.measureEndNanos = counted ? Long.MAX_VALUE
                : measureStartNanos + test.duration().orElseThrow().toNanos();
    }

    boolean isCounted() {
        return counted;
    }

    /** Takes the right to send one more request; false when the run has no more to send. */
    boolean acquire() {
        if (!issuing) {
            return false;
        }
        if (!counted) {
            return true;
        }
        long left = tickets.get();
        while (left > 0) {
            if (tickets.compareAndSet(left, left - 1)) {
                return true;
            }
            left = tickets.get();
        }
        return false;
    }

    /** Gives back a ticket whose request was never put on the wire. */
    void release() {
        if (counted) {
            tickets.incrementAndGet();
        }
    }

    /** Whether work may remain: tickets left (counted) or before the deadline (timed). */
    boolean hasWork() {
        return issuing && (!counted || tickets.get() > 0);
    }

    /** Stops handing out tickets, at the deadline or on stop(). */
    void stopIssuing() {
        issuing = false;
    }

    boolean isMeasured(long nanos) {
        return nanos >= measureStartNanos && nanos <= measureEndNanos;
    }
}
