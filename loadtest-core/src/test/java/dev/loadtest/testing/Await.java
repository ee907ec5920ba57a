package dev.loadtest.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Bounded polling for tests. A test waits for what it can observe (a request at the server, a thread gone)
 * instead of sleeping a guessed time, which a loaded machine outlasts; and every wait ends, met or not, so
 * the test fails on its own assertion rather than hanging.
 */
public final class Await {

    private static final long POLL_MILLIS = 5;

    private Await() {
    }

    /** Polls {@code condition} until it holds or {@code bound} has passed; whether it held. */
    public static boolean until(BooleanSupplier condition, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                return condition.getAsBoolean();
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }

    /** {@link #until} that fails the test, naming {@code what}, when the condition does not hold in time. */
    public static void assertUntil(String what, BooleanSupplier condition, Duration bound) throws InterruptedException {
        if (!until(condition, bound)) {
            throw new AssertionError("not within " + bound.toMillis() + " ms: " + what);
        }
    }
}
