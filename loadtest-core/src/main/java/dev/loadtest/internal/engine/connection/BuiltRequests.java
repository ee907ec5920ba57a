package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.request.ClientContext;
import dev.loadtest.request.Request;
import java.net.URI;
import java.util.Locale;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.net.URIAuthority;

/**
 * Turns the {@link Request}s of a run's request source into what a connection sends: each request on the run's
 * scheme and authority, with the run's headers (made once) except those it names itself, then its own. One per
 * run; {@link #of(ClientContext)} gives each client its {@link RequestSource}.
 *
 * <p>The cost per request is the request's own: one header array, its headers, the body it gave. When the run
 * may speak HTTP/1.1 the head is encoded at once, so that a request HttpCore refuses to encode (a
 * {@code Content-Length} of its own, say) is that one request's error, before it is sent.
 */
public final class BuiltRequests {

    private final String scheme;
    private final URIAuthority authority;
    /** The run's headers and our User-Agent unless the run gives one; shared by every request (immutable). */
    private final Header[] runHeaders;
    private final boolean mayUseHttp1;

    public BuiltRequests(LoadTest test) {
        URI first = test.targets().get(0);
        this.scheme = first.getScheme().toLowerCase(Locale.ROOT);
        this.authority = new URIAuthority(first.getHost(), first.getPort());
        this.runHeaders = RequestTemplate.withUserAgent(test.headers());
        this.mayUseHttp1 = test.protocol() != Protocol.HTTP_2;
    }

    /** A client's requests: each {@link RequestSource#next()} builds the next with its context. */
    public RequestSource of(ClientContext context) {
        return () -> template(context.next());
    }

    /**
     * The request as a connection sends it.
     *
     * @throws IllegalArgumentException if HttpCore cannot make an HTTP/1.1 request of it
     */
    public RequestTemplate template(Request request) {
        java.util.List<dev.loadtest.Header> own = request.headers();
        Header[] headers = own.isEmpty() ? runHeaders : merged(own);
        byte[] body = request.bodyLength() < 0 ? null : request.body().orElseThrow();
        RequestTemplate template = new RequestTemplate(request.method(), scheme, authority, request.path(), headers,
                body);
        if (mayUseHttp1) {
            template.http1Head();
        }
        return template;
    }

    /** The run's headers the request does not name, then the request's. */
    private Header[] merged(java.util.List<dev.loadtest.Header> own) {
        int kept = 0;
        boolean[] replaced = new boolean[runHeaders.length];
        for (int i = 0; i < runHeaders.length; i++) {
            replaced[i] = names(own, runHeaders[i].getName());
            kept += replaced[i] ? 0 : 1;
        }
        Header[] headers = new Header[kept + own.size()];
        int n = 0;
        for (int i = 0; i < runHeaders.length; i++) {
            if (!replaced[i]) {
                headers[n++] = runHeaders[i];
            }
        }
        for (dev.loadtest.Header h : own) {
            headers[n++] = new BasicHeader(h.name(), h.value());
        }
        return headers;
    }

    /** Whether the request names this header itself (in any case): then the run's is not sent. */
    private static boolean names(java.util.List<dev.loadtest.Header> own, String name) {
        for (dev.loadtest.Header h : own) {
            if (h.name().equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
