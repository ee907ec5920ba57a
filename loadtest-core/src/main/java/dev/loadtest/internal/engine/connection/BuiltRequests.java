package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.spi.ClientContext;
import dev.loadtest.request.Request;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.net.URIAuthority;

/**
 * Turns the {@link Request}s of a run's request source into what a connection sends: each request on the run's
 * scheme and authority, with the run's headers (made once) except those it names itself, then its own. One per
 * run; {@link #of(ClientContext)} gives each client its {@link RequestSource}.
 *
 * <p>The cost per request is the request's own: one header array, its headers, the body it gave, and, when the run
 * may speak HTTP/1.1, its head, written at once by {@link Http1Heads} (HttpCore's bytes without HttpCore's objects)
 * or, for what that leaves to HttpCore, encoded by HttpCore, so that a request HttpCore refuses to encode (a
 * {@code TRACE} with a body, say) is that one request's error, before it is sent.
 */
public final class BuiltRequests {

    private final String scheme;
    private final URIAuthority authority;
    /** The run's headers and our User-Agent unless the run gives one; shared by every request (immutable). */
    private final Header[] runHeaders;
    /** The HTTP/1.1 heads' writer when the run may speak HTTP/1.1 (and its head has the expected shape), else null. */
    private final Http1Heads heads;
    private final boolean mayUseHttp1;

    public BuiltRequests(LoadTest test) {
        URI first = test.targets().get(0);
        this.scheme = first.getScheme().toLowerCase(Locale.ROOT);
        this.authority = new URIAuthority(first.getHost(), first.getPort());
        this.runHeaders = RequestTemplate.withUserAgent(test.headers());
        this.mayUseHttp1 = ProtocolRules.mayUseHttp1(test.protocol());
        this.heads = mayUseHttp1 ? Http1Heads.of(scheme, authority, runHeaders) : null;
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
        List<dev.loadtest.Header> own = request.headers();
        boolean[] replaced = own.isEmpty() ? null : replaced(own);
        Header[] headers = replaced == null ? runHeaders : merged(replaced, own);
        String path = request.path();
        byte[] body = request.bodyLength() < 0 ? null : request.body().orElseThrow();
        byte[] head = heads == null ? null : heads.encode(request.method(), path, !request.isAbsolute(), replaced, own,
                request.bodyLength());
        RequestTemplate template = new RequestTemplate(request.method(), scheme, authority, path, headers, body, head);
        if (mayUseHttp1 && head == null) {
            template.http1Head();   // HttpCore's encoding, now: a request it refuses is this request's error
        }
        return template;
    }

    /** Which of the run's headers the request names itself (in any case): those are not sent. */
    private boolean[] replaced(List<dev.loadtest.Header> own) {
        boolean[] replaced = new boolean[runHeaders.length];
        for (int i = 0; i < runHeaders.length; i++) {
            replaced[i] = names(own, runHeaders[i].getName());
        }
        return replaced;
    }

    /** The run's headers the request does not name, then the request's. */
    private Header[] merged(boolean[] replaced, List<dev.loadtest.Header> own) {
        int kept = 0;
        for (boolean r : replaced) {
            kept += r ? 0 : 1;
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
    private static boolean names(List<dev.loadtest.Header> own, String name) {
        for (dev.loadtest.Header h : own) {
            if (h.name().equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
