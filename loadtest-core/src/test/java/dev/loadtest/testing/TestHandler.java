package dev.loadtest.testing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IteratingCallback;

/**
 * The routes of {@link TestServer}, on Jetty 12's core handler API (no servlets: less code between the
 * socket and the handler, so the server is cheap enough to load-test against on a 2-core machine).
 *
 * <p>Why {@link Handler.Abstract.NonBlocking}: it tells Jetty the handler never blocks, so Jetty may call it
 * straight from the selector thread instead of dispatching to the pool. Every route honours that: bodies are
 * written with callbacks, {@code /slow} uses the scheduler, {@code /echo} copies the request content
 * asynchronously. A blocking call added here would stall a selector: don't.
 *
 * <p>A route not listed, or a malformed number, answers 404 or 400 (returning {@code false} lets Jetty's
 * default error handling write the 404).
 */
final class TestHandler extends Handler.Abstract.NonBlocking {

    /** Body of {@code /hello} (and {@code /slow}): fixed, 14 bytes, the same on every protocol. */
    static final String HELLO = "Hello, World!\n";

    private static final ByteBuffer HELLO_BUFFER = readOnlyDirect(HELLO.getBytes(StandardCharsets.US_ASCII));

    /**
     * Why 26 × 2048 bytes of {@code a..z}: a body of any length is cut from this one buffer at an offset that
     * keeps the pattern running, so byte {@code i} of every {@code /bytes} and {@code /chunked} body is
     * {@code 'a' + i % 26} (tests can check content, not just length) and no body allocates anything.
     * Direct, so NIO writes it to the socket without first copying it to a temporary direct buffer.
     */
    private static final ByteBuffer PATTERN;
    private static final int PATTERN_PERIOD = 26;
    /** Largest slice we cut: the pattern minus one period, so any start offset {@code < 26} fits. */
    private static final int MAX_WRITE = PATTERN_PERIOD * 2047;
    /** Largest chunk of a {@code /chunked} body: small enough that a 100 KB body is many chunks. */
    private static final int MAX_CHUNK = 8192;
    /** Bound on {@code /slow}: a typo must not park a request for hours. */
    private static final long MAX_SLOW_MS = TimeUnit.MINUTES.toMillis(10);

