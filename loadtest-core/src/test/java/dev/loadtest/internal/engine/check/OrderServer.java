package dev.loadtest.internal.engine.check;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A Jetty server (HTTP/1.1 and h2c with prior knowledge on one port) whose answers the checks tests know in
 * advance: {@code /order/N} answers {@code {"id":N,"status":"ok"}} with {@code X-Order: N}, but
 * {@code "status":"error"} when N is a multiple of 10 (a wrong body under a 200, as many APIs do);
 * {@code /big/N} answers N bytes of {@code a}; anything else 404.
 */
final class OrderServer implements AutoCloseable {

    private final Server server = new Server();
    private final ServerConnector connector;

    OrderServer() throws Exception {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        connector = new ServerConnector(server, new HttpConnectionFactory(http), new HTTP2CServerConnectionFactory(http));
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setStopTimeout(0);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                String path = Request.getPathInContext(request);
                if (path.startsWith("/order/")) {
                    int id = Integer.parseInt(path.substring("/order/".length()));
                    String body = "{\"id\":" + id + ",\"status\":\"" + (id % 10 == 0 ? "error" : "ok") + "\"}";
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                    response.getHeaders().put("X-Order", String.valueOf(id));
                    write(response, callback, body.getBytes(StandardCharsets.UTF_8));
                    return true;
                }
                if (path.startsWith("/big/")) {
                    byte[] body = new byte[Integer.parseInt(path.substring("/big/".length()))];
                    Arrays.fill(body, (byte) 'a');
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                    write(response, callback, body);
                    return true;
                }
                return false;   // Jetty's 404
            }
        });
        server.start();
    }

    private static void write(Response response, Callback callback, byte[] body) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + path);
    }

    /** The ten URIs {@code /order/0} to {@code /order/9}: used round robin, one request in ten gets a wrong body. */
    URI[] tenOrders() {
        URI[] uris = new URI[10];
        for (int i = 0; i < uris.length; i++) {
            uris[i] = uri("/order/" + i);
        }
        return uris;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
