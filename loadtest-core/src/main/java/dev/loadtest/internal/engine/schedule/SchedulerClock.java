package dev.loadtest.internal.engine.schedule;

import java.util.concurrent.locks.LockSupport;

/**
 * How the {@link Scheduler} reads the time and sleeps: the system's monotonic clock and {@link LockSupport#parkNanos},
 * or a test's fake one, so that tests can check when it wakes and what it hands out in each wake-up without
 * depending on how fast the machine is.
 */
interface SchedulerClock {

    /** The system's: {@link System#nanoTime} and {@link LockSupport#parkNanos}. */
    SchedulerClock SYSTEM = new SchedulerClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkNanos(long nanos) {
            LockSupport.parkNanos(nanos);
        }
    };

    long nanoTime();

    /** Sleeps up to {@code nanos}; may return earlier (an unpark, a spurious wake-up) or later. */
    void parkNanos(long nanos);
}
