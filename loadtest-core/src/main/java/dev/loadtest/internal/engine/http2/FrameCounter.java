package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.StepStats;
import dev.loadtest.internal.engine.record.WorkerStats;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.SocketAddress;
import java.util.List;
import java.util.function.Function;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpConnection;
import org.apache.hc.core5.http2.frame.FrameFlag;
import org.apache.hc.core5.http2.frame.FrameType;
import org.apache.hc.core5.http2.frame.RawFrame;
import org.apache.hc.core5.http2.impl.nio.H2StreamListener;

/**
 * Counts HTTP/2 bytes exactly as h2load does: every frame in and out (after TLS), HEADERS payloads
 * as the compressed header bytes, decoded names and values for HPACK's space savings. In a scenario run a
 * stream's frames count for the step it carries too ({@link StreamSteps}), at the same moment and on the same
 * condition, so the run's figures are its steps' sum but for the connection's own frames (stream 0).
 */
public final class FrameCounter implements H2StreamListener {

    private static final int FRAME_HEADER = 9;

    private final Recorders recorders;
    private final Phase phase;
    private final Function<SocketAddress, GoAwayListener> goAwayListeners;
    private final Function<SocketAddress, StreamSteps> streamSteps;

    /**
     * {@code goAwayListeners}: who hears of a GOAWAY on the connection with this local address (or null).
     * {@code streamSteps}: a scenario run's, the steps the streams of the connection with this local address carry
     * (or null); null in a run of single requests, which then looks nothing up per frame.
     */
    public FrameCounter(Recorders recorders, Phase phase, Function<SocketAddress, GoAwayListener> goAwayListeners,
                        Function<SocketAddress, StreamSteps> streamSteps) {
        this.recorders = recorders;
        this.phase = phase;
        this.goAwayListeners = goAwayListeners;
        this.streamSteps = streamSteps;
    }

    /** The figures of the step stream {@code streamId} of this connection carries; null if none, or no scenario. */
    private StepStats step(HttpConnection connection, int streamId) {
        StreamSteps steps = streamId == 0 ? null : steps(connection);
        return steps == null ? null : steps.stepOf(streamId);
    }

    /** The steps of this connection's streams; null in a run of single requests. */
    private StreamSteps steps(HttpConnection connection) {
        return streamSteps == null ? null : streamSteps.apply(connection.getLocalAddress());
    }

    @Override
    public void onHeaderInput(HttpConnection connection, int streamId, List<? extends Header> headers) {
        if (streamId == 0 || !phase.isMeasuredNow()) {
            return;
        }
        long n = 0;
        for (Header h : headers) {
            n += h.getName().length() + h.getValue().length();
        }
        recorders.get().headerBytes(0, n);
        StepStats step = step(connection, streamId);
        if (step != null) {
            step.headerBytes(0, n);
        }
    }

    @Override
    public void onHeaderOutput(HttpConnection connection, int streamId, List<? extends Header> headers) {
        SentStreamId.headersSent(streamId);
        StreamSteps steps = steps(connection);
        if (steps != null) {
            steps.opened(streamId);
        }
    }

    @Override
    public void onFrameInput(HttpConnection connection, int streamId, RawFrame frame) {
        if (frame.getType() == FrameType.GOAWAY.getValue()) {
            goAway(connection, frame);
        }
        if (!phase.isMeasuredNow()) {
            return;
        }
        WorkerStats stats = recorders.get();
        StepStats step = step(connection, streamId);
        int length = frame.getLength();
        stats.received(FRAME_HEADER + length);
        if (step != null) {
            step.received(FRAME_HEADER + length);
        }
        if (frame.getType() == FrameType.HEADERS.getValue()) {
            int header = length;
            if (frame.isFlagSet(FrameFlag.PADDED) && frame.getPayload() != null && frame.getPayload().hasRemaining()) {
                header -= 1 + (frame.getPayload().get(frame.getPayload().position()) & 0xff);
            }
            if (frame.isFlagSet(FrameFlag.PRIORITY)) {
                header -= 5;
            }
            stats.headerBytes(Math.max(0, header), 0);
            if (step != null) {
                step.headerBytes(Math.max(0, header), 0);
            }
        } else if (frame.getType() == FrameType.CONTINUATION.getValue()) {
            // the rest of the header block: h2load counts it too (nghttp2 adds it to the HEADERS frame's length)
            stats.headerBytes(length, 0);
            if (step != null) {
                step.headerBytes(length, 0);
            }
        }
    }

    /** Tells the connection's client which of its streams the server will not process. */
    private void goAway(HttpConnection connection, RawFrame frame) {
        java.nio.ByteBuffer payload = frame.getPayload();
        if (payload == null || payload.remaining() < 8) {
            return;
        }
        int at = payload.position();
        int lastStreamId = payload.getInt(at) & 0x7fffffff;
        int errorCode = payload.getInt(at + 4);
        GoAwayListener listener = goAwayListeners.apply(connection.getLocalAddress());
        if (listener != null) {
            listener.onGoAway(lastStreamId, errorCode);
        }
    }

    @Override
    public void onFrameOutput(HttpConnection connection, int streamId, RawFrame frame) {
        if (phase.isMeasuredNow()) {
            recorders.get().sent(FRAME_HEADER + frame.getLength());
            StepStats step = step(connection, streamId);
            if (step != null) {
                step.sent(FRAME_HEADER + frame.getLength());
            }
        }
    }

    @Override
    public void onInputFlowControl(HttpConnection connection, int streamId, int delta, int actualSize) {
    }

    @Override
    public void onOutputFlowControl(HttpConnection connection, int streamId, int delta, int actualSize) {
    }
}
