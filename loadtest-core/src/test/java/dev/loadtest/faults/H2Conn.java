package dev.loadtest.faults;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * HTTP/2 written by hand on a {@link FaultConn}: enough of RFC 9113 to serve GET requests and to
 * break the protocol on purpose. Client header blocks are never decoded (the request's path does not
 * matter here); responses use HPACK's static table and literals without indexing only, so no dynamic
 * table state is ever shared with the client. {@code :status 200} is the single byte {@code 0x88}.
 * (A behaviour that wants more writes its own blocks with {@link Hpack}, keeping its encoder's state per
 * connection.)
 *
 * <p>It also watches the client: every frame can be seen ({@link #observe}); request bodies are counted
 * per stream, and the client's DATA is checked against this server's windows and SETTINGS_MAX_FRAME_SIZE
 * ({@link #flowViolations()}); the bytes of the frames written are counted as the client counts them
 * ({@link #bytesWritten()}); {@link #dataFlowControlled} sends within the client's windows, waiting for them.
 *
 * <p>The reading thread runs {@link #serve(Handler)}; frames may be written from any thread (the server's
 * timer sends delayed responses), one frame at a time under this object's lock.
 */
public final class H2Conn {

    public static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    public static final int DATA = 0;
    public static final int HEADERS = 1;
    public static final int PRIORITY = 2;
    public static final int RST_STREAM = 3;
    public static final int SETTINGS = 4;
    public static final int PUSH_PROMISE = 5;
    public static final int PING = 6;
    public static final int GOAWAY = 7;
    public static final int WINDOW_UPDATE = 8;
    public static final int CONTINUATION = 9;
    /** Extension frames (RFC 7838 §4, RFC 8336): a client ignores them, as any type it does not know. */
    public static final int ALTSVC = 0xa;
    public static final int ORIGIN = 0xc;

    public static final int FLAG_END_STREAM = 0x1;
    public static final int FLAG_ACK = 0x1;
    public static final int FLAG_END_HEADERS = 0x4;
    public static final int FLAG_PADDED = 0x8;
    public static final int FLAG_PRIORITY = 0x20;

    public static final int NO_ERROR = 0;
    public static final int PROTOCOL_ERROR = 1;
    public static final int INTERNAL_ERROR = 2;
    public static final int FLOW_CONTROL_ERROR = 3;
    public static final int REFUSED_STREAM = 7;
    public static final int CANCEL = 8;
    public static final int ENHANCE_YOUR_CALM = 11;

    public static final int SETTINGS_MAX_CONCURRENT_STREAMS = 3;
    public static final int SETTINGS_INITIAL_WINDOW_SIZE = 4;
    public static final int SETTINGS_MAX_FRAME_SIZE = 5;

    private static final int MAX_FRAME = 16_384;

    /** What to do with each complete request (its HEADERS, and body if any, received). */
    @FunctionalInterface
    public interface Handler {
        void onRequest(H2Conn h2, int streamId) throws Exception;
    }

    /** Sees each frame the client sends, on the reading thread, before this connection handles it. */
    @FunctionalInterface
    public interface FrameObserver {
        void onFrame(H2Conn h2, Frame frame) throws Exception;
    }

    private final FaultConn conn;
    private final InputStream in;
    private final OutputStream out;
    private final Set<Integer> open = new HashSet<>();
    private int highestStreamId;
    private int requestsOnConnection;
    private volatile boolean goAwaySent;
    private long clientInitialWindow = 65_535;
    private long clientConnectionWindow = 65_535;
    /** WINDOW_UPDATE increments the client granted per stream, and DATA bytes sent on the connection. */
    private final Map<Integer, Long> clientStreamGrants = new HashMap<>();
    private long dataSent;
    private long windowUpdatesReceived;
    /** Per stream: DATA bytes this server sent, for {@link #dataFlowControlled}. */
    private final Map<Integer, Long> streamSent = new HashMap<>();
    private boolean closed;
    private FrameObserver observer;

    // what this server allows the client to send (its receive side), as the client may know it: a raise counts
    // from when it is written, a lowering from the client's SETTINGS ACK (RFC 9113 §6.5.3), so nothing is blamed
    // on the client that it could not know yet
    private long recvInitialWindow = 65_535;
    private long recvConnectionWindow = 65_535;
    private final Map<Integer, Long> recvStreamWindows = new HashMap<>();
    private long recvMaxFrame = MAX_FRAME;
    /** Our SETTINGS frames not acknowledged yet: each one's {initial window, max frame size} lowering, or -1. */
    private final java.util.ArrayDeque<long[]> unacked = new java.util.ArrayDeque<>();
    private long settingsSent;
    private long settingsAcksReceived;
    private final Map<Integer, Long> requestBodyBytes = new HashMap<>();
    private final Map<Integer, java.util.zip.CRC32> requestBodyCrc = new HashMap<>();
    private long largestDataFrame;
    private final java.util.List<String> flowViolations = new java.util.ArrayList<>();
    /** WINDOW_UPDATE increments of at most this many bytes for each DATA frame received (0: none sent). */
    private int replenishChunk;
    private long bytesWritten;
    private long bytesRead;
    private long headerBytesWritten;
    private long continuationBytesWritten;

    H2Conn(FaultConn conn, OutputStream out) {
        this.conn = conn;
        this.in = conn.in();
        this.out = out;
    }

    public FaultServer server() {
        return conn.server();
    }

    /** Sends the server's SETTINGS (pairs of id, value) at once, then reads and checks the client preface. */
    public H2Conn start(int... settings) throws IOException {
        settings(settings);
        byte[] preface = readFully(PREFACE.length);
        if (!Arrays.equals(preface, PREFACE)) {
            throw new IOException("not an HTTP/2 client preface: "
                    + new String(preface, StandardCharsets.ISO_8859_1).replace("\r\n", "\\r\\n"));
        }
        return this;
    }

    /**
     * Reads frames until the client closes: answers SETTINGS and PING, follows the client's windows, and
     * hands each complete request to the handler (after any freeze of the server).
     */
    public void serve(Handler handler) throws Exception {
        try {
            serveFrames(handler);
        } finally {
            synchronized (this) {
                closed = true;
                notifyAll();
            }
        }
    }

    private void serveFrames(Handler handler) throws Exception {
        int continued = -1;
        boolean continuedEnds = false;
        while (true) {
            Frame f = readFrame();
            if (f == null) {
                return;
            }
            if (observer != null) {
                observer.onFrame(this, f);
            }
            switch (f.type) {
                case SETTINGS -> {
                    if ((f.flags & FLAG_ACK) != 0) {
                        settingsAcked();
                    } else {
                        for (int i = 0; i + 6 <= f.payload.length; i += 6) {
                            int id = ((f.payload[i] & 0xff) << 8) | (f.payload[i + 1] & 0xff);
                            if (id == SETTINGS_INITIAL_WINDOW_SIZE) {
                                synchronized (this) {
                                    clientInitialWindow = getInt(f.payload, i + 2) & 0xffffffffL;
                                    notifyAll();
                                }
                            }
                        }
                        frame(SETTINGS, FLAG_ACK, 0, new byte[0]);
                    }
                }
                case PING -> {
                    if ((f.flags & FLAG_ACK) == 0) {
                        frame(PING, FLAG_ACK, 0, f.payload);
                    }
                }
                case WINDOW_UPDATE -> {
                    long delta = getInt(f.payload, 0) & 0x7fffffffL;
                    synchronized (this) {
                        windowUpdatesReceived++;
                        if (f.stream == 0) {
                            clientConnectionWindow += delta;
                        } else {
                            clientStreamGrants.merge(f.stream, delta, Long::sum);
                        }
                        notifyAll();
                    }
                }
                case HEADERS -> {
                    boolean endStream = (f.flags & FLAG_END_STREAM) != 0;
                    opened(f.stream);
                    if ((f.flags & FLAG_END_HEADERS) == 0) {
                        continued = f.stream;
                        continuedEnds = endStream;
                    } else if (endStream) {
                        request(handler, f.stream);
                    }
                }
                case CONTINUATION -> {
                    if ((f.flags & FLAG_END_HEADERS) != 0 && f.stream == continued) {
                        continued = -1;
                        if (continuedEnds) {
                            request(handler, f.stream);
                        }
                    }
                }
                case DATA -> {
                    dataReceived(f);
                    if ((f.flags & FLAG_END_STREAM) != 0) {
                        request(handler, f.stream);
                    }
                }
                case RST_STREAM -> closed(f.stream);
                default -> {
                    // PRIORITY, GOAWAY from the client, unknown types: nothing to do
                }
            }
        }
    }

    private void request(Handler handler, int streamId) throws Exception {
        requestsOnConnection++;
        conn.server().countRequest();
        conn.server().awaitThaw();
        handler.onRequest(this, streamId);
    }

    private synchronized void opened(int streamId) {
        if (streamId > highestStreamId) {
            highestStreamId = streamId;
            open.add(streamId);
            recvStreamWindows.put(streamId, recvInitialWindow);
            conn.server().openStreams(open.size());
        }
    }

    private synchronized void closed(int streamId) {
        open.remove(streamId);
    }

    /** The client's DATA frame: counted against our windows and frame size, its body bytes kept count of. */
    private void dataReceived(Frame f) throws IOException {
        int length = f.payload.length;
        int body = length;
        int offset = 0;
        if ((f.flags & FLAG_PADDED) != 0 && length > 0) {
            offset = 1;
            body = length - 1 - (f.payload[0] & 0xff);
        }
        synchronized (this) {
            largestDataFrame = Math.max(largestDataFrame, length);
            if (length > recvMaxFrame) {
                flowViolation("DATA frame of " + length + " bytes on stream " + f.stream
                        + ", over SETTINGS_MAX_FRAME_SIZE " + recvMaxFrame);
            }
            recvConnectionWindow -= length;
            long streamWindow = recvStreamWindows.merge(f.stream, -(long) length, Long::sum);
            if (recvConnectionWindow < 0) {
                flowViolation("DATA beyond the connection window: " + recvConnectionWindow + " after " + length
                        + " bytes on stream " + f.stream);
            }
            if (streamWindow < 0) {
                flowViolation("DATA beyond the window of stream " + f.stream + ": " + streamWindow + " after " + length
                        + " bytes");
            }
            requestBodyBytes.merge(f.stream, (long) Math.max(0, body), Long::sum);
            if (body > 0) {
                requestBodyCrc.computeIfAbsent(f.stream, k -> new java.util.zip.CRC32())
                        .update(f.payload, offset, body);
            }
        }
        if (replenishChunk > 0 && length > 0) {
            for (int left = length; left > 0; left -= replenishChunk) {
                windowUpdate(0, Math.min(left, replenishChunk));
            }
            if ((f.flags & FLAG_END_STREAM) == 0) {
                for (int left = length; left > 0; left -= replenishChunk) {
                    windowUpdate(f.stream, Math.min(left, replenishChunk));
                }
            }
        }
    }

    private void flowViolation(String what) {
        if (flowViolations.size() < 20) {
            flowViolations.add(what);
        }
    }

    private synchronized void settingsAcked() {
        settingsAcksReceived++;
        long[] lowered = unacked.poll();
        if (lowered == null) {
            flowViolation("a SETTINGS ACK for no SETTINGS of ours");
            return;
        }
        if (lowered[0] >= 0) {
            applyRecvInitialWindow(lowered[0]);
        }
        if (lowered[1] >= 0) {
            recvMaxFrame = lowered[1];
        }
    }

    private void applyRecvInitialWindow(long value) {
        long delta = value - recvInitialWindow;
        recvInitialWindow = value;
        recvStreamWindows.replaceAll((id, w) -> w + delta);
    }

    /** Sees every frame the client sends from now on, before it is handled. */
    public H2Conn observe(FrameObserver observer) {
        this.observer = observer;
        return this;
    }

    /**
     * For each DATA frame received, gives its length back to the client in WINDOW_UPDATEs of at most {@code chunk}
     * bytes: on the connection, and on the stream unless it ended.
     */
    public H2Conn replenishInChunks(int chunk) {
        this.replenishChunk = chunk;
        return this;
    }

    /** What went wrong with the client's DATA: over a window, over the frame size (at most 20). */
    public synchronized java.util.List<String> flowViolations() {
        return new java.util.ArrayList<>(flowViolations);
    }

    /** Request body bytes received on the stream (DATA payloads without padding). */
    public synchronized long requestBodyBytes(int streamId) {
        return requestBodyBytes.getOrDefault(streamId, 0L);
    }

    /** CRC-32 of the request body received on the stream. */
    public synchronized long requestBodyCrc(int streamId) {
        java.util.zip.CRC32 crc = requestBodyCrc.get(streamId);
        return crc == null ? new java.util.zip.CRC32().getValue() : crc.getValue();
    }

    /** The longest DATA frame payload the client sent. */
    public synchronized long largestDataFrame() {
        return largestDataFrame;
    }

    /** SETTINGS frames (not ACKs) this server sent, and the client's SETTINGS ACKs received. */
    public synchronized long[] settingsSentAndAcked() {
        return new long[] {settingsSent, settingsAcksReceived};
    }

    /** Streams the client has open now, as this server counts them (opened, not yet ended by us or reset). */
    public synchronized int openStreams() {
        return open.size();
    }

    /**
     * Bytes of the frames this server wrote (9 + payload each); of its HEADERS frames' field blocks (without padding
     * and priority fields), as the engine's FrameCounter counts header bytes; and of its CONTINUATION payloads, which
     * FrameCounter leaves out (h2load counts them: nghttp2 adds them to the HEADERS frame's length).
     */
    public synchronized long[] bytesWritten() {
        return new long[] {bytesWritten, headerBytesWritten, continuationBytesWritten};
    }

    /** Bytes of the client's frames read so far (9 + payload each; the preface not counted). */
    public synchronized long bytesRead() {
        return bytesRead;
    }

    /** Requests completed by the client on this connection so far. */
    public int requestsOnConnection() {
        return requestsOnConnection;
    }

    /** The highest stream id the client opened. */
    public synchronized int highestStreamId() {
        return highestStreamId;
    }

    /** The client's announced stream window and connection window, as this server followed them. */
    public synchronized long[] clientWindows() {
        return new long[] {clientInitialWindow, clientConnectionWindow};
    }

    /** WINDOW_UPDATE frames the client sent on this connection so far, on any stream. */
    public synchronized long windowUpdatesReceived() {
        return windowUpdatesReceived;
    }

    public boolean goAwaySent() {
        return goAwaySent;
    }

    // ---- responses ----

    /** 200 with body {@code ok}: what every healthy HTTP/2 behaviour answers. */
    public void ok(int streamId) throws IOException {
        respond(streamId, 200, "ok".getBytes(StandardCharsets.US_ASCII));
    }

    /** A complete response: HEADERS (status, content-length) and one or more DATA frames, the last with END_STREAM. */
    public void respond(int streamId, int status, byte[] body) throws IOException {
        headers(streamId, status, body.length, body.length == 0);
        if (body.length > 0) {
            data(streamId, body, 0, body.length, true);
        }
    }

    /** A HEADERS frame with {@code :status} (and {@code content-length} when >= 0). */
    public void headers(int streamId, int status, long contentLength, boolean endStream) throws IOException {
        byte[] block = headerBlock(status, contentLength);
        frame(HEADERS, FLAG_END_HEADERS | (endStream ? FLAG_END_STREAM : 0), streamId, block);
    }

    /** DATA frames of at most 16 KiB, END_STREAM on the last when asked. Ignores flow control entirely. */
    public void data(int streamId, byte[] bytes, int offset, int length, boolean endStream) throws IOException {
        int at = offset;
        int end = offset + length;
        do {
            int n = Math.min(MAX_FRAME, end - at);
            boolean last = at + n == end;
            frame(DATA, last && endStream ? FLAG_END_STREAM : 0, streamId, bytes, at, n);
            at += n;
        } while (at < end);
    }

    /**
     * The whole body in DATA frames of {@code frameSize} bytes (END_STREAM on the last), if the windows the client
     * granted so far (its initial stream window and WINDOW_UPDATEs, RFC 9113 §6.9) take all of it; otherwise
     * nothing, and false: this server never waits for a window, so a client that keeps its windows narrow is seen.
     */
    public synchronized boolean dataWithinWindows(int streamId, byte[] body, int frameSize) throws IOException {
        long streamWindow = clientInitialWindow + clientStreamGrants.getOrDefault(streamId, 0L);
        if (body.length > streamWindow || dataSent + body.length > clientConnectionWindow) {
            return false;
        }
        dataSent += body.length;
        for (int at = 0; at < body.length; at += frameSize) {
            int n = Math.min(frameSize, body.length - at);
            frame(DATA, at + n == body.length ? FLAG_END_STREAM : 0, streamId, body, at, n);
        }
        return true;
    }

    /**
     * The whole body in DATA frames of at most {@code frameSize} bytes (END_STREAM on the last), never beyond the
     * client's stream and connection windows (RFC 9113 §6.9): waits for its WINDOW_UPDATEs, at most
     * {@code maxWaitMillis} in all. Not on the reading thread (it reads the WINDOW_UPDATEs).
     *
     * @return false when the windows stayed shut that long, or the connection closed
     */
    public synchronized boolean dataFlowControlled(int streamId, byte[] body, int frameSize, long maxWaitMillis)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + maxWaitMillis * 1_000_000;
        int at = 0;
        do {
            long streamWindow = clientInitialWindow + clientStreamGrants.getOrDefault(streamId, 0L)
                    - streamSent.getOrDefault(streamId, 0L);
            long connectionWindow = clientConnectionWindow - dataSent;
            int n = (int) Math.min(Math.min(frameSize, body.length - at), Math.min(streamWindow, connectionWindow));
            if (n <= 0 && body.length > 0) {
                long left = deadline - System.nanoTime();
                if (closed || left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
                continue;
            }
            streamSent.merge(streamId, (long) n, Long::sum);
            dataSent += n;
            frame(DATA, at + n == body.length ? FLAG_END_STREAM : 0, streamId, body, at, n);
            at += n;
        } while (at < body.length);
        return true;
    }

    public void rstStream(int streamId, int code) throws IOException {
        byte[] payload = new byte[4];
        putInt(payload, 0, code);
        frame(RST_STREAM, 0, streamId, payload);
    }

    public void goAway(int lastStreamId, int code, String debug) throws IOException {
        byte[] text = debug.getBytes(StandardCharsets.US_ASCII);
        byte[] payload = new byte[8 + text.length];
        putInt(payload, 0, lastStreamId);
        putInt(payload, 4, code);
        System.arraycopy(text, 0, payload, 8, text.length);
        goAwaySent = true;
        frame(GOAWAY, 0, 0, payload);
    }

    /** A SETTINGS frame: pairs of id, value. */
    public void settings(int... settings) throws IOException {
        byte[] payload = new byte[settings.length / 2 * 6];
        for (int i = 0; i + 1 < settings.length; i += 2) {
            int at = i / 2 * 6;
            payload[at] = (byte) (settings[i] >>> 8);
            payload[at + 1] = (byte) settings[i];
            putInt(payload, at + 2, settings[i + 1]);
        }
        frame(SETTINGS, 0, 0, payload);
    }

    /**
     * One frame written in pieces cut at the given offsets of the whole frame (header included), each
     * flushed and {@code pauseMillis} apart: the client reads them apart (over TLS, in records of their own).
     */
    public synchronized void frameInPieces(int type, int flags, int streamId, byte[] payload, long pauseMillis,
                                           int... cuts) throws IOException, InterruptedException {
        byte[] whole = new byte[9 + payload.length];
        whole[0] = (byte) (payload.length >>> 16);
        whole[1] = (byte) (payload.length >>> 8);
        whole[2] = (byte) payload.length;
        whole[3] = (byte) type;
        whole[4] = (byte) flags;
        putInt(whole, 5, streamId & 0x7fffffff);
        System.arraycopy(payload, 0, whole, 9, payload.length);
        bytesWritten += whole.length;
        int from = 0;
        for (int cut : cuts) {
            out.write(whole, from, cut - from);
            out.flush();
            Thread.sleep(pauseMillis);
            from = cut;
        }
        out.write(whole, from, whole.length - from);
        out.flush();
    }

    public void windowUpdate(int streamId, int delta) throws IOException {
        synchronized (this) {
            if (streamId == 0) {
                recvConnectionWindow += delta;
            } else {
                recvStreamWindows.merge(streamId, (long) delta, Long::sum);
            }
        }
        byte[] payload = new byte[4];
        putInt(payload, 0, delta);
        frame(WINDOW_UPDATE, 0, streamId, payload);
    }

    public void frame(int type, int flags, int streamId, byte[] payload) throws IOException {
        frame(type, flags, streamId, payload, 0, payload.length);
    }

    /**
     * Writes one frame and flushes it. A frame that ends a stream closes it here before it is written, so
     * a stream the client opens once it has seen the end is never counted as open at the same time.
     */
    public synchronized void frame(int type, int flags, int streamId, byte[] payload, int offset, int length)
            throws IOException {
        if (type == RST_STREAM || ((type == DATA || type == HEADERS) && (flags & FLAG_END_STREAM) != 0)) {
            open.remove(streamId);
        }
        if (type == SETTINGS && (flags & FLAG_ACK) == 0) {
            settingsWritten(payload, offset, length);
        }
        bytesWritten += 9 + length;
        if (type == HEADERS) {
            int block = length;
            if ((flags & FLAG_PADDED) != 0 && length > 0) {
                block -= 1 + (payload[offset] & 0xff);
            }
            if ((flags & FLAG_PRIORITY) != 0) {
                block -= 5;
            }
            headerBytesWritten += Math.max(0, block);
        } else if (type == CONTINUATION) {
            continuationBytesWritten += length;
        }
        byte[] header = new byte[9];
        header[0] = (byte) (length >>> 16);
        header[1] = (byte) (length >>> 8);
        header[2] = (byte) length;
        header[3] = (byte) type;
        header[4] = (byte) flags;
        putInt(header, 5, streamId & 0x7fffffff);
        out.write(header);
        out.write(payload, offset, length);
        out.flush();
    }

    /** Our SETTINGS going out: raises count at once, lowerings from the client's ACK. */
    private void settingsWritten(byte[] payload, int offset, int length) {
        settingsSent++;
        long[] lowered = {-1, -1};
        for (int i = offset; i + 6 <= offset + length; i += 6) {
            int id = ((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff);
            long value = getInt(payload, i + 2) & 0xffffffffL;
            if (id == SETTINGS_INITIAL_WINDOW_SIZE) {
                if (value >= recvInitialWindow) {
                    applyRecvInitialWindow(value);
                } else {
                    lowered[0] = value;
                }
            } else if (id == SETTINGS_MAX_FRAME_SIZE) {
                if (value >= recvMaxFrame) {
                    recvMaxFrame = value;
                } else {
                    lowered[1] = value;
                }
            }
        }
        unacked.add(lowered);
    }

    /** HPACK: {@code :status} indexed when the static table has it, else a literal with indexed name 8. */
    static byte[] headerBlock(int status, long contentLength) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        int index = switch (status) {
            case 200 -> 8;
            case 204 -> 9;
            case 206 -> 10;
            case 304 -> 11;
            case 400 -> 12;
            case 404 -> 13;
            case 500 -> 14;
            default -> 0;
        };
        if (index != 0) {
            b.write(0x80 | index);
        } else {
            literal(b, 0x08, String.valueOf(status));
        }
        if (contentLength >= 0) {
            // literal without indexing, indexed name content-length (28 = 15 + 13 on a 4-bit prefix)
            b.write(0x0f);
            b.write(0x0d);
            byte[] v = String.valueOf(contentLength).getBytes(StandardCharsets.US_ASCII);
            b.write(v.length);
            b.write(v, 0, v.length);
        }
        return b.toByteArray();
    }

    private static void literal(java.io.ByteArrayOutputStream b, int nameIndex, String value) {
        b.write(nameIndex);
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        b.write(v.length);
        b.write(v, 0, v.length);
    }

    // ---- reading ----

    /** A frame as read: type, flags, stream, payload. */
    public record Frame(int type, int flags, int stream, byte[] payload) {
    }

    /** The next frame, or null when the client closed the connection between frames. */
    public Frame readFrame() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        byte[] rest = readFully(8);
        int length = (first << 16) | ((rest[0] & 0xff) << 8) | (rest[1] & 0xff);
        int type = rest[2] & 0xff;
        int flags = rest[3] & 0xff;
        int stream = getInt(rest, 4) & 0x7fffffff;
        if (length > (1 << 24)) {
            throw new IOException("frame too long: " + length);
        }
        byte[] payload = readFully(length);
        synchronized (this) {
            bytesRead += 9 + length;
        }
        return new Frame(type, flags, stream, payload);
    }

    private byte[] readFully(int n) throws IOException {
        byte[] b = new byte[n];
        int at = 0;
        while (at < n) {
            int r = in.read(b, at, n - at);
            if (r < 0) {
                throw new EOFException("end of stream inside a frame");
            }
            at += r;
        }
        return b;
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static int getInt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }
}
