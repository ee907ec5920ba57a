package dev.loadtest.testing.bench;

import dev.loadtest.internal.engine.record.Recorders;

/**
 * The engine's recording of one whole response, as a connection does it on the thread the response arrived
 * on: that thread's own figures looked up, then its counters, status and latency histograms (see
 * {@link Http1ResponseScan} for why this seam exists). What is recorded is not read back: the engine's own
 * tests check the figures.
 */
public final class CompletionRecording {

    private final Recorders recorders = new Recorders((thread, error) -> { });

    /** A response in the closed model: its status and its service time. */
    public void responded(int status, long serviceNanos) {
        recorders.get().responded(status, serviceNanos, false, 0);
    }

    /** A response in the open model: its status, its service time and its response time from the due time. */
    public void respondedWithDue(int status, long serviceNanos, long responseNanos) {
        recorders.get().responded(status, serviceNanos, true, responseNanos);
    }
}
