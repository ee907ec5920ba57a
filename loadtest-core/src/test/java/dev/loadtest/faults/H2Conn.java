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

    public static final int NO_ERROR = 0;
    public static final int PROTOCOL_ERROR = 1;
    public static final int INTERNAL_ERROR = 2;
    public static final int FLOW_CONTROL_ERROR = 3;
    public static final int REFUSED_STREAM = 7;
    public static final int CANCEL = 8;
    public static final int ENHANCE_YOUR_CALM = 11;

    public static final int SETTINGS_MAX_CONCURRENT_STREAMS = 3;
    public static final int SETTINGS_INITIAL_WINDOW_SIZE = 4;

    private static final int MAX_FRAME = 16_384;

    /** What to do with each complete request (its HEADERS, and body if any, received). */
    @FunctionalInterface
    public interface Handler {
        void onRequest(H2Conn h2, int streamId) throws Exception;
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
        int continued = -1;
        boolean continuedEnds = false;
        while (true) {
            Frame f = readFrame();
            if (f == null) {
                return;
            }
            switch (f.type) {
                case SETTINGS -> {
                    if ((f.flags & FLAG_ACK) == 0) {
                        for (int i = 0; i + 6 <= f.payload.length; i += 6) {
                            int id = ((f.payload[i] & 0xff) << 8) | (f.payload[i + 1] & 0xff);
                            if (id == SETTINGS_INITIAL_WINDOW_SIZE) {
                                synchronized (this) {
                                    clientInitialWindow = getInt(f.payload, i + 2) & 0xffffffffL;
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
            conn.server().openStreams(open.size());
        }
    }

    private synchronized void closed(int streamId) {
        open.remove(streamId);
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
        return new Frame(type, flags, stream, readFully(length));
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
