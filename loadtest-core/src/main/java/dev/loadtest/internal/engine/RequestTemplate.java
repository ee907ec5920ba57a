package dev.loadtest.internal.engine;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import java.net.URI;
import java.nio.ByteBuffer;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.impl.BasicEntityDetails;
import org.apache.hc.core5.net.URIAuthority;

/** Makes the request for one target, again and again; what can be shared is built once. */
final class RequestTemplate {

    static final String USER_AGENT = "loadtest/0.1";

    private final String method;
    private final String scheme;
    private final URIAuthority authority;
    private final String path;
    private final org.apache.hc.core5.http.Header[] headers;
    private final byte[] body;
    private final EntityDetails entityDetails;

    RequestTemplate(LoadTest test, URI target, byte[] body) {
        this.method = test.method();
        this.scheme = target.getScheme().toLowerCase(java.util.Locale.ROOT);
        this.authority = new URIAuthority(target.getHost(), target.getPort());
        String rawPath = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        this.path = target.getRawQuery() == null ? rawPath : rawPath + "?" + target.getRawQuery();
        boolean hasUserAgent = test.headers().stream().anyMatch(h -> h.name().equalsIgnoreCase("user-agent"));
        int extra = hasUserAgent ? 0 : 1;
        this.headers = new org.apache.hc.core5.http.Header[test.headers().size() + extra];
        int i = 0;
        for (Header h : test.headers()) {
            headers[i++] = new org.apache.hc.core5.http.message.BasicHeader(h.name(), h.value());
        }
        if (!hasUserAgent) {
            headers[i] = new org.apache.hc.core5.http.message.BasicHeader("User-Agent", USER_AGENT);
        }
        this.body = body;
        this.entityDetails = body == null ? null
                : new BasicEntityDetails(body.length, contentType(test));
    }

    HttpRequest newRequest() {
        BasicHttpRequest request = new BasicHttpRequest(method, null, authority, path);
        request.setScheme(scheme);
        request.setHeaders(headers);
        return request;
    }

    /** The entity to announce, or null without a body. */
    EntityDetails entityDetails() {
        return entityDetails;
    }

    /** A fresh view of the body to write, or null. */
    ByteBuffer body() {
        return body == null ? null : ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    int bodyLength() {
        return body == null ? 0 : body.length;
    }

    private static ContentType contentType(LoadTest test) {
        return test.headers().stream().filter(h -> h.name().equalsIgnoreCase("content-type")).findFirst()
                .map(h -> ContentType.parseLenient(h.value())).orElse(null);
    }
}
