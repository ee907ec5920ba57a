package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.spi.ClientContext;
import dev.loadtest.request.Request;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Arrays;
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
    /**
     * The run's HTTP/1.1 head of a GET without a body, cut around its request target ({@code "GET "} and
     * {@code " HTTP/1.1\r\nHost: ...\r\n\r\n"}): a request that differs from it in its target only (a URI
     * template's, the commonest) gets its head by splicing its target in, not through HttpCore's protocol
     * processors and formatter each time; null when the run never speaks HTTP/1.1.
     */
    private final byte[] getBeforeTarget;
    private final byte[] getAfterTarget;

    public BuiltRequests(LoadTest test) {
        URI first = test.targets().get(0);
        this.scheme = first.getScheme().toLowerCase(Locale.ROOT);
        this.authority = new URIAuthority(first.getHost(), first.getPort());
        this.runHeaders = RequestTemplate.withUserAgent(test.headers());
        this.mayUseHttp1 = test.protocol() != Protocol.HTTP_2;
        if (mayUseHttp1) {
            RequestTemplate get = new RequestTemplate("GET", scheme, authority, "/", runHeaders, null);
            ByteBuffer head = get.http1Head();
            byte[] encoded = new byte[head.remaining()];
            head.get(encoded);
            // "GET / HTTP/1.1\r\n...": the target is the one byte after "GET "
            this.getBeforeTarget = Arrays.copyOfRange(encoded, 0, 4);
            this.getAfterTarget = Arrays.copyOfRange(encoded, 5, encoded.length);
        } else {
            this.getBeforeTarget = null;
            this.getAfterTarget = null;
        }
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
        if (getBeforeTarget != null && own.isEmpty() && request.bodyLength() < 0 && request.method().equals("GET")) {
            return RequestTemplate.withHttp1Head("GET", scheme, authority, request.path(), runHeaders,
                    spliced(request.path()));
        }
        Header[] headers = own.isEmpty() ? runHeaders : merged(own);
        byte[] body = request.bodyLength() < 0 ? null : request.body().orElseThrow();
        RequestTemplate template = new RequestTemplate(request.method(), scheme, authority, request.path(), headers,
                body);
        if (mayUseHttp1) {
            template.http1Head();
        }
        return template;
    }

    /** The run's GET head with this target: a request target is ASCII (RFC 3986's characters, checked by Request). */
    private byte[] spliced(String target) {
        byte[] head = new byte[getBeforeTarget.length + target.length() + getAfterTarget.length];
        System.arraycopy(getBeforeTarget, 0, head, 0, getBeforeTarget.length);
        for (int i = 0; i < target.length(); i++) {
            head[getBeforeTarget.length + i] = (byte) target.charAt(i);   // one byte a char, as HttpCore writes
        }
        System.arraycopy(getAfterTarget, 0, head, getBeforeTarget.length + target.length(), getAfterTarget.length);
        return head;
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
