package dev.loadtest.internal.engine.record;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hands each thread its own {@link WorkerStats}, so recording needs no lock: connections are pinned
 * to I/O threads, and whatever thread reports an event records it in its own stats.
 *
 * <p>The I/O threads are HttpCore's, named by it; they make themselves known through {@link #onIoThread()}
 * as each connection's handler is created on the thread the connection is pinned to.
 */
public final class Recorders {

    private final List<WorkerStats> all = new CopyOnWriteArrayList<>();
    private final Set<Thread> ioThreads = ConcurrentHashMap.newKeySet();
    private final Thread.UncaughtExceptionHandler ioThreadDeath;
    private final ThreadLocal<WorkerStats> mine = ThreadLocal.withInitial(() -> {
        WorkerStats stats = new WorkerStats();
        all.add(stats);
        return stats;
    });

    /** {@code ioThreadDeath} hears of an I/O thread that an error ends (and HttpCore would not tell). */
    public Recorders(Thread.UncaughtExceptionHandler ioThreadDeath) {
        this.ioThreadDeath = ioThreadDeath;
    }

    /**
     * The calling thread is one of the run's I/O threads (called as a connection's handler is created, on the
     * thread the connection is pinned to; once per connection, so cheap enough): the run waits for it at its
     * end, and hears of its death.
     */
    public void onIoThread() {
        Thread thread = Thread.currentThread();
        if (ioThreads.add(thread)) {
            watch(thread);
        }
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

    /** The run's I/O threads known so far (those that have handled a connection), to read their CPU time. */
    public Collection<Thread> ioThreads() {
        return ioThreads;
    }

    /** The calling thread's stats. */
    public WorkerStats get() {
        return mine.get();
    }

    /**
     * Waits (bounded) for every I/O thread, but the caller, to end: HttpCore's immediate close does not join
     * its I/O threads, and the join is what makes their figures visible to the caller.
     *
     * @return false if one was still alive at the deadline (its last figures may be missing)
     */
    public boolean joinWriters(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        boolean all = true;
        for (Thread t : ioThreads) {
            if (t == Thread.currentThread()) {
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
