package dev.loadtest.testing;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Jetty server (HTTP/1.1 and h2c on one port, 127.0.0.1) that answers 200 to everything and records what it
 * received of each request, for tests of requests built per request: method, path with query, the
 * {@code X-Client} and {@code X-Run} headers, the content type and the body. A JUnit extension:
 * {@code @RegisterExtension static final RecordingServer server = new RecordingServer();} starts it before the
 * class's tests, empties it before each, stops it after them.
 */
public final class RecordingServer implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

    /** One request as the server saw it. */
    public record Seen(String method, String pathAndQuery, String client, String run, String contentType, String body) {
    }

    private final Server server;
    private final ServerConnector connector;
    private final ConcurrentLinkedQueue<Seen> seen = new ConcurrentLinkedQueue<>();

    public RecordingServer() {
        QueuedThreadPool threads = new QueuedThreadPool(16, 2);
        threads.setName("recording-server");
        threads.setDaemon(true);
        server = new Server(threads);
        server.setStopTimeout(0);
        HttpConfiguration http = new HttpConfiguration();
        connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http),
                new HTTP2CServerConnectionFactory(http));
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String body = Content.Source.asString(request, StandardCharsets.UTF_8);
                seen.add(new Seen(request.getMethod(), request.getHttpURI().getPathQuery(),
                        request.getHeaders().get("X-Client"), request.getHeaders().get("X-Run"),
                        request.getHeaders().get(HttpHeader.CONTENT_TYPE), body));
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 3);
                response.write(true, ByteBuffer.wrap("ok\n".getBytes(StandardCharsets.US_ASCII)), callback);
                return true;
            }
        });
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server.start();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        reset();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort());
    }

    /** What was received so far, in arrival order. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    public void reset() {
        seen.clear();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        server.stop();
    }
}
