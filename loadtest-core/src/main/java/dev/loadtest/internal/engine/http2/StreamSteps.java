package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.record.StepStats;

/**
 * The scenario steps one connection's HTTP/2 streams carry, so that {@link FrameCounter} counts a stream's frames
 * for its step where and when it counts them for the run: a scenario run's traffic is then the sum of its steps'
 * but for the frames of stream 0 (SETTINGS, PING, the connection's WINDOW_UPDATE, GOAWAY). Called on the
 * connection's I/O thread.
 */
public interface StreamSteps {

    /** The HEADERS of a request opened stream {@code streamId} now, within the sending exchange's own call. */
    void opened(int streamId);

    /** The calling thread's figures of the step stream {@code streamId} carries; null when it carries none. */
    StepStats stepOf(int streamId);
}
