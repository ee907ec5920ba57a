package dev.loadtest.internal.engine.record;

/** For tests of the scheduler: the open model's figures a thread recorded. */
public final class RecordedRate {

    private RecordedRate() {
    }

    /** Measured requests that fell due, as {@code stats} counted them. */
    public static long scheduled(WorkerStats stats) {
        return stats.scheduled;
    }

    /** Measured requests dropped, never issued, as {@code stats} counted them. */
    public static long dropped(WorkerStats stats) {
        return stats.dropped;
    }

    /** The scheduler lags {@code stats} recorded: how many, and the least. */
    public static long lagCount(WorkerStats stats) {
        return stats.schedulerLag.getTotalCount();
    }

    public static long leastLagNanos(WorkerStats stats) {
        return stats.schedulerLag.getMinValue();
    }
}
