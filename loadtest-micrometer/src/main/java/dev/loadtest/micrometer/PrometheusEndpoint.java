package dev.loadtest.micrometer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves a {@link PrometheusMeterRegistry} for Prometheus to scrape at {@code http://127.0.0.1:PORT/metrics},
 * with the JDK's own HTTP server (no web server dependency). Needs {@code micrometer-registry-prometheus} on
 * the class path, which this artifact does not bring by itself.
 *
 * <pre>{@code
 * PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
 * try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(registry, 9400)) {
 *     LoadTest.target(URI.create("http://127.0.0.1:8080/hello")).clients(10).duration(Duration.ofMinutes(5))
 *             .listener(LoadTestMetrics.of(registry, "hello"))
 *             .run();   // meanwhile: curl http://127.0.0.1:9400/metrics
 * }
 * }</pre>
 *
 * <p>It answers {@code GET} and {@code HEAD} of {@code /metrics} in the Prometheus text format 0.0.4, or in
 * OpenMetrics 1.0 when the request's {@code Accept} asks for it (as Prometheus does); any other path is 404,
 * any other method 405. One daemon thread serves the requests, one at a time.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    /** The path served. */
    public static final String PATH = "/metrics";

    static final String TEXT = "text/plain; version=0.0.4; charset=utf-8";
    static final String OPEN_METRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;
    private final URI uri;

    private PrometheusEndpoint(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
        InetSocketAddress address = server.getAddress();
        String host = address.getAddress().getHostAddress();
        this.uri = URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort()
                + PATH);
    }

    /**
     * Starts serving on {@code 127.0.0.1:port}: the loopback interface only, so that nothing beyond this
     * machine reads the metrics unless asked with {@link #start(PrometheusMeterRegistry, InetSocketAddress)}.
     *
     * @param port from 0 to 65535; 0 takes a free port ({@link #uri()} tells which)
     * @throws IllegalArgumentException if the port is out of range
     * @throws IOException if the port cannot be bound (taken, say)
     */
    public static PrometheusEndpoint start(PrometheusMeterRegistry registry, int port) throws IOException {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port (" + port + ") must be within [0, 65535]");
        }
        return start(registry, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    }

    /**
     * Starts serving on {@code address}.
     *
     * @throws IOException if the address cannot be bound
     */
    public static PrometheusEndpoint start(PrometheusMeterRegistry registry, InetSocketAddress address)
            throws IOException {
        Objects.requireNonNull(registry, "registry must not be null");
        Objects.requireNonNull(address, "address must not be null");
        HttpServer server = HttpServer.create(address, 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "loadtest-prometheus-" + address.getPort());
            t.setDaemon(true);   // never keeps a JVM alive
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                serve(registry, exchange);
            }
        });
        server.start();
        return new PrometheusEndpoint(server, executor);
    }

    private static void serve(PrometheusMeterRegistry registry, HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        if (!PATH.equals(exchange.getRequestURI().getPath())) {
            plain(exchange, 404, "not found: the metrics are at " + PATH + "\n");
            return;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            exchange.getResponseHeaders().set("Allow", "GET, HEAD");
            plain(exchange, 405, "method " + method + " not allowed: GET or HEAD\n");
            return;
        }
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        String contentType = accept != null && accept.toLowerCase(Locale.ROOT).contains("application/openmetrics-text")
                ? OPEN_METRICS : TEXT;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        registry.scrape(body, contentType);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        if (method.equals("HEAD")) {
            exchange.sendResponseHeaders(200, -1);
            return;
        }
        exchange.sendResponseHeaders(200, body.size());
        try (OutputStream out = exchange.getResponseBody()) {
            body.writeTo(out);
        }
    }

    private static void plain(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Where the metrics are: {@code http://127.0.0.1:PORT/metrics}. */
    public URI uri() {
        return uri;
    }

    /** The port served, the one taken when 0 was asked. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops serving at once (a scrape in progress is cut) and frees the port. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "PrometheusEndpoint[" + uri + "]";
    }
}
