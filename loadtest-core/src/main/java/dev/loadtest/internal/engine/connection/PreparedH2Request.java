package dev.loadtest.internal.engine.connection;

import java.net.URI;
import java.util.Locale;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.net.URIAuthority;

/**
 * A static request as HttpCore's HTTP/2 stream handler sends it, made once per run and shared by every stream of
 * every connection: HttpCore's HTTP/2 protocol processor has already run on it (so {@link RequestProcessors#HTTP_2}
 * passes over it) and its header names are in lower case, as HTTP/2 sends them (so HttpCore's conversion to the
 * header list keeps each name rather than copying it). Per request this saves a message, its header list and the
 * processor's pass; HttpCore still converts it to pseudo-headers and HPACK-encodes it per connection, as it must.
 *
 * <p>It never changes once made: HttpCore's HTTP/2 handler only reads a request, and a change attempted by anything
 * else fails rather than alter what other threads are sending.
 */
final class PreparedH2Request extends ExpectHidingRequest {

    private static final long serialVersionUID = 1L;

    /**
     * @param bodyAtOnce the user set {@code Expect: 100-continue}: sent, but hidden from HttpCore
     */
    private PreparedH2Request(HttpRequest processed, boolean bodyAtOnce) {
        super(processed.getMethod(), processed.getScheme(), processed.getAuthority(), processed.getPath(), bodyAtOnce);
        for (Header h : processed.getHeaders()) {
            // super's: this one's refuses every change (HttpCore's constructors call none of them)
            super.addHeader(new BasicHeader(h.getName().toLowerCase(Locale.ROOT), h.getValue(), h.isSensitive()));
        }
    }

    /**
     * {@code request} (a fresh one, which this takes over) processed as HttpCore's HTTP/2 handler would process it;
     * null when the processor refuses it, which then goes through HttpCore per request and fails there, as that
     * request's error.
     */
    static PreparedH2Request of(HttpRequest request, EntityDetails entity, boolean bodyAtOnce) {
        HttpCoreContext context = HttpCoreContext.create();
        context.setProtocolVersion(HttpVersion.HTTP_2);
        context.setRequest(request);
        try {
            RequestProcessors.HTTP_2.process(request, entity, context);
        } catch (HttpException | java.io.IOException | RuntimeException e) {
            return null;
        }
        return new PreparedH2Request(request, bodyAtOnce);
    }

    // ---- shared by every thread: no change once made ----

    private static UnsupportedOperationException unchanged() {
        return new UnsupportedOperationException("a prepared HTTP/2 request is shared and never changes");
    }

    @Override
    public void addHeader(Header header) {
        throw unchanged();
    }

    @Override
    public void addHeader(String name, Object value) {
        throw unchanged();
    }

    @Override
    public void setHeader(Header header) {
        throw unchanged();
    }

    @Override
    public void setHeader(String name, Object value) {
        throw unchanged();
    }

    @Override
    public void setHeaders(Header... headers) {
        throw unchanged();
    }

    @Override
    public boolean removeHeader(Header header) {
        throw unchanged();
    }

    @Override
    public boolean removeHeaders(Header header) {
        throw unchanged();
    }

    @Override
    public boolean removeHeaders(String name) {
        throw unchanged();
    }

    @Override
    public void clear() {
        throw unchanged();
    }

    @Override
    public void setVersion(ProtocolVersion version) {
        throw unchanged();
    }

    @Override
    public void setPath(String path) {
        throw unchanged();
    }

    @Override
    public void setScheme(String scheme) {
        throw unchanged();
    }

    @Override
    public void setAuthority(URIAuthority authority) {
        throw unchanged();
    }

    @Override
    public void setAbsoluteRequestUri(boolean absoluteRequestUri) {
        throw unchanged();
    }

    @Override
    public void setUri(URI requestUri) {
        throw unchanged();
    }
}
