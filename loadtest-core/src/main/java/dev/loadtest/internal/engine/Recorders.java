package dev.loadtest.internal.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hands each thread its own {@link WorkerStats}, so recording needs no lock: connections are pinned
 * to I/O threads, and whatever thread reports an event records it in its own stats.
 */
final class Recorders {

    private final List<WorkerStats> all = new CopyOnWriteArrayList<>();
    private final List<Thread> writers = new CopyOnWriteArrayList<>();
    private final Thread.UncaughtExceptionHandler ioThreadDeath;
    private final ThreadLocal<WorkerStats> mine = ThreadLocal.withInitial(() -> {
        WorkerStats stats = new WorkerStats();
        all.add(stats);
        Thread thread = Thread.currentThread();
        writers.add(thread);
        if (isIoThread(thread)) {
            watch(thread);
        }
        return stats;
    });

    /** {@code ioThreadDeath} hears of an I/O thread that an error ends (and HttpCore would not tell). */
    Recorders(Thread.UncaughtExceptionHandler ioThreadDeath) {
        this.ioThreadDeath = ioThreadDeath;
    }

    private static boolean isIoThread(Thread t) {
        return t.getName().startsWith("requester-dispatch");
    }

    /** HttpCore's I/O thread dies of an Error (out of memory, say) without a word to the requester. */
    private void watch(Thread thread) {
        Thread.UncaughtExceptionHandler before = thread.getUncaughtExceptionHandler();
        thread.setUncaughtExceptionHandler((t, e) -> {
            try {
                ioThreadDeath.uncaughtException(t, e);
            } finally {
                before.uncaughtException(t, e);   // the thread group's: the stack trace on stderr
            }
        });
    }

    /** The calling thread's stats. */
    WorkerStats get() {
        return mine.get();
    }

    /**
     * Waits (bounded) for every thread that recorded, but the caller, to end: HttpCore's immediate close
     * does not join its I/O threads, and the join is what makes their figures visible to the caller.
     *
     * @return false if one was still alive at the deadline (its last figures may be missing)
     */
    boolean joinWriters(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        boolean all = true;
        for (Thread t : writers) {
            if (t == Thread.currentThread() || !isIoThread(t)) {
                continue;
            }
            long left = (deadline - System.nanoTime()) / 1_000_000;
            t.join(Math.max(1, left));
            all &= !t.isAlive();
        }
        return all;
    }

    /**
     * Every thread's stats. Only to be read once the writers have ended (see {@link #joinWriters}); the
     * run's other threads (timer, scheduler) are joined or are the reader.
     */
    List<WorkerStats> all() {
        return all;
    }
}
