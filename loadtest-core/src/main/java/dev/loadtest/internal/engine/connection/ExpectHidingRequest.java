package dev.loadtest.internal.engine.connection;

import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.net.URIAuthority;

/**
 * A request for HttpCore's HTTP/2 handler that, when {@code hidesExpect}, keeps the user's
 * {@code Expect: 100-continue} in its header list (so it goes on the wire) but hides it from HttpCore's check, which
 * asks for it by name and would then hold the body until a {@code 100} arrives (see {@link RequestTemplate#newRequest}).
 * The one place that hiding is written: a request made per send and a static run's {@link PreparedH2Request} both
 * are one of these.
 */
class ExpectHidingRequest extends BasicHttpRequest {

    private static final long serialVersionUID = 1L;

    private final boolean hidesExpect;

    ExpectHidingRequest(String method, String scheme, URIAuthority authority, String path, boolean hidesExpect) {
        super(method, scheme, authority, path);
        this.hidesExpect = hidesExpect;
    }

    @Override
    public Header getFirstHeader(String name) {
        return hidesExpect && "Expect".equalsIgnoreCase(name) ? null : super.getFirstHeader(name);
    }
}
