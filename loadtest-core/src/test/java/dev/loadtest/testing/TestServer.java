package dev.loadtest.testing;

import java.net.URI;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;

import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http2.HTTP2Cipher;
import org.eclipse.jetty.http2.server.AbstractHTTP2ServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * A real HTTP server of another implementation (Jetty 12, embedded) for the engine's integration tests:
 * on 127.0.0.1, an ephemeral port, started by the factory method and stopped by {@link #close()}.
 *
 * <pre>{@code
 * try (TestServer server = TestServer.h2c()) {
 *     Result r = LoadTest.target(server.uri("/hello")).clients(4).requests(100).run();
 *     assertThat(server.requestCount()).isEqualTo(100);
 *     assertThat(server.connectionsOpened()).isEqualTo(4);
 * }
 * }</pre>
 *
 * <h2>Flavours</h2>
 * <ul>
 *   <li>{@link #http1()}: HTTP/1.1 only (keep-alive, pipelining). An h2c client gets no HTTP/2 here, which is
 *       what a "server does not speak h2" test needs.</li>
 *   <li>{@link #h2c()}: HTTP/1.1 <em>and</em> cleartext HTTP/2 on the same port. Jetty starts every connection
 *       with its HTTP/1.1 parser; when the first line is the HTTP/2 preface ({@code PRI * HTTP/2.0}) it
 *       switches the connection to the "h2c" connection factory (prior knowledge, what h2load and HttpCore's
 *       {@code FORCE_HTTP_2} do); an {@code Upgrade: h2c} request is also honoured.</li>
 *   <li>{@link #tls()}: h2 and http/1.1 over TLS, chosen by ALPN (h2 preferred, http/1.1 for clients without
 *       ALPN), with a certificate for localhost/127.0.0.1/::1 made at run time; clients trust it through
 *       {@link #trustStore()} or {@link #sslContext()}.</li>
 * </ul>
 *
 * <h2>Routes</h2> (see {@link TestHandler})
 * <ul>
 *   <li>{@code /hello}: 200, {@code "Hello, World!\n"} (14 bytes, Content-Length)</li>
 *   <li>{@code /bytes/{n}}: 200, exactly n bytes with Content-Length; byte i is {@code 'a' + i % 26}</li>
 *   <li>{@code /status/{code}}: that status (200..599) with a small body ({@code "status 404\n"}),
 *       no body for 204 and 304</li>
 *   <li>{@code /echo}: 200, the request body back (same Content-Type, same Content-Length if one was sent)</li>
 *   <li>{@code /connection}: 200, the client's address and port as the server sees them and the connection's
 *       serial number ({@code /127.0.0.1:40312#7}), as text: which requests shared a connection. The serial
 *       tells connections apart where the port may not (a client's system may reuse a port once its connection
 *       closed); it is the Jetty connection's, so an h2c {@code Upgrade} makes a second one for its socket</li>
 *   <li>{@code /slow/{ms}}: the {@code /hello} response after ms milliseconds, without holding a thread</li>
 *   <li>{@code /chunked/{n}}: n pattern bytes in several chunks, no Content-Length (chunked on HTTP/1.1)</li>
 *   <li>anything else: 404; a malformed number: 400</li>
 * </ul>
 *
 * <h2>Threads</h2> All of this server's threads are named {@link #threadNamePrefix()}{@code ...} and are
 * daemons, so a test can check that {@code close()} left none behind, and a server a test forgot to close
 * never keeps the JVM (or Surefire's fork) alive.
 */
public final class TestServer implements AutoCloseable {

    /** What the connector speaks. */
    public enum Kind {
        /** HTTP/1.1 only, cleartext. */
        HTTP1,
        /** HTTP/1.1 and h2c (prior knowledge or Upgrade) on one cleartext port. */
        H2C,
        /** h2 and http/1.1 over TLS, by ALPN. */
        TLS
    }

    private static final String HOST = "127.0.0.1";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Kind kind;
    private final Server server;
    private final ServerConnector connector;
    private final ServerCounters counters = new ServerCounters();
    private final TestHandler handler;
    private final String threadNamePrefix;
    private final int port;

    private TestServer(Builder builder) {
        this.kind = builder.kind;
        this.threadNamePrefix = "testserver-" + kind.name().toLowerCase(Locale.ROOT)
                + "-" + SEQUENCE.incrementAndGet();

        QueuedThreadPool threads = new QueuedThreadPool(builder.maxThreads, Math.min(4, builder.maxThreads));
        threads.setName(threadNamePrefix);
        threads.setDaemon(true);
        // Why short: stop() waits this long for pool threads to finish; an idle test server has nothing
        // worth waiting for, and a stuck request must not slow the whole test suite.
        threads.setStopTimeout(2_000);
        server = new Server(threads, new ScheduledExecutorScheduler(threadNamePrefix + "-scheduler", true), null);
        // Why 0: with a stop timeout Jetty 12 first shuts down gracefully, waits for open connections to
        // end (clients like the JDK's keep them open), and then throws TimeoutException from stop(). A test
        // fixture should just close everything.
        server.setStopTimeout(0);

        HttpConfiguration http = new HttpConfiguration();
        // No "Server: Jetty(12.x)" header: header byte counts in tests then do not change with the Jetty version.
        http.setSendServerVersion(false);

        // Selectors bounded explicitly: Jetty's default (cores / 2) on a big CI machine would lease more threads
        // than a small maxThreads allows, and the server would refuse to start ("insufficient threads").
        int selectors = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
        connector = new ServerConnector(server, 1, selectors, connectionFactories(builder, http));
        connector.setHost(HOST);
        connector.setPort(builder.port);
        connector.setIdleTimeout(builder.idleTimeout.toMillis());
        // The JDK's default listen backlog is 50: thousands of connections at once overflow it, and Linux then
        // drops the handshake's last ACK, so a client sends its request into a connection the server has not
        // accepted and waits for retransmissions (1, 2, 4, 8 s...). The kernel caps this at net.core.somaxconn.
        connector.setAcceptQueueSize(4096);
        // See ServerCounters for why TCP connections are counted at accept and requests per Jetty Connection.
        connector.getSelectorManager().addEventListener(counters);
        connector.addBean(counters.connectionListener);
        server.addConnector(connector);
        handler = new TestHandler(counters);
        server.setHandler(handler);

        try {
            server.start();
        } catch (Exception e) {
            IllegalStateException failure = new IllegalStateException("cannot start the " + kind + " test server", e);
            try {
                server.stop();
            } catch (Exception stopFailure) {
                failure.addSuppressed(stopFailure);
            }
            throw failure;
        }
        this.port = connector.getLocalPort();
    }

    private static ConnectionFactory[] connectionFactories(Builder builder, HttpConfiguration http) {
        switch (builder.kind) {
            case HTTP1:
                return new ConnectionFactory[] {new HttpConnectionFactory(http)};
            case H2C: {
                // Order matters: the first factory is the default one every connection starts with. HTTP/1.1
                // first, so both HTTP/1.1 clients and h2c clients (detected by the PRI preface) are served.
                HTTP2CServerConnectionFactory h2c = new HTTP2CServerConnectionFactory(http);
                configure(h2c, builder);
                return new ConnectionFactory[] {new HttpConnectionFactory(http), h2c};
            }
            case TLS: {
                HttpConfiguration https = new HttpConfiguration(http);
                // Marks requests secure (https scheme). SNI host check off: clients connecting to 127.0.0.1
                // send no SNI at all (an IP literal is not a valid SNI name), which is fine for a test server.
                https.addCustomizer(new SecureRequestCustomizer(false, false, -1, false));

                SslContextFactory.Server ssl = new SslContextFactory.Server();
                SelfSignedCertificate certificate = SelfSignedCertificate.get();
                ssl.setKeyStore(certificate.keyStore());
                ssl.setKeyStorePassword(SelfSignedCertificate.PASSWORD);
                ssl.setKeyManagerPassword(SelfSignedCertificate.PASSWORD);
                // RFC 7540 §9.2.2 bans many TLS 1.2 cipher suites for h2; sort the allowed ones first so a
                // TLS 1.2 h2 client is not offered a banned suite (TLS 1.3 is unaffected).
                ssl.setCipherComparator(HTTP2Cipher.COMPARATOR);

                HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(https);
                configure(h2, builder);
                HttpConnectionFactory http11 = new HttpConnectionFactory(https);
                // Protocols after ALPN are offered in this order; a client that sends no ALPN gets http/1.1.
                // ALPN ids are matched case-sensitively: "http/1.1" (RFC 7301), not http11.getProtocol() ("HTTP/1.1"),
                // or a client offering only http/1.1 gets no_application_protocol. Jetty finds the factory either way.
                ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory(h2.getProtocol(), "http/1.1");
                alpn.setDefaultProtocol(http11.getProtocol());
                SslConnectionFactory tls = new SslConnectionFactory(ssl, alpn.getProtocol());
                return new ConnectionFactory[] {tls, alpn, h2, http11};
            }
            default:
                throw new AssertionError(builder.kind);
        }
    }

    private static void configure(AbstractHTTP2ServerConnectionFactory h2, Builder builder) {
        if (builder.maxConcurrentStreams > 0) {
            h2.setMaxConcurrentStreams(builder.maxConcurrentStreams);
        }
    }

    /** HTTP/1.1 only, on 127.0.0.1 and an ephemeral port; started. */
    public static TestServer http1() {
        return builder(Kind.HTTP1).start();
    }

    /** HTTP/1.1 and h2c (prior knowledge) on the same port, 127.0.0.1, ephemeral; started. */
    public static TestServer h2c() {
        return builder(Kind.H2C).start();
    }

    /** h2 and http/1.1 over TLS (ALPN) with a self-signed certificate, 127.0.0.1, ephemeral; started. */
    public static TestServer tls() {
        return builder(Kind.TLS).start();
    }

    /** For the settings tests occasionally need (stream limit, idle timeout, a fixed port). */
    public static Builder builder(Kind kind) {
        return new Builder(kind);
    }

    /** {@code http://127.0.0.1:PORT/path} ({@code https} for {@link Kind#TLS}); a missing leading / is added. */
    public URI uri(String path) {
        Objects.requireNonNull(path, "path");
        String scheme = kind == Kind.TLS ? "https" : "http";
        return URI.create(scheme + "://" + HOST + ":" + port + (path.startsWith("/") ? path : "/" + path));
    }

    public Kind kind() {
        return kind;
    }

    public String host() {
        return HOST;
    }

    public int port() {
        return port;
    }

    /** The certificate as a trusted entry, for clients. Only for {@link Kind#TLS}. */
    public KeyStore trustStore() {
        requireTls();
        return SelfSignedCertificate.get().trustStore();
    }

    /** A new client SSLContext that trusts this server's certificate (no session shared between calls). */
    public SSLContext sslContext() {
        requireTls();
        return SelfSignedCertificate.get().sslContext();
    }

    private void requireTls() {
        if (kind != Kind.TLS) {
            throw new IllegalStateException("this is a " + kind + " server; trust material exists for TLS only");
        }
    }

    /** Requests that reached the handler (any route, any status) since start or {@link #reset()}. */
    public long requestCount() {
        return counters.requestCount();
    }

    /** TCP connections accepted since start or {@link #reset()} (one per socket, whatever the protocol). */
    public long connectionsOpened() {
        return counters.connectionsOpened();
    }

    /** Connections open right now (as Jetty's connector sees them). */
    public int openConnections() {
        return connector.getConnectedEndPoints().size();
    }

    /**
     * The most requests any single connection has carried since start or {@link #reset()}: 1 means no
     * reuse at all, N with one client and N requests means perfect keep-alive / multiplexing.
     */
    public int maxRequestsPerConnection() {
        return counters.maxRequestsPerConnection();
    }

    /** Requests by HTTP version ({@code "HTTP/1.1"}, {@code "HTTP/2.0"}): proves which protocol was spoken. */
    public Map<String, Long> requestsByProtocol() {
        return counters.requestsByProtocol();
    }

    /** Connections the per-connection counter still tracks; must fall to 0 once all are closed. */
    int trackedConnections() {
        return counters.trackedConnections();
    }

    /**
     * Freezes {@code /freezable} for a time: requests arriving before the freeze ends are answered when
     * it ends (and those in flight on it wait), as a server in a GC pause or a lock convoy.
     */
    public void freeze(Duration duration) {
        handler.freeze(duration);
    }

    /**
     * {@link #freeze} for {@code duration}, {@code after} from now, on a thread of its own (started): a freeze in the
     * middle of a run that the caller is about to start. Join the thread after the run.
     */
    public Thread freezeLater(Duration after, Duration duration) {
        Thread freezer = new Thread(() -> {
            try {
                Thread.sleep(after.toMillis());
                freeze(duration);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        freezer.start();
        return freezer;
    }

    /** Zeroes all counters (call it while no request is in flight). */
    public void reset() {
        counters.reset();
    }

    /** Every thread of this server (pool, selectors, acceptor, scheduler) has a name starting with this. */
    public String threadNamePrefix() {
        return threadNamePrefix;
    }

    /** Stops the server: closes all connections and ends its threads. Idempotent. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the " + kind + " test server", e);
        }
    }

    @Override
    public String toString() {
        return "TestServer[" + kind + " " + uri("/") + "]";
    }

    /** Options beyond the defaults; {@link #start()} builds and starts the server. */
    public static final class Builder {
        private final Kind kind;
        private int port;
        private int maxConcurrentStreams;
        private int maxThreads = 200;
        private Duration idleTimeout = Duration.ofSeconds(30);

        private Builder(Kind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
        }

        /** 0 (the default) for an ephemeral port. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port (" + port + ") must be 0..65535");
            }
            this.port = port;
            return this;
        }

        /** SETTINGS_MAX_CONCURRENT_STREAMS the server announces on h2/h2c (Jetty's default when not set). */
        public Builder maxConcurrentStreams(int maxConcurrentStreams) {
            if (maxConcurrentStreams < 1) {
                throw new IllegalArgumentException("maxConcurrentStreams (" + maxConcurrentStreams + ") must be >= 1");
            }
            this.maxConcurrentStreams = maxConcurrentStreams;
            return this;
        }

        /** Idle time after which the server closes a connection (default 30 s). */
        public Builder idleTimeout(Duration idleTimeout) {
            if (idleTimeout.isNegative() || idleTimeout.isZero()) {
                throw new IllegalArgumentException("idleTimeout (" + idleTimeout + ") must be > 0");
            }
            this.idleTimeout = idleTimeout;
            return this;
        }

        /** Size of Jetty's thread pool (default 200; it must cover selectors and the acceptor too). */
        public Builder maxThreads(int maxThreads) {
            if (maxThreads < 8) {
                throw new IllegalArgumentException("maxThreads (" + maxThreads + ") must be >= 8");
            }
            this.maxThreads = maxThreads;
            return this;
        }

        public TestServer start() {
            return new TestServer(this);
        }
    }
}
