package dev.loadtest.faults;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * One connection a {@link FaultServer} accepted, as its {@link FaultServer.Behaviour} sees it: bytes in and out,
 * HTTP/1.1 helpers, and {@link #h2()} for HTTP/2 by hand.
 */
public final class FaultConn {
    /** Longest HTTP/1.1 request head read; a longer one fails the behaviour rather than growing without end. */
    private static final int MAX_HEAD_BYTES = 64 * 1024;

    private final FaultServer server;
    private final Socket raw;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String alpn;
    private int requestsOnConnection;

    FaultConn(FaultServer server, Socket raw, Socket socket, String alpn) throws IOException {
        this.server = server;
        this.raw = raw;
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        this.out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        this.alpn = alpn;
    }

    public FaultServer server() {
        return server;
    }

    /** The ALPN protocol chosen over TLS ({@code h2}, {@code http/1.1}), or null in clear text. */
    public String alpn() {
        return alpn;
    }

    /** Requests read on this connection so far. */
    public int requestsOnConnection() {
        return requestsOnConnection;
    }

    InputStream in() {
        return in;
    }

    /**
     * Reads the next HTTP/1.1 request head (and skips a Content-Length body), counts it, and waits
     * while the server is frozen. Null at the end of the stream.
     */
    public FaultServer.Http1Request readRequest() throws IOException, InterruptedException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(256);
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                if (head.size() == 0) {
                    return null;
                }
                throw new EOFException("end of stream inside a request head");
            }
            head.write(b);
            if (head.size() > MAX_HEAD_BYTES) {
                throw new IOException("request head too long");
            }
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\r\n");
        String[] first = lines[0].split(" ");
        long contentLength = 0;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0 && lines[i].substring(0, colon).trim().equalsIgnoreCase("content-length")) {
                contentLength = Long.parseLong(lines[i].substring(colon + 1).trim());
            }
        }
        for (long left = contentLength; left > 0; ) {
            long n = in.skip(left);
            if (n <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("end of stream inside a request body");
                }
                n = 1;
            }
            left -= n;
        }
        requestsOnConnection++;
        server.countRequest();
        server.awaitThaw();
        return new FaultServer.Http1Request(first[0], first.length > 1 ? first[1] : "/", text);
    }

    /** Writes bytes (buffered; see {@link #flush()}). */
    public void write(byte[] bytes) throws IOException {
        out.write(bytes);
    }

    public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
    }

    /** Writes text as ISO-8859-1 (buffered). */
    public void write(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public void flush() throws IOException {
        out.flush();
    }

    /** A complete HTTP/1.1 response with Content-Length, flushed. */
    public void respond(int status, String body, String... extraHeaders) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.ISO_8859_1);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status))
                .append("\r\nContent-Type: text/plain\r\nContent-Length: ").append(bytes.length).append("\r\n");
        for (String h : extraHeaders) {
            head.append(h).append("\r\n");
        }
        write(head.append("\r\n").toString());
        write(bytes);
        flush();
    }

    /** The response every healthy HTTP/1.1 behaviour gives: 200, {@code ok}. */
    public void ok() throws IOException {
        respond(200, "ok");
    }

    /** Writes text one byte at a time, {@code intervalMillis} apart, flushing each. */
    public void drip(String text, long intervalMillis) throws IOException, InterruptedException {
        for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
            out.write(b);
            out.flush();
            Thread.sleep(intervalMillis);
        }
    }

    /**
     * Aborts the connection with a TCP RST (SO_LINGER 0, then close of the TCP socket itself, so TLS
     * sends no close_notify), dropping anything unsent.
     */
    public void reset() throws IOException {
        out.flush();
        raw.setSoLinger(true, 0);
        raw.close();
    }

    /**
     * Closes the connection at once, after flushing: a FIN, or a RST when the client sent bytes not read yet (the
     * kernel resets a socket closed with unread input, and the reset may take the last response with it).
     */
    public void close() throws IOException {
        try {
            out.flush();
        } finally {
            socket.close();
        }
    }

    /**
     * Closes the connection as nginx does after its last response (lingering close, RFC 9112 §9.6): the response
     * flushed and a FIN after it, then what the client still sends (requests it had pipelined) read and dropped until
     * it closes, at most {@code lingerMillis}, so that the close is never a reset that takes the response away.
     */
    public void closeLingering(int lingerMillis) throws IOException {
        try {
            out.flush();
            socket.shutdownOutput();
            socket.setSoTimeout(lingerMillis);
            swallow();
        } catch (SocketTimeoutException e) {
            // the client kept the connection open: closed now, as nginx's lingering_timeout does
        } finally {
            socket.close();
        }
    }

    /** Reads and discards everything until the client closes (or the server does): a server that never answers. */
    public void swallow() throws IOException {
        byte[] sink = new byte[8192];
        int n;
        do {
            n = in.read(sink);   // hold the connection, never answer
        } while (n >= 0);
    }

    /** Sleeps, ending early (by InterruptedException) when the server closes. */
    public void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** The HTTP/2 view of this connection (prior knowledge or ALPN h2). */
    public H2Conn h2() {
        return new H2Conn(this, out);
    }

    private static String reason(int status) {
        return switch (status) {
            case 100 -> "Continue";
            case 103 -> "Early Hints";
            case 200 -> "OK";
            case 404 -> "Not Found";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }
}
