package dev.loadtest.internal.engine.connection;

import dev.loadtest.DurationFormat;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A slot's failures in a row (connects that fail, connections that fail before any response): how long to back
 * off before the next connect, and when a counted run gives up. Not thread-safe: the slot's monitor guards it.
 */
final class FailureStreak {

    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * A counted run gives up a client's remaining requests after this long of consecutive failures: long enough
     * for a server restart, short enough that a wrong port costs a second, not n/c back-offs.
     */
    static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(1);

    private int inARow;
    /** When the current streak began. */
    private long sinceNanos;

    /** A response came: the streak is over. */
    void reset() {
        inARow = 0;
    }

    /** One more failure at {@code now}; returns whether a counted run should give up now. */
    boolean failedAgain(long now, boolean counted) {
        if (inARow++ == 0) {
            sinceNanos = now;
        }
        return counted && inARow >= 2 && now - sinceNanos >= GIVE_UP_NANOS;
    }

    /** Why the run gave up, after the last failure's own message. */
    String givenUp(long now) {
        return " (given up after " + inARow + " failures in a row over "
                + DurationFormat.format(Duration.ofNanos(now - sinceNanos)) + ")";
    }

    /** How long to wait before the next connect: none after a success, then 1 ms, 2 ms, 4 ms ... 1 s. */
    long backoffNanos() {
        if (inARow == 0) {
            return 0;
        }
        return Math.min(MAX_BACKOFF_NANOS, TimeUnit.MILLISECONDS.toNanos(1L << Math.min(inARow - 1, 10)));
    }
}
