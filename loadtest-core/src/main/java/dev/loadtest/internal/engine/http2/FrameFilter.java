package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.connection.SetupException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.apache.hc.core5.http2.H2Error;
import org.apache.hc.core5.http2.frame.FrameType;

/**
 * Walks the HTTP/2 frames a server sends, in place, before HttpCore's multiplexer reads them, and mends
 * what HttpCore 5.3/5.4 get wrong about real servers (see docs/upstream/httpcore-unknown-frame-types.md):
 * <ul>
 *   <li>frames of a type HttpCore does not know (ALTSVC 0xa, ORIGIN 0xc, any extension, padded or not) are
 *   cut out of the stream, as RFC 9113 §5.5 says to ignore them; HttpCore would fail the connection with a
 *   NullPointerException or "Inconsistent padding". Inside a header block they are left in, so HttpCore
 *   reports the PROTOCOL_ERROR RFC 9113 asks for there;</li>
 *   <li>{@code SETTINGS_MAX_CONCURRENT_STREAMS = 0}, legal but refused by HttpCore's H2Config, is hidden from
 *   HttpCore (its id rewritten to one no version knows) and reported to the caller, who holds requests back;</li>
 *   <li>the server's first bytes are checked: an HTTP/2 server starts with SETTINGS (RFC 9113 §3.4); an
 *   HTTP/1.x status line or a TLS record instead is a wrong setup ({@link SetupException}), anything else is
 *   a protocol error that says what came.</li>
 * </ul>
 *
 * <p>Cost: only frame headers are looked at (a few reads per frame, never per byte), and bytes move only when
 * a frame is cut out. A frame header (or a SETTINGS entry) split across two reads is held back, at most 8 bytes,
 * until its rest arrives: HttpCore never sees a header before its fate is decided.
 *
 * <p>One per connection, used on the connection's I/O thread only.
 */
final class FrameFilter {

    static final int HEADER = 9;
    private static final int SETTINGS_ENTRY = 6;
    private static final int TYPE_SETTINGS = 0x4;
    private static final int TYPE_HEADERS = 0x1;
    private static final int TYPE_PUSH_PROMISE = 0x5;
    private static final int TYPE_CONTINUATION = 0x9;
    private static final int FLAG_ACK = 0x1;
    private static final int FLAG_END_HEADERS = 0x4;
    private static final int MAX_CONCURRENT_STREAMS = 0x3;
    /** A SETTINGS id that no HttpCore version knows, so it ignores the entry (RFC 9113 §6.5.2). */
    static final int IGNORED_SETTING = 0xff00;
    /** Largest header block (HEADERS + CONTINUATION payloads) we take: far beyond any real response. */
    static final int MAX_HEADER_BLOCK = 1 << 20;
    private static final String HTTP1 = "HTTP/1.";

    /** Frame types this HttpCore version knows: computed from its FrameType, so 5.3 and 5.4 both work. */
    private static final boolean[] KNOWN = new boolean[256];

    static {
        for (int t = 0; t < KNOWN.length; t++) {
            KNOWN[t] = FrameType.valueOf(t) != null;
        }
    }

    private enum Mode { PASS, DROP, SETTINGS }

    private final String server;
    private final int maxPayload;

    private boolean firstFrameSeen;
    private Mode mode = Mode.PASS;
    /** Payload bytes of the current frame still to come. */
    private int left;
    /** The last HEADERS, PUSH_PROMISE or CONTINUATION lacked END_HEADERS: a header block is open. */
    private boolean inHeaderBlock;
    private long headerBlockBytes;
    /** Bytes held back: the start of a frame header, or of a SETTINGS entry, whose rest has not come yet. */
    private final byte[] held = new byte[HEADER];
    private int heldLength;
    private int heldNeeded;

