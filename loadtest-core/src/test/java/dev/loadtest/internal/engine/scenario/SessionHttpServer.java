package dev.loadtest.internal.engine.scenario;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A Jetty server (HTTP/1.1, 127.0.0.1) whose Set-Cookie headers and redirects are Jetty's own, for the tests of
 * the session's HTTP parts against another implementation:
 * <ul>
 *   <li>{@code POST /login}: sets {@code SESSION} (a new number per login, path /, HttpOnly) and {@code theme}
 *       (path /app)</li>
 *   <li>{@code POST /logout}: deletes {@code SESSION} (Max-Age=0)</li>
 *   <li>{@code /redirect/{code}?to=LOCATION}: that redirect status to that Location, as Jetty writes it</li>
 *   <li>anything else: 200, the body {@code METHOD PATH?QUERY cookie=COOKIE body=BODY}: what arrived</li>
 * </ul>
 */
final class SessionHttpServer implements AutoCloseable {

    private final Server server = new Server();
    private final ServerConnector connector = new ServerConnector(server);
    private final AtomicInteger logins = new AtomicInteger();

    SessionHttpServer() throws Exception {
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = Request.getPathInContext(request);
                if (path.equals("/login")) {
                    Response.addCookie(response, HttpCookie.build("SESSION", "s" + logins.incrementAndGet())
                            .path("/").httpOnly(true).build());
                    Response.addCookie(response, HttpCookie.build("theme", "dark").path("/app").build());
                } else if (path.equals("/logout")) {
                    Response.addCookie(response, HttpCookie.build("SESSION", "").path("/").maxAge(0).build());
                } else if (path.startsWith("/redirect/")) {
                    int status = Integer.parseInt(path.substring("/redirect/".length()));
                    String to = Request.extractQueryParameters(request).getValue("to");
                    Response.sendRedirect(request, response, callback, status, to, true);
                    return true;
                }
                String body = Content.Source.asString(request, StandardCharsets.UTF_8);
                String query = request.getHttpURI().getQuery();
                String cookie = request.getHeaders().get(HttpHeader.COOKIE);
                String echo = request.getMethod() + " " + path + (query == null ? "" : "?" + query)
                        + " cookie=" + (cookie == null ? "" : cookie) + " body=" + body;
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
                response.write(true, ByteBuffer.wrap(echo.getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        });
        server.start();
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + pathAndQuery);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty did not stop: " + e, e);
        }
    }
}
