package dev.loadtest.samples;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IteratingCallback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * A small embedded HTTP server to point a load test at when you have none: the samples' demo command starts
 * one when it is given no URL, so {@code loadtest demo} works out of the box.
 *
 * <p>It is Jetty 12 (core handler API, no servlets) on <b>127.0.0.1 only</b> (load is only ever sent to
 * loopback), speaking HTTP/1.1 and cleartext HTTP/2 on the same port: a client that opens with the HTTP/2
 * preface ({@code PRI * HTTP/2.0}, "prior knowledge", as h2load and {@code --h2c} do) gets HTTP/2, any other
 * client gets HTTP/1.1.
 *
 * <p>Routes:
 * <ul>
 *   <li>{@code GET /hello}: 200, {@code "Hello, World!\n"} (14 bytes, Content-Length)</li>
 *   <li>{@code GET /bytes/{n}}: 200, exactly n bytes ({@code 0 <= n <= 1 GiB}) with Content-Length, written
 *       from one shared buffer so large bodies cost the server almost nothing but the copy to the socket</li>
 *   <li>{@code GET /}: a short plain-text list of these routes</li>
 *   <li>anything else: 404</li>
 * </ul>
 *
 * <pre>{@code
 * try (DemoServer server = new DemoServer().start()) {
 *     Result r = LoadTest.target(server.uri("/hello")).clients(10).duration(Duration.ofSeconds(5)).run();
 *     System.out.println(r);
 * }
 * }</pre>
 *
 * <p>Its threads are daemons named {@code demo-server-...}: a demo server someone forgot to close never keeps
 * the JVM alive. Logging goes through SLF4J (Jetty logs its start and stop at INFO); {@link #main} turns
 * Jetty's INFO lines off unless you set {@code org.slf4j.simpleLogger.log.org.eclipse.jetty} yourself.
 */
public final class DemoServer implements AutoCloseable {

    /** The only address the demo server binds to. */
    public static final String HOST = "127.0.0.1";
    /** Port {@link #main} uses when none is given. */
    public static final int DEFAULT_PORT = 8080;
    /** Largest {@code /bytes/{n}}: a typo must not make the server stream for an hour. */
    public static final long MAX_BYTES = 1L << 30;

    private static final String HELLO = "Hello, World!\n";
    private static final String INDEX = "loadtest demo server\n"
            + "  GET /hello      Hello, World! (14 bytes)\n"
            + "  GET /bytes/{n}  n bytes (0.." + MAX_BYTES + ")\n";

    private final int requestedPort;
    private final Server server;
    private final ServerConnector connector;

    /** A demo server on 127.0.0.1 and an ephemeral port (the OS picks a free one); call {@link #start()}. */
    public DemoServer() {
        this(0);
    }

    /**
     * A demo server on 127.0.0.1 and {@code port} ({@code 0} for an ephemeral port); call {@link #start()}.
     *
     * @throws IllegalArgumentException if {@code port} is not in 0..65535
     */
    public DemoServer(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port (" + port + ") must be 0..65535");
        }
        this.requestedPort = port;

        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName("demo-server");
        threads.setDaemon(true);
        // An explicit daemon scheduler: Server(pool) would create a non-daemon one, which alone keeps a JVM
        // alive after its main thread ends if the demo server was not closed.
        server = new Server(threads, new ScheduledExecutorScheduler("demo-server-scheduler", true), null);
        // No graceful phase on stop: it would wait for clients' keep-alive connections to end, then fail.
        server.setStopTimeout(0);

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        // First factory = the one every connection starts with. Jetty's HTTP/1.1 parser recognises the
        // HTTP/2 preface and hands the connection to the "h2c" factory, so one port serves both protocols.
        connector = new ServerConnector(server, new HttpConnectionFactory(http), new HTTP2CServerConnectionFactory(http));
        connector.setHost(HOST);
        connector.setPort(port);
        // the JDK's listen backlog of 50 makes thousands of clients at once wait for TCP retransmissions
        connector.setAcceptQueueSize(4096);
        server.addConnector(connector);
        server.setHandler(new Routes());
    }

    /**
     * Binds and starts serving. Returns {@code this}, so {@code new DemoServer().start()} reads naturally.
     *
     * @throws IllegalStateException if the port cannot be bound (e.g. already in use) or Jetty fails to start
     */
    public DemoServer start() {
        try {
            server.start();
        } catch (Exception e) {
            IllegalStateException failure = new IllegalStateException(
                    "cannot start the demo server on " + HOST + ":" + requestedPort + ": " + e.getMessage(), e);
            try {
                server.stop();
            } catch (Exception stopFailure) {
                failure.addSuppressed(stopFailure);
            }
            throw failure;
        }
        return this;
    }

    /** {@code http://127.0.0.1:PORT/}, the base URI of the running server. */
    public URI uri() {
        return uri("/");
    }

    /** {@code http://127.0.0.1:PORT/path} of the running server; a missing leading {@code /} is added. */
    public URI uri(String path) {
        return URI.create("http://" + HOST + ":" + port() + (path.startsWith("/") ? path : "/" + path));
    }

    /**
     * The port the server listens on (the actual one when started on port 0).
     *
     * @throws IllegalStateException if the server is not running
     */
    public int port() {
        int port = connector.getLocalPort();
        if (!server.isStarted() || port <= 0) {
            throw new IllegalStateException("the demo server is not running");
        }
        return port;
    }

    /** Blocks until the server is stopped (by {@link #close()} from another thread, or the JVM shutting down). */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops the server, closing all its connections and threads. Idempotent. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the demo server", e);
        }
    }

    /**
     * Runs the demo server in the foreground until the process is stopped (Ctrl-C).
     *
     * @param args {@code [port]}, default {@value #DEFAULT_PORT}; {@code 0} picks a free port
     */
    public static void main(String[] args) throws InterruptedException {
        int port = DEFAULT_PORT;
        if (args.length > 0) {
            try {
                port = Integer.parseInt(args[0]);
            } catch (NumberFormatException e) {
                System.err.println("usage: DemoServer [port]   (port: 0..65535, default " + DEFAULT_PORT + ")");
                System.exit(2);
            }
        }
        // Must be set before the first Jetty logger exists; a user's own setting wins.
        if (System.getProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        }
        DemoServer demo = new DemoServer(port).start();
        Runtime.getRuntime().addShutdownHook(new Thread(demo::close, "demo-server-shutdown"));
        System.out.println("Demo server listening on " + demo.uri() + " (HTTP/1.1 and h2c)");
        System.out.println("  try: " + demo.uri("/hello") + "  or  " + demo.uri("/bytes/1024"));
        demo.join();
    }

    /** The routes, on Jetty's non-blocking core handler API: nothing here ever blocks a thread. */
    private static final class Routes extends Handler.Abstract.NonBlocking {
        private static final ByteBuffer HELLO_BUFFER = readOnlyDirect(HELLO.getBytes(StandardCharsets.US_ASCII));
        private static final ByteBuffer INDEX_BUFFER = readOnlyDirect(INDEX.getBytes(StandardCharsets.US_ASCII));
        /** Shared source of every /bytes body: read-only and direct, each write takes its own slice. */
        private static final ByteBuffer FILL = readOnlyDirect(filler(64 * 1024));

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            String path = Request.getPathInContext(request);
            if (path.equals("/hello")) {
                fixed(response, callback, HELLO_BUFFER);
            } else if (path.equals("/")) {
                fixed(response, callback, INDEX_BUFFER);
            } else if (path.startsWith("/bytes/")) {
                long n = parseCount(path.substring("/bytes/".length()));
                if (n < 0) {
                    Response.writeError(request, response, callback, HttpStatus.BAD_REQUEST_400,
                            "n must be a whole number 0.." + MAX_BYTES);
                    return true;
                }
                response.setStatus(HttpStatus.OK_200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/octet-stream");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, n);
                new BytesWriter(response, callback, n).iterate();
            } else {
                return false; // Jetty answers 404
            }
            return true;
        }

        private static void fixed(Response response, Callback callback, ByteBuffer body) {
            response.setStatus(HttpStatus.OK_200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.remaining());
            // slice(): Jetty consumes the buffer it is given, so each response gets its own view of the bytes.
            response.write(true, body.slice(), callback);
        }

        /** The count, or -1 if it is not a decimal number in 0..MAX_BYTES. */
        private static long parseCount(String digits) {
            if (digits.isEmpty() || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return -1;
            }
            long n = Long.parseLong(digits);
            return n <= MAX_BYTES ? n : -1;
        }

        private static byte[] filler(int size) {
            byte[] bytes = new byte[size];
            for (int i = 0; i < size; i++) {
                bytes[i] = (byte) ('a' + i % 26);
            }
            return bytes;
        }

        private static ByteBuffer readOnlyDirect(byte[] bytes) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
            buffer.put(bytes).flip();
            return buffer.asReadOnlyBuffer();
        }
    }

    /**
     * Writes n bytes as a loop of slices of the shared buffer, the next write started from the previous
     * one's callback (Jetty allows one pending write per response). {@link IteratingCallback} makes that a
     * loop rather than a recursion when writes complete immediately.
     */
    private static final class BytesWriter extends IteratingCallback {
        private final Response response;
        private final Callback callback;
        private long remaining;
        private boolean lastWritten;

        BytesWriter(Response response, Callback callback, long length) {
            this.response = response;
            this.callback = callback;
            this.remaining = length;
        }

        @Override
        protected Action process() {
            if (lastWritten) {
                return Action.SUCCEEDED;
            }
            if (remaining == 0) {
                lastWritten = true;
                response.write(true, BufferUtil.EMPTY_BUFFER, this);
                return Action.SCHEDULED;
            }
            int size = (int) Math.min(remaining, Routes.FILL.capacity());
            remaining -= size;
            lastWritten = remaining == 0;
            response.write(lastWritten, Routes.FILL.slice(0, size), this);
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
