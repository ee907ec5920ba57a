package dev.loadtest.internal.engine.connection;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.impl.BasicEntityDetails;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.message.BasicLineFormatter;
import org.apache.hc.core5.http.message.RequestLine;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.net.URIAuthority;
import org.apache.hc.core5.util.CharArrayBuffer;

/** Makes the request for one target, again and again; what can be shared is built once. */
public final class RequestTemplate {

    static final String USER_AGENT = "loadtest/0.1";

    private final String method;
    private final String scheme;
    private final URIAuthority authority;
    private final String path;
    private final org.apache.hc.core5.http.Header[] headers;
    private final byte[] body;
    private final EntityDetails entityDetails;
    /** The HTTP/1.1 request head, encoded once: the same bytes HttpCore would write for each request. */
    private final byte[] http1Head;
    private final boolean head;
    /** The user set {@code Expect: 100-continue}: see {@link #newRequest()}. */
    private final boolean expectContinue;

    public RequestTemplate(LoadTest test, URI target, byte[] body) {
        this.method = test.method();
        this.head = "HEAD".equalsIgnoreCase(method);
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
        this.expectContinue = body != null && test.headers().stream().anyMatch(
                h -> h.name().equalsIgnoreCase("expect") && h.value().strip().equalsIgnoreCase("100-continue"));
        this.body = body;
        this.entityDetails = body == null ? null
                : new BasicEntityDetails(body.length, contentType(test));
        this.http1Head = encodeHttp1Head(newRequest(), entityDetails);
    }

    /**
     * The head as HttpCore's HTTP/1.1 handler would send it: its client protocol processor adds Host,
     * Content-Length and the like, its formatter writes the lines.
     */
    private static byte[] encodeHttp1Head(HttpRequest request, EntityDetails entity) {
        HttpCoreContext context = HttpCoreContext.create();
        context.setProtocolVersion(HttpVersion.HTTP_1_1);
        context.setRequest(request);
        try {
            RequestProcessors.HTTP_1.process(request, entity, context);
        } catch (HttpException | java.io.IOException e) {
            throw new IllegalArgumentException("cannot make an HTTP/1.1 request of " + request + ": " + e.getMessage(), e);
        }
        CharArrayBuffer text = new CharArrayBuffer(256);
        BasicLineFormatter.INSTANCE.formatRequestLine(text,
                new RequestLine(request.getMethod(), request.getRequestUri(), HttpVersion.HTTP_1_1));
        text.append("\r\n");
        for (org.apache.hc.core5.http.Header h : request.getHeaders()) {
            BasicLineFormatter.INSTANCE.formatHeader(text, h);
            text.append("\r\n");
        }
        text.append("\r\n");
        // as HttpCore writes heads without a charset encoder: one byte a char
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * A request for HttpCore's HTTP/2 handler. When the user set {@code Expect: 100-continue}, the header
     * goes out, but HttpCore 5.4 would then hold the body until a {@code 100} arrives, with no timeout: a
     * server that does not send one (nginx in front of an application) would see every request time out.
     * RFC 9110 §10.1.1 lets a client send the content without waiting, as our HTTP/1.1 connection does, so
     * the request hides the header from HttpCore's check (which asks for it by name after the header list
     * has been encoded) and the body follows the HEADERS at once.
     */
    public HttpRequest newRequest() {
        BasicHttpRequest request = expectContinue ? new BodyAtOnce(method, authority, path)
                : new BasicHttpRequest(method, null, authority, path);
        request.setScheme(scheme);
        request.setHeaders(headers);
        return request;
    }

    /** The entity to announce, or null without a body. */
    EntityDetails entityDetails() {
        return entityDetails;
    }

    /** A fresh view of the body to write, or null. */
    public ByteBuffer body() {
        return body == null ? null : ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    /** A fresh view of the encoded HTTP/1.1 head. */
    public ByteBuffer http1Head() {
        return ByteBuffer.wrap(http1Head);
    }

    /** HEAD: the response has no body, whatever its head says. */
    public boolean isHead() {
        return head;
    }

    private static ContentType contentType(LoadTest test) {
        return test.headers().stream().filter(h -> h.name().equalsIgnoreCase("content-type")).findFirst()
                .map(h -> ContentType.parseLenient(h.value())).orElse(null);
    }

    /** See {@link #newRequest()}: the Expect header is on the wire, HttpCore does not wait for its 100. */
    private static final class BodyAtOnce extends BasicHttpRequest {

        private static final long serialVersionUID = 1L;

        BodyAtOnce(String method, URIAuthority authority, String path) {
            super(method, null, authority, path);
        }

        @Override
        public org.apache.hc.core5.http.Header getFirstHeader(String name) {
            return "Expect".equalsIgnoreCase(name) ? null : super.getFirstHeader(name);
        }
    }
}
