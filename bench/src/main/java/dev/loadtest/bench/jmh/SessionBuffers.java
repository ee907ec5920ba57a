package dev.loadtest.bench.jmh;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import org.apache.hc.core5.http.nio.SessionInputBuffer;
import org.apache.hc.core5.http.nio.SessionOutputBuffer;

/**
 * HttpCore's own session buffers, for the benchmark of HTTP/1.1 head parsing and writing. Their classes are
 * package-private, so they are made once, in the benchmark's set-up, by reflection (HttpCore's jar is an
 * automatic module, which opens its packages); the measured calls go through the public
 * {@link SessionInputBuffer} and {@link SessionOutputBuffer} interfaces only: bytes go in as if read from the
 * socket ({@code fill}) and out as if written to it ({@code flush}).
 */
final class SessionBuffers {

    private SessionBuffers() {
    }

    static SessionInputBuffer input(int size) {
        return (SessionInputBuffer) create("org.apache.hc.core5.http.impl.nio.SessionInputBufferImpl", size);
    }

    static SessionOutputBuffer output(int size) {
        return (SessionOutputBuffer) create("org.apache.hc.core5.http.impl.nio.SessionOutputBufferImpl", size);
    }

    private static Object create(String className, int size) {
        try {
            Constructor<?> c = Class.forName(className).getDeclaredConstructor(int.class, int.class);
            c.setAccessible(true);
            return c.newInstance(size, size);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot create HttpCore's " + className + " for the benchmark", e);
        }
    }

    /**
     * A socket that has {@code bytes} to read each time it is asked (one response per fill), and that takes
     * every byte written to it at once.
     */
    static ByteChannel socket(byte[] bytes) {
        return new ByteChannel() {
            @Override
            public int read(ByteBuffer dst) {
                int n = Math.min(dst.remaining(), bytes.length);
                dst.put(bytes, 0, n);
                return n;
            }

            @Override
            public int write(ByteBuffer src) {
                int n = src.remaining();
                src.position(src.limit());
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
    }

    /** Appends one read's worth of bytes from {@code from}, as the connection does from the socket. */
    static void fill(SessionInputBuffer buffer, ReadableByteChannel from) throws IOException {
        buffer.fill(from);
    }

    /** Empties the buffer into {@code to}, as the connection does to the socket. */
    static void flush(SessionOutputBuffer buffer, WritableByteChannel to) throws IOException {
        buffer.flush(to);
    }
}
