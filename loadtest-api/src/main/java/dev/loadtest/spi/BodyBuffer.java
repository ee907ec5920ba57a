package dev.loadtest.spi;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The bytes of one response body as the engine receives them, kept up to a bound and counted beyond it: the
 * engine {@link #append}s each chunk (HttpCore's {@code consume(ByteBuffer)}), then hands the buffer to
 * {@link CapturedResponse.Builder#body(BodyBuffer, boolean)}. Past the bound nothing more is copied, so a
 * large download costs no more memory than the bound; the checks that need the body then fail saying the
 * body was too large.
 *
 * <p>Single-threaded: one per response in flight (a connection's stream), used by the thread that reads it.
 */
public final class BodyBuffer {

    /** The first allocation, grown by doubling: most checked bodies are small JSON documents. */
    private static final int INITIAL_CAPACITY = 1024;

    private final int limit;
    private byte[] bytes;
    private int length;
    private long seen;

    /**
     * @param limit the most bytes kept, at least 1
     * @param expectedLength the {@code Content-Length} when the response gave one, else -1: the first
     *        allocation is sized to it (capped at the limit) so a known body is copied once
     */
    public BodyBuffer(int limit, long expectedLength) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit (" + limit + ") must be >= 1");
        }
        this.limit = limit;
        long first = expectedLength >= 0 ? Math.min(expectedLength, limit) : Math.min(INITIAL_CAPACITY, limit);
        this.bytes = new byte[(int) first];
    }

    /** Copies what fits under the bound from the chunk and counts all of it; the chunk is consumed. */
    public void append(ByteBuffer chunk) {
        int available = chunk.remaining();
        seen += available;
        int copied = Math.min(available, limit - length);
        if (copied > 0) {
            ensureCapacity(length + copied);
            chunk.get(bytes, length, copied);
            length += copied;
        }
        chunk.position(chunk.limit());
    }

    /** Whether more bytes arrived than the bound keeps. */
    public boolean tooLarge() {
        return seen > limit;
    }

    /** The bytes received, kept or not. */
    public long seen() {
        return seen;
    }

    /** The bound this buffer was made with. */
    public int limit() {
        return limit;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    private void ensureCapacity(int needed) {
        if (needed > bytes.length) {
            int grown = (int) Math.min(limit, Math.max(needed, Math.max(INITIAL_CAPACITY, 2L * bytes.length)));
            bytes = Arrays.copyOf(bytes, grown);
        }
    }
}
