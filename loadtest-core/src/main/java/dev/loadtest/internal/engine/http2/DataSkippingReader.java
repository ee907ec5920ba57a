package dev.loadtest.internal.engine.http2;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * Reads a clear-text HTTP/2 connection's socket for HttpCore's frame buffer without copying the bytes of DATA
 * payloads into it, in a run where nothing reads response bodies (no checks, no scenario): the bytes only count.
 *
 * <p>Why: HttpCore's frame buffer is a heap array, so the JDK reads the socket into a temporary direct buffer and
 * copies every byte again into the heap; over h2c with 100 KiB responses that copy was 6 % of the I/O thread
 * (bench/README.md, issue 15), and h2load makes none. Here the socket is read into one direct buffer per I/O
 * thread; frame headers and every frame other than an unpadded DATA frame are copied into HttpCore's buffer as they
 * are, and a DATA payload is passed over: the buffer's position moves by its length, the bytes there stay what
 * they were. HttpCore then sees every frame with its true length, so its flow control, its WINDOW_UPDATEs, the
 * {@link FrameCounter}'s byte counts and the exchange's body byte count are what they would be; only the content
 * of a DATA payload is stale, which nobody reads in such a run. A padded DATA frame is copied whole (HttpCore
 * reads its pad length).
 *
 * <p>The direct buffer is shared by the connections of one I/O thread, so it must be empty when an event of
 * the connection ends: HttpCore reads until a read returns 0, which happens only once it is drained; if an event
 * ends earlier (an exception), {@link #keepUnread()} moves what is left into a buffer of the connection's own.
 * One per connection, on its I/O thread only.
 */
final class DataSkippingReader {

    /**
     * Bytes read from the socket at most per system call: what HttpCore's own frame buffer took at most (64 KiB,
     * its default SETTINGS_MAX_FRAME_SIZE, + 9), so no more system calls than before; direct, once per I/O thread.
     */
    static final int STAGING_BYTES = 64 * 1024;
    private static final int HEADER = FrameFilter.HEADER;
    private static final int TYPE_DATA = 0x0;
    private static final int TYPE_SETTINGS = 0x4;
    private static final int FLAG_PADDED = 0x8;

    /** One direct buffer per I/O thread, and which reader's bytes it holds. */
    private static final ThreadLocal<Staging> STAGING = ThreadLocal.withInitial(Staging::new);

    private static final class Staging {
        final ByteBuffer buffer = ByteBuffer.allocateDirect(STAGING_BYTES).flip();
        DataSkippingReader owner;
    }

    /** Bytes of the current frame header seen so far (0 between frames and inside a payload). */
    private final byte[] header = new byte[HEADER];
    private int headerSeen;
    /** Payload bytes of the current frame still to come, and whether they are passed over. */
    private int left;
    private boolean skipping;
    /**
     * The server's first frame was SETTINGS, so its bytes are HTTP/2 frames: until then nothing is passed over,
     * and a server that answers something else (an HTTP/1.1 status line, TLS) has all its bytes shown as they came.
     */
    private boolean speaksHttp2;
    private boolean firstHeaderSeen;
    /** What an event left unread in the shared buffer (rare: only when it ended early); null when nothing. */
    private ByteBuffer unread;
    /** Payload bytes passed over without a copy, for tests. */
    private long skippedBytes;

    /**
     * Puts the connection's next bytes into {@code dst} as {@link ReadableByteChannel#read} does, reading
     * {@code socket} when no byte is waiting.
     *
     * @return the bytes placed (copied or passed over), 0 when none are to be had now, -1 at the end of the stream
     */
    int read(ReadableByteChannel socket, ByteBuffer dst) throws IOException {
        if (unread != null) {
            int n = transfer(unread, dst);
            if (!unread.hasRemaining()) {
                unread = null;
            }
            return n;
        }
        Staging staging = STAGING.get();
        ByteBuffer buf = staging.buffer;
        if (staging.owner != this && staging.owner != null) {
            // each event ends with keepUnread, so another connection's bytes are not here; if they were, they stay its
            staging.owner.keepUnread();
        }
        if (staging.owner != this || !buf.hasRemaining()) {
            buf.clear();
            int n;
            try {
                n = socket.read(buf);
            } finally {
                buf.flip();
            }
            staging.owner = this;
            if (n <= 0) {
                return n;
            }
        }
        return transfer(buf, dst);
    }

    /** At the end of each event of the connection: bytes read but not yet taken move out of the shared buffer. */
    void keepUnread() {
        Staging staging = STAGING.get();
        if (staging.owner != this) {
            return;
        }
        ByteBuffer buf = staging.buffer;
        if (buf.hasRemaining()) {
            ByteBuffer copy = ByteBuffer.allocate(buf.remaining() + (unread == null ? 0 : unread.remaining()));
            if (unread != null) {
                copy.put(unread);
            }
            unread = copy.put(buf).flip();
        }
        staging.owner = null;
    }

    /** Moves bytes from {@code src} to {@code dst}, passing over unpadded DATA payloads; returns the bytes placed. */
    int transfer(ByteBuffer src, ByteBuffer dst) {
        int start = dst.position();
        while (src.hasRemaining() && dst.hasRemaining()) {
            if (left == 0) {
                byte b = src.get();
                dst.put(b);
                header[headerSeen++] = b;
                if (headerSeen == HEADER) {
                    headerSeen = 0;
                    left = ((header[0] & 0xff) << 16) | ((header[1] & 0xff) << 8) | (header[2] & 0xff);
                    if (!firstHeaderSeen) {
                        firstHeaderSeen = true;
                        speaksHttp2 = header[3] == TYPE_SETTINGS;
                    }
                    skipping = speaksHttp2 && header[3] == TYPE_DATA && (header[4] & FLAG_PADDED) == 0;
                }
                continue;
            }
            int k = Math.min(left, Math.min(src.remaining(), dst.remaining()));
            if (!skipping) {
                dst.put(dst.position(), src, src.position(), k);
            } else {
                skippedBytes += k;
            }
            src.position(src.position() + k);
            dst.position(dst.position() + k);
            left -= k;
        }
        return dst.position() - start;
    }

    long skippedBytes() {
        return skippedBytes;
    }
}
