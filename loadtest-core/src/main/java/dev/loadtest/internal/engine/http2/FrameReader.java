package dev.loadtest.internal.engine.http2;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.apache.hc.core5.http2.H2Error;

/**
 * Cuts the server's bytes into HTTP/2 frames for an {@link Http2Connection}, in place: a frame whose bytes are all in
 * the buffer read is handed over where it lies; only a frame cut by the end of a read is collected into a buffer of
 * the connection's (a frame header's 9 bytes, or a control frame's payload, at most our SETTINGS_MAX_FRAME_SIZE).
 * The payload of an unpadded DATA frame is never collected: it is handed over piece by piece as it comes, so a 100 KiB
 * body is not copied here. Frames of a type HTTP/2 does not define are passed over (RFC 9113 §5.5).
 *
 * <p>The server's first bytes are checked before they are taken for a frame ({@link FrameFilter#checkFirstBytes}): a
 * TLS record or an HTTP/1.x status line is a wrong setup that names the fix.
 */
final class FrameReader {

    /** What the frames say: called on the connection's I/O thread, in the order of the frames. */
    interface Listener {

        /** A whole frame (any but an unpadded DATA): its payload is {@code buf[at, at + length)}. */
        void frame(int type, int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException;

        /** An unpadded DATA frame's header: {@link #dataBytes} follow, {@code length} in all, then {@link #dataEnd}. */
        void dataStart(int streamId, int flags, int length) throws IOException;

        void dataBytes(ByteBuffer buf, int at, int n) throws IOException;

        void dataEnd() throws IOException;

        /** A frame of a type HTTP/2 does not define, passed over: legal but inside a header block. */
        void unknownFrame(int type, int streamId) throws IOException;
    }

    /**
     * Where each byte of the read being taken belongs, as it is taken (a scenario run's: a step's bytes count where the
     * run's do, read by read). Told before the {@link Listener} hears of what the bytes make.
     */
    interface Tally {

        /** {@code n} bytes of a frame header came, the rest of it (and so its stream) in a later read. */
        void headerStart(int n);

        /** The last {@code n} bytes of the header of a frame on {@code streamId} came (9: the whole header). */
        void headerEnd(int streamId, int n);

        /** {@code n} bytes of the payload of the frame on {@code streamId} came. */
        void payload(int streamId, int n);
    }

    private enum Mode { HEADER, COLLECT, STREAM, SKIP }

    private final Listener listener;
    private final String server;
    private final int maxPayload;
    private final byte[] head = new byte[H2Frames.HEADER];
    private int headLength;
    private Mode mode = Mode.HEADER;
    private int type;
    private int flags;
    private int streamId;
    private int length;
    /** Payload bytes of the current frame not yet taken. */
    private int left;
    /** A frame's payload collected across reads; grown to the largest such frame. */
    private byte[] collected;
    private int collectedLength;
    private boolean firstFrameSeen;
    /** Told where each byte goes; null when nobody asks (a run of single requests). */
    private Tally tally;

    /** {@code server}: host:port, for messages; {@code maxPayload}: our SETTINGS_MAX_FRAME_SIZE. */
    FrameReader(Listener listener, String server, int maxPayload) {
        this.listener = listener;
        this.server = server;
        this.maxPayload = maxPayload;
    }

    /** From now on, {@code tally} is told where each byte read goes. */
    void tally(Tally tally) {
        this.tally = tally;
    }

    boolean firstFrameSeen() {
        return firstFrameSeen;
    }

    /** The server closed the connection: before its first frame, what it sent says why (a wrong setup). */
    void endOfStream() throws IOException {
        if (!firstFrameSeen) {
            FrameFilter.closedBeforeFirstFrame(server, head, headLength);
        }
    }

