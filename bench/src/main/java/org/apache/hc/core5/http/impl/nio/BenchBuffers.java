package org.apache.hc.core5.http.impl.nio;

import org.apache.hc.core5.http.nio.SessionInputBuffer;
import org.apache.hc.core5.http.nio.SessionOutputBuffer;

/**
 * Bench module only: HttpCore's session buffers are package-private classes, so the JMH benchmark of
 * HTTP/1.1 head parsing and writing gets them through this door in their package.
 */
public final class BenchBuffers {

    private BenchBuffers() {
    }

    public static SessionInputBuffer input(int size) {
        return new SessionInputBufferImpl(size, size);
    }

    public static SessionOutputBuffer output(int size) {
        return new SessionOutputBufferImpl(size, size);
    }

    /** Appends bytes as if read from the socket. */
    public static void put(SessionInputBuffer buffer, java.nio.ByteBuffer src) {
        ((SessionInputBufferImpl) buffer).put(src);
    }

    /** Empties the buffer as if flushed to the socket. */
    public static void clear(SessionOutputBuffer buffer) {
        ((SessionOutputBufferImpl) buffer).clear();
    }
}
