package dev.loadtest.faults;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
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
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /** What the server does with one accepted connection; return (or throw) to close it. */
    @FunctionalInterface
    public interface Behaviour {
        void serve(FaultConn conn) throws Exception;
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
            behaviour.serve(new FaultConn(this, raw, socket, alpn));
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

    /** An HTTP/1.1 request head as read. */
    public record Http1Request(String method, String target, String head) {
        public boolean header(String name, String value) {
            return head.toLowerCase(Locale.ROOT).contains("\r\n" + name.toLowerCase(Locale.ROOT) + ": "
                    + value.toLowerCase(Locale.ROOT));
        }
    }
}