    /** The server's SETTINGS_MAX_CONCURRENT_STREAMS, -1 until it sends one. */
    private long maxConcurrentStreams = -1;
    private boolean settingsSeen;
    /** Bytes of frames cut out, since the last {@link #takeDroppedBytes()}. */
    private long droppedBytes;

    /**
     * @param server     host:port, for messages
     * @param maxPayload our SETTINGS_MAX_FRAME_SIZE: a longer frame is left to HttpCore, which fails it
     */
    FrameFilter(String server, int maxPayload) {
        this.server = server;
        this.maxPayload = maxPayload;
    }

    /**
     * Filters {@code buf}'s bytes {@code [from, to)}, a stretch of the server's byte stream that follows the
     * last one filtered (with {@link #putHeld} bytes first): frames to drop are cut out (the bytes after them
     * move down), an incomplete header at the end is held back. Uses absolute indexes only.
     *
     * @return where the bytes to hand to HttpCore end now ({@code from <= result <= to})
     * @throws SetupException when the server's first bytes show it speaks something else than HTTP/2
     * @throws H2ConnectionException when they are not HTTP/2 either
     */
    int filter(ByteBuffer buf, int from, int to) throws IOException {
        int i = from;
        int end = to;
        while (i < end) {
            if (left > 0) {
                int n = Math.min(left, end - i);
                switch (mode) {
                    case PASS -> {
                        i += n;
                        left -= n;
                    }
                    case DROP -> {
                        cut(buf, i, n, end);
                        end -= n;
                        left -= n;
                        droppedBytes += n;
                    }
                    case SETTINGS -> {
                        if (n < SETTINGS_ENTRY) {
                            hold(buf, i, end, SETTINGS_ENTRY);
                            return i;
                        }
                        setting(buf, i);
                        i += SETTINGS_ENTRY;
                        left -= SETTINGS_ENTRY;
                    }
                }
                continue;
            }
            if (!firstFrameSeen) {
                checkFirstBytes(buf, i, end - i, false);
            }
            if (end - i < HEADER) {
                hold(buf, i, end, HEADER);
                return i;
            }
            int length = ((buf.get(i) & 0xff) << 16) | ((buf.get(i + 1) & 0xff) << 8) | (buf.get(i + 2) & 0xff);
            int type = buf.get(i + 3) & 0xff;
            int flags = buf.get(i + 4) & 0xff;
            firstFrameSeen = true;
            if (length > maxPayload) {
                throw new H2ConnectionException(H2Error.FRAME_SIZE_ERROR, "the server at " + server + " sent a frame of "
                        + length + " bytes (type 0x" + Integer.toHexString(type) + "), over the " + maxPayload
                        + " bytes it may send: these are not HTTP/2 frames");
            }
            left = length;
            if (!KNOWN[type] && !inHeaderBlock) {
                cut(buf, i, HEADER, end);
                end -= HEADER;
                droppedBytes += HEADER;
                mode = Mode.DROP;
                continue;
            }
            i += HEADER;
            mode = Mode.PASS;
            if (type == TYPE_SETTINGS && (flags & FLAG_ACK) == 0 && length % SETTINGS_ENTRY == 0) {
                settingsSeen = true;
                mode = Mode.SETTINGS;
            } else if (type == TYPE_HEADERS || type == TYPE_PUSH_PROMISE || type == TYPE_CONTINUATION) {
                headerBlock(type, flags, length);
            }
        }
        return end;
    }

    /** Tracks header blocks, so unknown frames inside one are left for HttpCore, and bounds their size. */
    private void headerBlock(int type, int flags, int length) throws H2ConnectionException {
        headerBlockBytes = type == TYPE_CONTINUATION ? headerBlockBytes + length : length;
        inHeaderBlock = (flags & FLAG_END_HEADERS) == 0;
        if (headerBlockBytes > MAX_HEADER_BLOCK) {
            throw new H2ConnectionException(H2Error.PROTOCOL_ERROR, "the server at " + server
                    + " sent a header block of more than " + MAX_HEADER_BLOCK / 1024 + " KiB (our limit for one response's headers)");
        }
    }

