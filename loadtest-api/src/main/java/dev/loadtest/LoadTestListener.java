package dev.loadtest;

/**
 * Receives a run's progress and timeline as it goes.
 *
 * <pre>{@code
 * LoadTest.target(uri).clients(10).duration(Duration.ofMinutes(1))
 *         .listener(new LoadTestListener() {
 *             public void onInterval(Interval i) {
 *                 System.out.printf("%.0f req/s%n", i.requestsPerSecond());
 *             }
 *         })
 *         .run();
 * }</pre>
 *
 * <p>Contract: methods are called one at a time, in order, on a thread of the run's own (never an
 * I/O thread; one thread for all of a run's events, another for each run, so a listener added to several
 * runs can tell them apart), so a slow listener cannot slow the engine: events it falls behind on are skipped for
 * progress and queued (bounded) for intervals. A listener that throws is logged once and then ignored
 * for the rest of the run; it never fails the run.
 */
public interface LoadTestListener {

    /** Does nothing: the default. */
    LoadTestListener NONE = new LoadTestListener() {
    };

    /** About every 100 ms. */
    default void onProgress(Progress progress) {
    }

    /** At the end of each interval of the timeline (and once for the last, partial, one). */
    default void onInterval(Interval interval) {
    }

    /**
     * With each interval, its full latency distributions, for tools that log or plot them (an
     * HdrHistogram interval log, say). Called right after {@link #onInterval(Interval)}.
     */
    default void onIntervalHistograms(Interval interval, LatencyHistogram responseTime,
                                      LatencyHistogram serviceTime) {
    }
}
