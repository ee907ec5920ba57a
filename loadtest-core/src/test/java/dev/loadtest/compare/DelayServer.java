package dev.loadtest.compare;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A local Jetty server (HTTP/1.1) whose one route answers after a delay that can be changed between runs:
 * the same URI serves the baseline and the candidate, as a new build of the same service would. The delay
 * is a timer on Jetty's scheduler, as {@code TestServer}'s {@code /slow}, so no thread blocks.
 */
final class DelayServer implements AutoCloseable {

    private static final byte[] BODY = "Hello, World!\n".getBytes(StandardCharsets.US_ASCII);

    private final Server server = new Server();
    private final ServerConnector connector = new ServerConnector(server);
    private volatile long delayNanos;

    DelayServer(long delayMicros) throws Exception {
        delayMicros(delayMicros);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                request.getComponents().getScheduler().schedule(() -> {
                    response.setStatus(200);
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BODY.length);
                    response.write(true, ByteBuffer.wrap(BODY), callback);
                }, delayNanos, TimeUnit.NANOSECONDS);
                return true;
            }
        });
        server.start();
    }

    /** Changes the delay for the requests that arrive from now on. */
    void delayMicros(long micros) {
        delayNanos = TimeUnit.MICROSECONDS.toNanos(micros);
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/hello");
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