    /** One SETTINGS entry, at {@code at}: notes MAX_CONCURRENT_STREAMS, and hides a 0 from HttpCore. */
    private void setting(ByteBuffer buf, int at) {
        int id = ((buf.get(at) & 0xff) << 8) | (buf.get(at + 1) & 0xff);
        if (id != MAX_CONCURRENT_STREAMS) {
            return;
        }
        maxConcurrentStreams = buf.getInt(at + 2) & 0xffffffffL;
        if (maxConcurrentStreams == 0) {
            buf.put(at, (byte) (IGNORED_SETTING >>> 8));
            buf.put(at + 1, (byte) IGNORED_SETTING);
        }
    }

    /**
     * The server's first bytes, before they are taken for a frame header: an HTTP/2 server's first frame is
     * SETTINGS, whose 3-byte length starts with a 0 byte (at most 16 KiB before our SETTINGS are acknowledged).
     * {@code complete}: no more bytes will come (the server closed the connection).
     */
    private void checkFirstBytes(ByteBuffer buf, int at, int n, boolean complete) throws IOException {
        checkFirstBytes(server, buf, at, n, complete);
    }

    /** {@link #checkFirstBytes(ByteBuffer, int, int, boolean)} for the server at {@code server} (host:port). */
    static void checkFirstBytes(String server, ByteBuffer buf, int at, int n, boolean complete) throws IOException {
        if (n == 0) {
            return;
        }
        int b0 = buf.get(at) & 0xff;
        if (b0 >= 0x14 && b0 <= 0x17 && (n < 2 || buf.get(at + 1) == 3)) {
            throw new SetupException("the server at " + server + " answered the HTTP/2 preface with TLS: use https://");
        }
        String start = ascii(buf, at, Math.min(n, HTTP1.length()));
        if (HTTP1.startsWith(start) && n <= HTTP1.length() && !complete) {
            return;   // perhaps a status line: wait for its version
        }
        if (start.equals(HTTP1)) {
            String version = n > HTTP1.length() ? HTTP1 + (char) buf.get(at + HTTP1.length()) : "HTTP/1.x";
            throw new SetupException("the server at " + server + " answered " + version
                    + " to HTTP/2 prior knowledge: use --h1 (protocol(HTTP_1_1)) or a server with h2c");
        }
        if (b0 == '<') {
            // HTTP/0.9 style: an error page without a status line (Python's http.server does that to "HTTP/2.0")
            throw new SetupException("the server at " + server + " answered HTTP/2 prior knowledge with an HTML page,"
                    + " not HTTP/2: use --h1 (protocol(HTTP_1_1)) or a server with h2c");
        }
        if (b0 != 0 || complete && n < HEADER
                || n >= HEADER && (buf.get(at + 3) != TYPE_SETTINGS || (buf.get(at + 4) & FLAG_ACK) != 0)) {
            throw new H2ConnectionException(H2Error.PROTOCOL_ERROR, "the server at " + server
                    + " answered the HTTP/2 preface with bytes that are not an HTTP/2 SETTINGS frame: " + preview(buf, at, n));
        }
    }

    /**
     * The server closed the connection: what was held back can never become a frame. Called once, at the end
     * of the stream; afterwards the held bytes (if any) go to HttpCore, which reports an incomplete frame.
     *
     * @throws IOException saying what the server's last bytes were, when it sent no frame at all
     */
    void endOfStream() throws IOException {
        if (!firstFrameSeen) {
            closedBeforeFirstFrame(server, held, heldLength);
        }
    }

