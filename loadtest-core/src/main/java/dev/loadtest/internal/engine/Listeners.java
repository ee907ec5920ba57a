package dev.loadtest.internal.engine;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Delivers events to the run's listeners on a thread of their own, so a slow or throwing listener
 * never touches the engine: progress keeps only the latest event, intervals queue (bounded), and a
 * listener that throws is logged once and left out for the rest of the run.
 */
final class Listeners {

    private static final Log LOG = Log.of(Listeners.class);
    private static final int MAX_QUEUED = 10_000;

    private final List<LoadTestListener> listeners;
    private final ThreadPoolExecutor executor;
    private final AtomicReference<Progress> pendingProgress = new AtomicReference<>();
    private final Set<LoadTestListener> failed = ConcurrentHashMap.newKeySet();
    /** Whether a listener takes progress events: if none does, the timer neither sums the progress nor sends it. */
    private final boolean takesProgress;

    Listeners(List<LoadTestListener> listeners, int runId) {
        this.listeners = listeners;
        this.takesProgress = listeners.stream().anyMatch(Listeners::takesProgress);
        this.executor = listeners.isEmpty() ? null : new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(MAX_QUEUED), r -> {
                    Thread t = new Thread(r, "loadtest-listener-" + runId);
                    t.setDaemon(true);
                    return t;
                }, (task, pool) -> LOG.warn("a listener is too slow: an event of the run was skipped"));
    }

    /**
     * Whether any listener takes progress events. The command's listener in a log (not a terminal) takes only
     * intervals: summing the threads' counters for it and waking the listener thread ten times a second was a fixed
     * cost of every run (issue 15: a generator beside the application must be cheap at modest rates).
     */
    boolean takesProgress() {
        return takesProgress;
    }

    /** Whether {@code listener}'s class has an {@code onProgress} of its own (the interface's does nothing). */
    static boolean takesProgress(LoadTestListener listener) {
        try {
            return listener.getClass().getMethod("onProgress", Progress.class).getDeclaringClass()
                    != LoadTestListener.class;
        } catch (NoSuchMethodException | SecurityException e) {
            return true;   // cannot tell: it hears, as it always did
        }
    }

    void progress(Progress progress) {
        if (executor != null && pendingProgress.getAndSet(progress) == null) {
            submit(() -> {
                Progress latest = pendingProgress.getAndSet(null);
                if (latest != null) {
                    each(l -> l.onProgress(latest));
                }
            });
        }
    }

    void interval(Interval interval, LatencyHistogram responseTime, LatencyHistogram serviceTime) {
        if (executor != null) {
            submit(() -> each(l -> {
                l.onInterval(interval);
                l.onIntervalHistograms(interval, responseTime, serviceTime);
            }));
        }
    }

    /** Delivers what is queued (for at most 2 s, so a blocked listener cannot hold the run) and ends the thread. */
    void close() {
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(2, TimeUnit.SECONDS)) {
                LOG.warn("a listener did not return within 2 s of the run's end: it is interrupted");
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private void submit(Runnable task) {
        if (!executor.isShutdown()) {
            executor.execute(task);
        }
    }

    private void each(Consumer<LoadTestListener> event) {
        for (LoadTestListener listener : listeners) {
            if (failed.contains(listener)) {
                continue;
            }
            try {
                event.accept(listener);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (RuntimeException | Error e) {
                failed.add(listener);
                LOG.warn("listener {} threw; it gets no more events of this run", listener, e);
            }
        }
    }
}
