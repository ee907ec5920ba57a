package dev.loadtest.faults;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * A server on raw sockets that misbehaves on purpose, for the fault matrix: what a real server does only
 * by accident (resets, truncated bodies, garbage, silence, GOAWAY at the wrong moment...) it does on
 * demand. One {@link Behaviour} serves each connection, on a thread of its own.
 *
 * <pre>{@code
 * try (FaultServer server = FaultServer.start(Http1Faults.resetMidResponse(4))) {
 *     Result r = LoadTest.target(server.uri("/")).requests(10).run();
 * }
 * }</pre>
 *
 * <p>Listens on 127.0.0.1 (an ephemeral port, or a fixed one to restart a "killed" server on the same
 * port); clear text, or TLS with ALPN ({@code h2}, {@code http/1.1}) from {@link FaultTls}. Counts
 * connections, requests (HTTP/1.1 request heads, HTTP/2 request streams) and the most HTTP/2 streams
 * open at once on one connection.
 *
 * <p>Bounded: at most {@link #MAX_CONNECTIONS} connection threads (more connections are closed at once),
 * each socket read gives up after {@link #READ_TIMEOUT_MS}; daemon threads named {@code faultserver-N-...}.
 * {@link #close()} closes the listener and every socket and joins every thread (bounded): afterwards the
 * port refuses connections, as a killed process's would.
 *
 * <p>{@link #freeze(Duration)} stops answering for a while, as a process stopped with SIGSTOP: connections
 * are still accepted by the kernel, requests are read but not answered until the freeze ends.
 */
public final class FaultServer implements AutoCloseable {

    /** Bound on simultaneous connections (so on threads). */
    public static final int MAX_CONNECTIONS = 256;
    /** A connection silent for this long is dropped, so no thread lives forever. */
    public static final int READ_TIMEOUT_MS = 30_000;
    private static final int MAX_HEAD_BYTES = 64 * 1024;
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /** What the server does with one accepted connection; return (or throw) to close it. */
    @FunctionalInterface
    public interface Behaviour {
        void serve(Conn conn) throws Exception;
    }

    private final ServerSocket serverSocket;
    private final Behaviour behaviour;
    private final SSLContext tls;
    private final String name;
    private final Thread acceptor;
    private final Semaphore permits = new Semaphore(MAX_CONNECTIONS);
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicInteger openConnections = new AtomicInteger();
    private final AtomicInteger maxOpenStreams = new AtomicInteger();
    private final AtomicLong serverErrors = new AtomicLong();
    private final ScheduledExecutorService timer;
    private final Object freezeLock = new Object();
    private volatile long frozenUntilNanos;
    private volatile boolean closed;

    private FaultServer(Behaviour behaviour, int port, SSLContext tls) throws IOException {
        this.behaviour = Objects.requireNonNull(behaviour, "behaviour");
        this.tls = tls;
        this.name = "faultserver-" + SEQUENCE.incrementAndGet();
        ServerSocket ss = new ServerSocket();
        try {
            // a restarted server binds the port its predecessor used, with connections in TIME_WAIT
            ss.setReuseAddress(true);
            ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        } catch (IOException e) {
            ss.close();
            throw e;
        }
        this.serverSocket = ss;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name + "-timer");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::acceptLoop, name + "-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A clear-text server on an ephemeral port of 127.0.0.1; started. */
    public static FaultServer start(Behaviour behaviour) throws IOException {
        return new FaultServer(behaviour, 0, null);
    }

    /** A clear-text server on a given port of 127.0.0.1 (0 for an ephemeral one); started. */
    public static FaultServer start(int port, Behaviour behaviour) throws IOException {
        return new FaultServer(behaviour, port, null);
    }

    /** A TLS server (certificate from {@link FaultTls}, ALPN h2 then http/1.1) on an ephemeral port; started. */
    public static FaultServer startTls(Behaviour behaviour) throws IOException {
        return new FaultServer(behaviour, 0, FaultTls.serverContext());
    }

    /** {@code http://127.0.0.1:PORT/path}, {@code https} for a TLS server. */
    public URI uri(String path) {
        return URI.create((tls != null ? "https" : "http") + "://127.0.0.1:" + port()
                + (path.startsWith("/") ? path : "/" + path));
    }

    public int port() {
        return serverSocket.getLocalPort();
    }

    /** TCP connections accepted. */
    public long connections() {
        return connections.get();
    }

    /** Connections being served right now. */
    public int openConnections() {
        return openConnections.get();
    }

    /** Requests received: HTTP/1.1 request heads, HTTP/2 request streams. */
    public long requests() {
        return requests.get();
    }

    /** The most HTTP/2 streams open at once on any one connection (client-opened, not yet closed by both). */
    public int maxOpenStreams() {
        return maxOpenStreams.get();
    }

    /** Unexpected failures of the server itself (not of the client): should stay 0. */
    public long serverErrors() {
        return serverErrors.get();
    }

    /** Every thread of this server is named with this prefix. */
    public String threadNamePrefix() {
        return name;
    }

    /** Stops answering (and reading further requests) for this long, from now; connections are still accepted. */
    public void freeze(Duration duration) {
        synchronized (freezeLock) {
            frozenUntilNanos = System.nanoTime() + duration.toNanos();
        }
    }

    /** Blocks while the server is frozen (bounded by the freeze). */
    void awaitThaw() throws InterruptedException {
        while (!closed) {
            long left = frozenUntilNanos - System.nanoTime();
            if (left <= 0) {
                return;
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(20)));
        }
    }

    /** Runs a task later on the server's timer (e.g. a delayed HTTP/2 response); dropped once closed. */
    void schedule(Runnable task, long delayMillis) {
        try {
            timer.schedule(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    serverErrors.incrementAndGet();
                }
            }, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closed
        }
    }

    void countRequest() {
        requests.incrementAndGet();
    }

    void openStreams(int open) {
        maxOpenStreams.accumulateAndGet(open, Math::max);
    }

    /** Closes the listener and every connection, and waits (bounded) for every thread to end. Idempotent. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(serverSocket);
        sockets.forEach(FaultServer::closeQuietly);
        timer.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        if (!join(acceptor, deadline)) {
            return;
        }
        // the acceptor has ended: no thread or socket can be added behind our back now
        sockets.forEach(FaultServer::closeQuietly);
        for (Thread thread : new ArrayList<>(threads)) {
            thread.interrupt();
            if (!join(thread, deadline)) {
                return;
            }
        }
        try {
            timer.awaitTermination(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "FaultServer[" + uri("/") + ", " + connections() + " connections, " + requests() + " requests]";
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException e) {
                return;   // closed
            }
            long n = connections.incrementAndGet();
            if (closed || !permits.tryAcquire()) {
                closeQuietly(socket);
                continue;
            }
            sockets.add(socket);
            Thread thread = new Thread(() -> serveOne(socket), name + "-conn-" + n);
            thread.setDaemon(true);
            threads.add(thread);
            if (closed) {
                closeQuietly(socket);   // close() may have taken its snapshot before we added this one
            }
            thread.start();
        }
    }

    private void serveOne(Socket raw) {
        openConnections.incrementAndGet();
        Socket socket = raw;
        try {
            raw.setTcpNoDelay(true);
            raw.setSoTimeout(READ_TIMEOUT_MS);
            String alpn = null;
            if (tls != null) {
                SSLSocket ssl = (SSLSocket) tls.getSocketFactory().createSocket(raw, null, raw.getPort(), true);
                ssl.setUseClientMode(false);
                SSLParameters params = ssl.getSSLParameters();
                params.setApplicationProtocols(new String[] {"h2", "http/1.1"});
                ssl.setSSLParameters(params);
                socket = ssl;
                sockets.add(ssl);
                ssl.startHandshake();
                alpn = ssl.getApplicationProtocol();
            }
            behaviour.serve(new Conn(this, raw, socket, alpn));
        } catch (SocketException | EOFException | InterruptedIOException | InterruptedException e) {
            // the client went away, or we were closed: normal for a fault server
        } catch (IOException e) {
            // a TLS handshake the client abandoned, a reset...: also the client's business
        } catch (Exception e) {
            if (!closed) {
                serverErrors.incrementAndGet();
            }
        } finally {
            closeQuietly(socket);
            closeQuietly(raw);
            sockets.remove(socket);
            sockets.remove(raw);
            openConnections.decrementAndGet();
            threads.remove(Thread.currentThread());
            permits.release();
        }
    }

    private static boolean join(Thread thread, long deadlineNanos) {
        try {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }

    /** One accepted connection, as a behaviour sees it: bytes in and out, and HTTP/1.1 helpers. */
    public static final class Conn {
        private final FaultServer server;
        private final Socket raw;
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        private final String alpn;
        private int requestsOnConnection;

        Conn(FaultServer server, Socket raw, Socket socket, String alpn) throws IOException {
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
        public Http1Request readRequest() throws IOException, InterruptedException {
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
            return new Http1Request(first[0], first.length > 1 ? first[1] : "/", text);
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

        /** Closes the connection normally (FIN), after flushing. */
        public void close() throws IOException {
            try {
                out.flush();
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

    /** An HTTP/1.1 request head as read. */
    public record Http1Request(String method, String target, String head) {
        public boolean header(String name, String value) {
            return head.toLowerCase(Locale.ROOT).contains("\r\n" + name.toLowerCase(Locale.ROOT) + ": "
                    + value.toLowerCase(Locale.ROOT));
        }
    }
}
