package dev.loadtest.testing;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deliberately tiny HTTP/1.1 server on raw sockets that answers the question no real server answers:
 * <em>does the client pipeline?</em> For each connection it counts how many complete request heads had
 * already arrived when it wrote its first response. A client that waits for each response before sending
 * the next request can never get above 1; a client pipelining at depth 10 shows up to 10.
 *
 * <p>How: after the first request head of a connection arrives, the server keeps reading (without answering)
 * for {@code firstResponseDelay} (200 ms by default), so requests the client sends back-to-back are on the
 * socket before the first answer is written. Then it answers everything received, in order, and from then
 * on answers each request as it comes. Every response is {@code HTTP/1.1 200 OK}, {@code Content-Length: 2},
 * body {@code ok} (HEAD: no body).
 *
 * <p>Why raw sockets and not Jetty: Jetty parses and dispatches pipelined requests one at a time and gives a
 * handler no view of what is still unread in the socket; here the bytes are ours.
 *
 * <p>Scope: request bodies with Content-Length are skipped; chunked request bodies are not supported (the
 * connection is closed). One thread per connection, at most {@link #MAX_CONNECTIONS} at a time (more are
 * closed at once), threads are daemons named {@code pipelining-probe-...}; {@link #close()} closes every
 * socket and joins every thread.
 */
public final class PipeliningProbeServer implements AutoCloseable {

    /** Bound on simultaneous connections (so on threads). */
    public static final int MAX_CONNECTIONS = 64;

    private static final Duration DEFAULT_FIRST_RESPONSE_DELAY = Duration.ofMillis(200);
    /** A connection that sends nothing for this long is closed, so no thread lives forever. */
    private static final int IDLE_TIMEOUT_MS = 30_000;
    private static final int MAX_HEAD_BYTES = 64 * 1024;
    private static final byte[] RESPONSE_HEAD =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE_BODY = "ok".getBytes(StandardCharsets.US_ASCII);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final ServerSocket serverSocket;
    private final long firstResponseDelayNanos;
    private final String threadNamePrefix;
    private final Thread acceptor;
    private final Semaphore connectionPermits = new Semaphore(MAX_CONNECTIONS);
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicInteger maxSeenBeforeFirstResponse = new AtomicInteger();
    private final List<Integer> seenBeforeFirstResponse = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    private PipeliningProbeServer(Duration firstResponseDelay) throws IOException {
        if (firstResponseDelay.isNegative()) {
            throw new IllegalArgumentException("firstResponseDelay (" + firstResponseDelay + ") must be >= 0");
        }
        this.firstResponseDelayNanos = firstResponseDelay.toNanos();
        this.threadNamePrefix = "pipelining-probe-" + SEQUENCE.incrementAndGet();
        this.serverSocket = new ServerSocket();
        serverSocket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        this.acceptor = new Thread(this::acceptLoop, threadNamePrefix + "-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Starts a probe on 127.0.0.1 and an ephemeral port, holding the first response for 200 ms. */
    public static PipeliningProbeServer start() throws IOException {
        return start(DEFAULT_FIRST_RESPONSE_DELAY);
    }

    /** Starts a probe that holds each connection's first response for {@code firstResponseDelay}. */
    public static PipeliningProbeServer start(Duration firstResponseDelay) throws IOException {
        return new PipeliningProbeServer(Objects.requireNonNull(firstResponseDelay, "firstResponseDelay"));
    }

    /** {@code http://127.0.0.1:PORT/path}. */
    public URI uri(String path) {
        return URI.create("http://" + serverSocket.getInetAddress().getHostAddress() + ":" + port()
                + (path.startsWith("/") ? path : "/" + path));
    }

    public int port() {
        return serverSocket.getLocalPort();
    }

    /**
     * The largest number of complete request heads any connection had received when its first response
     * was written: {@code > 1} proves pipelining; 0 if no connection has been answered yet.
     */
    public int maxRequestsSeenBeforeFirstResponse() {
        return maxSeenBeforeFirstResponse.get();
    }

    /** The same figure for every connection answered so far, in the order they were answered. */
    public List<Integer> requestsSeenBeforeFirstResponse() {
        return List.copyOf(seenBeforeFirstResponse);
    }

    /** Request heads received, over all connections. */
    public long requestCount() {
        return requests.get();
    }

    /** TCP connections accepted (including any refused for exceeding {@link #MAX_CONNECTIONS}). */
    public long connectionsOpened() {
        return connections.get();
    }

    /** Every thread of this probe has a name starting with this. */
    public String threadNamePrefix() {
        return threadNamePrefix;
    }

    /** Closes the listening socket and every connection, and waits (bounded) for all threads to end. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(serverSocket);
        sockets.forEach(PipeliningProbeServer::closeQuietly);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        // The acceptor first: once it has ended, no connection thread can be added behind our back.
        if (!join(acceptor, deadline)) {
            return;
        }
        sockets.forEach(PipeliningProbeServer::closeQuietly);
        for (Thread thread : new ArrayList<>(threads)) {
            if (!join(thread, deadline)) {
                return;
            }
        }
    }

    /** Bounded join; false if interrupted (the interrupt is kept). */
    private static boolean join(Thread thread, long deadlineNanos) {
        try {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            if (!connectionPermits.tryAcquire()) {
                closeQuietly(socket);
                continue;
            }
            sockets.add(socket);
            Thread thread = new Thread(() -> {
                try {
                    serve(socket);
                } catch (IOException | RuntimeException e) {
                    // The client went away, or sent something this probe does not handle: drop the connection.
                } finally {
                    closeQuietly(socket);
                    sockets.remove(socket);
                    threads.remove(Thread.currentThread());
                    connectionPermits.release();
                }
            }, threadNamePrefix + "-conn-" + connections.get());
            thread.setDaemon(true);
            threads.add(thread);
            if (closed) {
                // close() may have taken its snapshot of sockets before we added this one.
                closeQuietly(socket);
            }
            thread.start();
        }
    }

    private void serve(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(IDLE_TIMEOUT_MS);
        RequestReader reader = new RequestReader(socket.getInputStream());
        OutputStream out = socket.getOutputStream();
        List<ParsedRequest> pending = new ArrayList<>();

        // 1. Wait for the first complete request head.
        while (pending.isEmpty()) {
            if (!reader.readInto(pending)) {
                return; // EOF before any request
            }
        }

        // 2. Hold the answer for the delay, collecting whatever else the client sends meanwhile.
        long deadline = System.nanoTime() + firstResponseDelayNanos;
        boolean eof = false;
        for (long left = deadline - System.nanoTime(); left > 0 && !eof; left = deadline - System.nanoTime()) {
            socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            try {
                eof = !reader.readInto(pending);
            } catch (SocketTimeoutException e) {
                break;
            }
        }
        socket.setSoTimeout(IDLE_TIMEOUT_MS);
        seenBeforeFirstResponse.add(pending.size());
        maxSeenBeforeFirstResponse.accumulateAndGet(pending.size(), Math::max);

        // 3. Answer what we have, then one read at a time, answering everything each read completed.
        while (true) {
            if (!answer(out, pending) || eof) {
                return;
            }
            pending.clear();
            while (pending.isEmpty()) {
                if (!reader.readInto(pending)) {
                    return;
                }
            }
        }
    }

    /** Writes one response per request in a single write; false if a request asked to close. */
    private static boolean answer(OutputStream out, List<ParsedRequest> requests) throws IOException {
        ByteArrayOutputStream batch = new ByteArrayOutputStream(requests.size() * (RESPONSE_HEAD.length + 2));
        boolean keepAlive = true;
        for (ParsedRequest request : requests) {
            batch.write(RESPONSE_HEAD);
            if (!request.head) {
                batch.write(RESPONSE_BODY);
            }
            if (request.close) {
                keepAlive = false;
                break; // nothing after a "Connection: close" request gets an answer
            }
        }
        batch.writeTo(out);
        out.flush();
        return keepAlive;
    }

    private void countRequest() {
        requests.incrementAndGet();
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private record ParsedRequest(boolean head, boolean close) {
    }

    /**
     * Splits the byte stream into request heads (ending at CRLF CRLF) and skips Content-Length bodies.
     * Buffers across reads, because TCP splits and merges requests arbitrarily.
     */
    private final class RequestReader {
        private final InputStream in;
        private byte[] buffer = new byte[16 * 1024];
        private int start;
        private int end;
        private long bodyToSkip;

        RequestReader(InputStream in) {
            this.in = in;
        }

        /** One blocking read, then every complete request in the buffer goes to {@code out}; false on EOF. */
        boolean readInto(List<ParsedRequest> out) throws IOException {
            if (end == buffer.length) {
                compact();
            }
            int n = in.read(buffer, end, buffer.length - end);
            if (n < 0) {
                return false;
            }
            end += n;
            ParsedRequest request;
            while ((request = next()) != null) {
                countRequest();
                out.add(request);
            }
            return true;
        }

        private ParsedRequest next() throws IOException {
            if (bodyToSkip > 0) {
                int skipped = (int) Math.min(bodyToSkip, end - start);
                start += skipped;
                bodyToSkip -= skipped;
                if (bodyToSkip > 0) {
                    return null;
                }
            }
            int headEnd = indexOfBlankLine();
            if (headEnd < 0) {
                if (end - start > MAX_HEAD_BYTES) {
                    throw new IOException("request head larger than " + MAX_HEAD_BYTES + " bytes");
                }
                return null;
            }
            String head = new String(buffer, start, headEnd - start, StandardCharsets.ISO_8859_1);
            start = headEnd + 4;
            return parse(head);
        }

        private ParsedRequest parse(String head) throws IOException {
            String[] lines = head.split("\r\n");
            String[] requestLine = lines[0].split(" ");
            if (requestLine.length != 3) {
                throw new IOException("bad request line: " + lines[0]);
            }
            boolean http10 = requestLine[2].equals("HTTP/1.0");
            boolean close = http10;
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = lines[i].substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                switch (name) {
                    case "content-length" -> bodyToSkip = Long.parseLong(value);
                    case "transfer-encoding" -> throw new IOException("chunked request bodies are not supported");
                    case "connection" -> close = value.contains("close") || (http10 && !value.contains("keep-alive"));
                    default -> { }
                }
            }
            return new ParsedRequest(requestLine[0].equals("HEAD"), close);
        }

        private int indexOfBlankLine() {
            for (int i = start; i + 3 < end; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                    return i;
                }
            }
            return -1;
        }

        private void compact() {
            int live = end - start;
            if (start == 0) {
                // Full of one incomplete head: grow (bounded by MAX_HEAD_BYTES in next()).
                byte[] bigger = new byte[buffer.length * 2];
                System.arraycopy(buffer, 0, bigger, 0, live);
                buffer = bigger;
            } else {
                System.arraycopy(buffer, start, buffer, 0, live);
            }
            start = 0;
            end = live;
        }
    }
}
