package dev.loadtest.internal.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hands each thread its own {@link WorkerStats}, so recording needs no lock: connections are pinned
 * to I/O threads, and whatever thread reports an event records it in its own stats.
 */
final class Recorders {

    private final List<WorkerStats> all = new CopyOnWriteArrayList<>();
    private final ThreadLocal<WorkerStats> mine = ThreadLocal.withInitial(() -> {
        WorkerStats stats = new WorkerStats();
        all.add(stats);
        return stats;
    });

    /** The calling thread's stats. */
    WorkerStats get() {
        return mine.get();
    }

    /**
     * Every thread's stats. Only to be read once the writers have ended: the reactor's threads are
     * joined by its shutdown, which makes their writes visible here.
     */
    List<WorkerStats> all() {
        return all;
    }
}