    static {
        byte[] bytes = new byte[PATTERN_PERIOD * 2048];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ('a' + i % PATTERN_PERIOD);
        }
        PATTERN = readOnlyDirect(bytes);
    }

    private final ServerCounters counters;
    /** {@code /freezable}: responses are held until this System.nanoTime() (0: not frozen). */
    private final java.util.concurrent.atomic.AtomicLong frozenUntil = new java.util.concurrent.atomic.AtomicLong();

    TestHandler(ServerCounters counters) {
        this.counters = counters;
    }

    /** Holds every {@code /freezable} response until {@code duration} from now, as a stalled server would. */
    void freeze(java.time.Duration duration) {
        frozenUntil.set(System.nanoTime() + duration.toNanos());
    }

    /** The expected byte {@code index} of a {@code /bytes/{n}} or {@code /chunked/{n}} body. */
    static byte patternByte(long index) {
        return (byte) ('a' + (int) (index % PATTERN_PERIOD));
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        counters.onRequest(request);
        String path = Request.getPathInContext(request);
        try {
            if (path.equals("/hello")) {
                hello(response, callback);
            } else if (path.startsWith("/bytes/")) {
                long n = number(path, "/bytes/", Long.MAX_VALUE);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, n);
                new BodyWriter(response, callback, n, false).iterate();
            } else if (path.startsWith("/chunked/")) {
                long n = number(path, "/chunked/", Long.MAX_VALUE);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
                // No Content-Length and more than one write: Jetty has to use chunked transfer coding on
                // HTTP/1.1 (and several DATA frames on h2).
                new BodyWriter(response, callback, n, true).iterate();
            } else if (path.startsWith("/status/")) {
                status(response, callback, (int) number(path, "/status/", 599));
            } else if (path.equals("/echo")) {
                echo(request, response, callback);
            } else if (path.equals("/freezable")) {
                // /hello, unless the server is frozen: then the answer waits until the freeze ends
                long wait = frozenUntil.get() - System.nanoTime();
                if (wait > 0) {
                    request.getComponents().getScheduler().schedule(() -> hello(response, callback), wait,
                            TimeUnit.NANOSECONDS);
                } else {
                    hello(response, callback);
                }
            } else if (path.equals("/connection")) {
                // which requests shared a connection: the client's address and port, and the connection's serial
                // number (a port is not enough: the client's system may give it to a new connection once one closed)
                text(response, callback, request.getConnectionMetaData().getRemoteSocketAddress() + "#"
                        + counters.connectionSerial(request));
            } else if (path.startsWith("/slow/")) {
                long ms = number(path, "/slow/", MAX_SLOW_MS);
                // The scheduler's thread only runs the timer; the handler returns at once, so a thousand
                // slow requests hold no pool thread (a Thread.sleep here would block a selector).
                request.getComponents().getScheduler().schedule(() -> hello(response, callback), ms, TimeUnit.MILLISECONDS);
            } else {
                return false;
            }
        } catch (IllegalArgumentException e) {
            Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400, e.getMessage());
        }
        return true;
    }

    private static void text(Response response, Callback callback, String text) {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, java.nio.ByteBuffer.wrap(bytes), callback);
    }

    private static void hello(Response response, Callback callback) {
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, HELLO_BUFFER.remaining());
        // slice(): an independent position/limit over the shared bytes; Jetty consumes the buffer it is given.
        response.write(true, HELLO_BUFFER.slice(), callback);
    }

    private static void status(Response response, Callback callback, int code) {
        if (code < 200) {
            // 1xx are interim responses and cannot end an exchange.
            throw new IllegalArgumentException("status must be 200..599, was " + code);
        }
        response.setStatus(code);
        if (code == HttpStatus.NO_CONTENT_204 || code == HttpStatus.NOT_MODIFIED_304) {
            // These must not carry a body (RFC 9110 §15.3.5, §15.4.5).
            response.write(true, BufferUtil.EMPTY_BUFFER, callback);
            return;
        }
        byte[] body = ("status " + code + "\n").getBytes(StandardCharsets.US_ASCII);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    private static void echo(Request request, Response response, Callback callback) {
        response.setStatus(HttpStatus.OK_200);
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type != null ? type : "application/octet-stream");
        long length = request.getLength();
        if (length >= 0) {
            // Known length in, known length out: the client sees the same framing it sent.
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, length);
        }
        // Streams chunk by chunk with demand(): memory stays bounded whatever the body size.
        Content.copy(request, response, callback);
    }

    /** Parses the decimal number after {@code prefix}; {@code IllegalArgumentException} (→ 400) if malformed. */
    private static long number(String path, String prefix, long max) {
        String digits = path.substring(prefix.length());
        if (digits.isEmpty() || digits.length() > 19 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("not a number: " + path);
        }
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("number too large: " + path);
        }
        if (value > max) {
            throw new IllegalArgumentException("number too large (max " + max + "): " + path);
        }
        return value;
    }

    private static ByteBuffer readOnlyDirect(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
        buffer.put(bytes).flip();
        return buffer.asReadOnlyBuffer();
    }

    /**
     * Writes {@code length} pattern bytes, one write at a time, each started from the previous write's
     * callback: Jetty allows only one pending write per response, and this never holds more than one slice.
     * {@link IteratingCallback} turns "write, then on success write again" into a loop without recursion
     * (a write that completes at once would otherwise grow the stack by one frame per write).
     */
    private static final class BodyWriter extends IteratingCallback {
        private final Response response;
        private final Callback callback;
        private final long length;
        private final boolean chunked;
        private final int writeSize;
        private long written;
        private boolean committed;
        private boolean lastWritten;

        BodyWriter(Response response, Callback callback, long length, boolean chunked) {
            this.response = response;
            this.callback = callback;
            this.length = length;
            this.chunked = chunked;
            // Chunked: at least ~4 chunks even for small bodies, so "several chunks" holds for n >= 4.
            this.writeSize = chunked
                    ? (int) Math.max(1, Math.min(MAX_CHUNK, (length + 3) / 4))
                    : MAX_WRITE;
            response.setStatus(HttpStatus.OK_200);
        }

        @Override
        protected Action process() {
            if (lastWritten) {
                return Action.SUCCEEDED;
            }
            if (chunked && !committed) {
                // Commit the head with no content and last=false: Jetty cannot compute a Content-Length
                // any more and must frame the body as chunks (true even for n = 0).
                committed = true;
                response.write(false, BufferUtil.EMPTY_BUFFER, this);
                return Action.SCHEDULED;
            }
            long remaining = length - written;
            if (remaining == 0) {
                lastWritten = true;
                response.write(true, BufferUtil.EMPTY_BUFFER, this);
                return Action.SCHEDULED;
            }
            int size = (int) Math.min(remaining, writeSize);
            ByteBuffer slice = PATTERN.slice((int) (written % PATTERN_PERIOD), size);
            written += size;
            // With a Content-Length the final data write is the last one (no extra empty write).
            boolean last = !chunked && written == length;
            lastWritten = last;
            response.write(last, slice, this);
            return Action.SCHEDULED;
        }

        @Override
        protected void onCompleteSuccess() {
            callback.succeeded();
        }

        @Override
        protected void onCompleteFailure(Throwable cause) {
            callback.failed(cause);
        }
    }
}
