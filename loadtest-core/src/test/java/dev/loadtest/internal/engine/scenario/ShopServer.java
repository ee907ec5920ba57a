package dev.loadtest.internal.engine.scenario;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A shop on Jetty (HTTP/1.1 and h2c with prior knowledge on one port, 127.0.0.1) whose session is its cookie, so
 * that a scenario's flow is checked by the server, not by the run that loads it:
 * <ul>
 *   <li>{@code POST /login}, body {@code user=NAME&password=secret}: 200 {@code {"ok":true}} and a new
 *       {@code SID} cookie (path /, HttpOnly); another password: 401. {@code POST /login-quietly} answers the
 *       same without setting the cookie.</li>
 *   <li>{@code GET /catalogue}: with a known {@code SID}, 200 JSON {@code {"items":[{"id":"tea-7"},...]}}, the
 *       first item different for each login; else 401.</li>
 *   <li>{@code POST /basket/ITEM}: puts the item in the basket of the session's cookie; 401 without one.</li>
 *   <li>{@code POST /checkout}, body {@code {"item":"ITEM"}}: 200 {@code {"status":"ordered"}} when the
 *       basket of the session's cookie holds exactly that item (a checkout the server verified), else 409
 *       {@code {"status":"wrong basket"}} (a mismatch: a session that got another's cookie or item).</li>
 *   <li>{@code POST /login-then-home}: as {@code /login}, but a 303 to {@code /home} with the cookie on the
 *       redirect; {@code GET /home}: 200 with a known cookie, else 401; {@code GET /go/catalogue}: a 302 to
 *       {@code /catalogue}; {@code GET /go/away}: a 302 to another server; {@code GET /go/broken} (HTTP/1.1): a
 *       302 to {@code /catalogue} with a stray response behind it, in one write on Jetty's connection, then a close:
 *       a broken server, which fails the connection of the redirect's request before that request goes out.</li>
 *   <li>{@code GET /orders}: 200 with {@code Authorization: Bearer t-N} of a token {@link #token()} issued, else
 *       401.</li>
 * </ul>
 */
final class ShopServer implements AutoCloseable {

    private final Server server = new Server();
    private final ServerConnector connector;
    private final AtomicInteger logins = new AtomicInteger();
    private final Map<String, List<String>> baskets = new ConcurrentHashMap<>();
    private final AtomicLong verified = new AtomicLong();
    private final AtomicLong mismatched = new AtomicLong();
    private final AtomicInteger tokens = new AtomicInteger();

    ShopServer() throws Exception {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        connector = new ServerConnector(server, new HttpConnectionFactory(http), new HTTP2CServerConnectionFactory(http));
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setStopTimeout(0);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = Request.getPathInContext(request);
                String body = Content.Source.asString(request, StandardCharsets.UTF_8);
                if (path.equals("/orders")) {
                    String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
                    boolean known = auth != null && auth.startsWith("Bearer t-")
                            && Integer.parseInt(auth.substring("Bearer t-".length())) <= tokens.get();
                    return answer(response, callback, known ? 200 : 401, known ? "{\"orders\":[]}" : "{}");
                }
                if (path.equals("/go/catalogue") || path.equals("/go/away")) {
                    response.setStatus(302);
                    response.getHeaders().put(HttpHeader.LOCATION, path.equals("/go/away")
                            ? "http://127.0.0.2:9/catalogue" : "/catalogue");
                    callback.succeeded();
                    return true;
                }
                if (path.equals("/go/broken")) {
                    // past Jetty's own responses, in one write. ScenarioFlowTest's redirect test relies on the client
                    // reading both responses in one read (one write of 100-odd bytes on loopback arrives whole): it
                    // takes the redirect's request from the 302 in that read, and the stray response behind it, which
                    // no request awaits, fails the connection before that request goes out. Read apart, the redirect's
                    // request could go out first and take the stray response as its own
                    EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
                    String bytes = "HTTP/1.1 302 Found\r\nLocation: /catalogue\r\nContent-Length: 0\r\n\r\n"
                            + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
                    // closed first, so that Jetty, told the handling is over, has no connection to answer on
                    Callback written = Callback.from(() -> {
                        endPoint.close();
                        callback.succeeded();
                    }, failure -> {
                        endPoint.close();
                        callback.failed(failure);
                    });
                    endPoint.write(written, ByteBuffer.wrap(bytes.getBytes(StandardCharsets.US_ASCII)));
                    return true;
                }
                if (path.equals("/login-then-home")) {
                    String sid = "s" + logins.incrementAndGet();
                    baskets.put(sid, new ArrayList<>());
                    Response.addCookie(response, HttpCookie.build("SID", sid).path("/").httpOnly(true).build());
                    response.setStatus(303);
                    response.getHeaders().put(HttpHeader.LOCATION, "/home");
                    callback.succeeded();
                    return true;
                }
                if (path.equals("/login") || path.equals("/login-quietly")) {
                    if (!body.endsWith("password=secret")) {
                        return answer(response, callback, 401, "{\"ok\":false}");
                    }
                    String sid = "s" + logins.incrementAndGet();
                    baskets.put(sid, new ArrayList<>());
                    if (path.equals("/login")) {
                        Response.addCookie(response, HttpCookie.build("SID", sid).path("/").httpOnly(true).build());
                    }
                    return answer(response, callback, 200, "{\"ok\":true}");
                }
                String sid = sid(request);
                List<String> basket = sid == null ? null : baskets.get(sid);
                if (basket == null) {
                    return answer(response, callback, 401, "{\"error\":\"no session cookie\"}");
                }
                if (path.equals("/home")) {
                    return answer(response, callback, 200, "{\"home\":true}");
                }
                if (path.equals("/catalogue")) {
                    String first = "tea-" + sid.substring(1);
                    return answer(response, callback, 200, "{\"items\":[{\"id\":\"" + first + "\"},{\"id\":\"coffee\"}]}");
                }
                if (path.startsWith("/basket/")) {
                    synchronized (basket) {
                        basket.add(path.substring("/basket/".length()));
                    }
                    return answer(response, callback, 200, "{\"count\":" + basket.size() + "}");
                }
                if (path.equals("/checkout")) {
                    boolean same;
                    synchronized (basket) {
                        same = basket.size() == 1 && body.equals("{\"item\":\"" + basket.get(0) + "\"}");
                        basket.clear();
                    }
                    (same ? verified : mismatched).incrementAndGet();
                    return answer(response, callback, same ? 200 : 409,
                            same ? "{\"status\":\"ordered\"}" : "{\"status\":\"wrong basket\"}");
                }
                return false;   // Jetty's 404
            }
        });
        server.start();
    }

    private static String sid(Request request) {
        for (HttpCookie cookie : Request.getCookies(request)) {
            if (cookie.getName().equals("SID")) {
                return cookie.getValue();
            }
        }
        return null;
    }

    private static boolean answer(Response response, Callback callback, int status, String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, ByteBuffer.wrap(bytes), callback);
        return true;
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort());
    }

    /** A new token {@code /orders} accepts: {@code t-N}. */
    String token() {
        return "t-" + tokens.incrementAndGet();
    }

    /** Checkouts whose basket held exactly the item the session sent. */
    long verifiedCheckouts() {
        return verified.get();
    }

    /** Checkouts whose basket did not: another session's cookie or item. */
    long mismatchedCheckouts() {
        return mismatched.get();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