    /**
     * The server at {@code server} closed the connection before a whole frame header came, having sent {@code n} bytes
     * of {@code first}: throws what they say about it.
     */
    static void closedBeforeFirstFrame(String server, byte[] first, int n) throws IOException {
        checkFirstBytes(server, ByteBuffer.wrap(first, 0, n), 0, n, true);
        if (n == 0) {
            throw new org.apache.hc.core5.http.ConnectionClosedException("the server at " + server
                    + " closed the connection in reply to the HTTP/2 preface without a byte: if it serves TLS on this"
                    + " port, use https://; if it speaks only HTTP/1.1, use --h1 (protocol(HTTP_1_1))");
        }
    }

    /**
     * Puts the bytes held back at {@code dst}'s position, all or none (false when they do not fit: read
     * nothing then); they are filtered again with what follows.
     */
    boolean putHeld(ByteBuffer dst) {
        if (heldLength == 0) {
            return true;   // the usual case: every read
        }
        if (dst.remaining() < heldLength) {
            return false;   // HttpCore's buffer has room for a frame header whenever we hold one: not seen
        }
        dst.put(held, 0, heldLength);
        heldLength = 0;
        return true;
    }

    /**
     * Completes the held bytes from {@code src} (advancing it): the whole held unit (a frame header or a
     * SETTINGS entry), once complete, in a buffer of its own, filtered; null while still incomplete or when
     * nothing is held.
     */
    ByteBuffer completeHeld(ByteBuffer src) throws IOException {
        if (heldLength == 0) {
            return null;
        }
        int k = Math.min(heldNeeded - heldLength, src.remaining());
        src.get(held, heldLength, k);
        heldLength += k;
        if (heldLength < heldNeeded) {
            return null;
        }
        ByteBuffer unit = ByteBuffer.wrap(java.util.Arrays.copyOf(held, heldLength));
        heldLength = 0;
        unit.limit(filter(unit, 0, unit.capacity()));
        return unit;
    }

    /** A whole frame header came from the server (the first bytes were HTTP/2). */
    boolean firstFrameSeen() {
        return firstFrameSeen;
    }

    boolean isHolding() {
        return heldLength > 0;
    }

    /** The server has sent its first SETTINGS frame (HttpCore may not have read it yet). */
    boolean settingsSeen() {
        return settingsSeen;
    }

    /** The server's SETTINGS_MAX_CONCURRENT_STREAMS as last announced, -1 if never. */
    long maxConcurrentStreams() {
        return maxConcurrentStreams;
    }

    long takeDroppedBytes() {
        long n = droppedBytes;
        droppedBytes = 0;
        return n;
    }

    private void hold(ByteBuffer buf, int from, int to, int needed) {
        for (int k = from; k < to; k++) {
            held[heldLength++] = buf.get(k);
        }
        heldNeeded = needed;
    }

    /** Removes {@code n} bytes at {@code at} from {@code [at, end)}: the rest moves down. Rare: only for dropped frames. */
    private static void cut(ByteBuffer buf, int at, int n, int end) {
        if (buf.hasArray()) {
            byte[] a = buf.array();
            int base = buf.arrayOffset();
            System.arraycopy(a, base + at + n, a, base + at, end - at - n);
        } else {
            for (int k = at; k + n < end; k++) {
                buf.put(k, buf.get(k + n));
            }
        }
    }

    static String ascii(ByteBuffer buf, int at, int n) {
        StringBuilder s = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            s.append((char) (buf.get(at + k) & 0xff));
        }
        return s.toString();
    }

    /** Up to 24 bytes as text, other bytes as \xNN: enough to recognise what answered. */
    private static String preview(ByteBuffer buf, int at, int n) {
        int len = Math.min(n, 24);
        StringBuilder text = new StringBuilder("\"");
        for (int k = 0; k < len; k++) {
            int b = buf.get(at + k) & 0xff;
            if (b == '\r') {
                text.append("\\r");
            } else if (b == '\n') {
                text.append("\\n");
            } else if (b >= 0x20 && b < 0x7f && b != '\\') {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02x", b));
            }
        }
        return text.append(n > len ? "...\"" : "\"").toString();
    }
}