    /** Takes every byte of {@code buf} (position to limit); the position ends at the limit. */
    void read(ByteBuffer buf) throws IOException {
        int i = buf.position();
        int end = buf.limit();
        while (true) {
            int available = end - i;
            switch (mode) {
                case HEADER -> {
                    if (headLength == 0 && available >= H2Frames.HEADER) {
                        if (!firstFrameSeen) {
                            FrameFilter.checkFirstBytes(server, buf, i, available, false);
                        }
                        begin(buf.get(i), buf.get(i + 1), buf.get(i + 2), buf.get(i + 3), buf.get(i + 4),
                                buf.getInt(i + 5), H2Frames.HEADER);
                        i += H2Frames.HEADER;
                    } else if (available == 0) {
                        buf.position(end);
                        return;
                    } else {
                        int n = Math.min(H2Frames.HEADER - headLength, available);
                        buf.get(i, head, headLength, n);
                        i += n;
                        headLength += n;
                        if (headLength < H2Frames.HEADER) {
                            if (tally != null) {
                                tally.headerStart(n);
                            }
                            continue;
                        }
                        headLength = 0;
                        if (!firstFrameSeen) {
                            FrameFilter.checkFirstBytes(server, ByteBuffer.wrap(head), 0, H2Frames.HEADER, false);
                        }
                        begin(head[0], head[1], head[2], head[3], head[4], ByteBuffer.wrap(head).getInt(5), n);
                    }
                }
                case COLLECT -> {
                    if (collectedLength == 0 && available >= left) {
                        mode = Mode.HEADER;
                        int at = i;
                        i += left;
                        tallyPayload(left);
                        left = 0;
                        listener.frame(type, flags, streamId, buf, at, length);
                    } else if (available == 0) {
                        buf.position(end);
                        return;
                    } else {
                        int n = Math.min(left, available);
                        tallyPayload(n);
                        buf.get(i, collected, collectedLength, n);
                        i += n;
                        collectedLength += n;
                        left -= n;
                        if (left == 0) {
                            mode = Mode.HEADER;
                            collectedLength = 0;
                            listener.frame(type, flags, streamId, ByteBuffer.wrap(collected), 0, length);
                        }
                    }
                }
                case STREAM, SKIP -> {
                    if (left == 0) {
                        boolean data = mode == Mode.STREAM;
                        mode = Mode.HEADER;
                        if (data) {
                            listener.dataEnd();
                        }
                    } else if (available == 0) {
                        buf.position(end);
                        return;
                    } else {
                        int n = Math.min(left, available);
                        tallyPayload(n);
                        if (mode == Mode.STREAM) {
                            listener.dataBytes(buf, i, n);
                        }
                        i += n;
                        left -= n;
                    }
                }
            }
        }
    }

    private void tallyPayload(int n) {
        if (tally != null && n > 0) {
            tally.payload(streamId, n);
        }
    }

    /** A frame header, whose last {@code lastBytes} came in this read: decides how its payload is taken. */
    private void begin(byte l0, byte l1, byte l2, byte t, byte f, int id, int lastBytes) throws IOException {
        firstFrameSeen = true;
        length = ((l0 & 0xff) << 16) | ((l1 & 0xff) << 8) | (l2 & 0xff);
        type = t & 0xff;
        flags = f & 0xff;
        streamId = id & 0x7fffffff;
        left = length;
        if (tally != null) {
            tally.headerEnd(streamId, lastBytes);
        }
        if (length > maxPayload) {
            throw new H2ConnectionException(H2Error.FRAME_SIZE_ERROR, "the server at " + server + " sent a frame of "
                    + length + " bytes (type 0x" + Integer.toHexString(type) + "), over the " + maxPayload
                    + " bytes it may send: these are not HTTP/2 frames");
        }
        if (type == H2Frames.DATA && (flags & H2Frames.FLAG_PADDED) == 0) {
            mode = Mode.STREAM;
            listener.dataStart(streamId, flags, length);
        } else if (type > H2Frames.CONTINUATION) {
            mode = Mode.SKIP;   // an extension frame (ALTSVC, ORIGIN, ...): ignored, as RFC 9113 §5.5 says
            listener.unknownFrame(type, streamId);
        } else {
            mode = Mode.COLLECT;
            if (collected == null || collected.length < length) {
                collected = new byte[Math.max(length, 64)];
            }
        }
    }
}
