package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.http2.RequestBlock;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.impl.BasicEntityDetails;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.message.BasicLineFormatter;
import org.apache.hc.core5.http.message.RequestLine;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http2.impl.DefaultH2RequestConverter;
import org.apache.hc.core5.net.URIAuthority;
import org.apache.hc.core5.util.CharArrayBuffer;

/** Makes the request for one target, again and again; what can be shared is built once. */
public final class RequestTemplate {

    static final String USER_AGENT = "loadtest/0.1";

    private final String method;
    private final String scheme;
    private final URIAuthority authority;
    private final String path;
    private final Header[] headers;
    private final byte[] body;
    /** Made when first asked (HttpCore's HTTP/2 handler asks; our HTTP/1.1 connection does not). */
    private EntityDetails entityDetails;
    /**
     * The HTTP/1.1 request head, encoded once: the same bytes HttpCore would write for each request. A static
     * run's is encoded when it is made (null when the run speaks HTTP/2 only); a request built per send encodes its
     * own when first asked.
     */
    private byte[] http1Head;
    /**
     * A static run's request for HttpCore's HTTP/2 handler, made once; null for a request built per send, and when the
     * run speaks HTTP/1.1 only.
     */
    private PreparedH2Request h2Request;
    /**
     * The HPACK header block our HTTP/2 connection sends ({@link RequestBlock}): a static run's encoded when it is made,
     * a built request's when first asked; null until then, and when HTTP/2 cannot carry the request.
     */
    private byte[] h2Block;
    private final boolean head;
    /** The user set {@code Expect: 100-continue}: see {@link #newRequest()}. */
    private final boolean expectContinue;

    public RequestTemplate(LoadTest test, URI target, byte[] body) {
        this(test.method(), target.getScheme().toLowerCase(java.util.Locale.ROOT),
                new URIAuthority(target.getHost(), target.getPort()), pathOf(target), withUserAgent(test.headers()),
                body, null);
        // a static run's template is shared by every thread: all it sends is made before the run starts, for the
        // protocols its connections may speak (HTTP/1.1 offered alone over TLS too), so that a start loads and runs
        // one encoding, not both
        this.entityDetails = entityDetails();
        if (ProtocolRules.mayUseHttp1(test.protocol())) {
            this.http1Head = encodeHttp1Head(newRequest(), entityDetails);
        }
        if (ProtocolRules.mayUseHttp2(test.protocol())) {
            this.h2Request = PreparedH2Request.of(newRequest(), entityDetails, expectContinue);
            try {
                this.h2Block = h2Request == null ? null : encodeH2Block();
            } catch (HttpException e) {
                // left to each request, which fails with the reason
            }
        }
    }

    /**
     * A request built for one send (a request source's): its own method, path, headers and body, on the run's
     * scheme and authority. Its HTTP/1.1 head is encoded when an HTTP/1.1 connection first asks for it, so an
     * HTTP/2 run never encodes one.
     */
    RequestTemplate(String method, String scheme, URIAuthority authority, String path, Header[] headers, byte[] body) {
        this(method, scheme, authority, path, headers, body, null);
    }

    /**
     * A request built for one send whose HTTP/1.1 head is already written ({@link BuiltRequests}, through
     * {@link Http1Heads}), or null to encode it when first asked.
     */
    RequestTemplate(String method, String scheme, URIAuthority authority, String path, Header[] headers, byte[] body,
                    byte[] http1Head) {
        this.method = method;
        this.head = "HEAD".equalsIgnoreCase(method);
        this.scheme = scheme;
        this.authority = authority;
        this.path = path;
        this.headers = headers;
        this.expectContinue = body != null && expectsContinue(headers);
        this.body = body;
        this.http1Head = http1Head;
    }

    private static String pathOf(URI target) {
        String rawPath = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        return target.getRawQuery() == null ? rawPath : rawPath + "?" + target.getRawQuery();
    }

    /** The headers as HttpCore's, with our User-Agent unless one is given. */
    static Header[] withUserAgent(List<dev.loadtest.Header> given) {
        boolean hasUserAgent = false;
        for (dev.loadtest.Header h : given) {
            hasUserAgent |= h.name().equalsIgnoreCase("user-agent");
        }
        Header[] headers = new Header[given.size() + (hasUserAgent ? 0 : 1)];
        int i = 0;
        for (dev.loadtest.Header h : given) {
            headers[i++] = new BasicHeader(h.name(), h.value());
        }
        if (!hasUserAgent) {
            headers[i] = new BasicHeader("User-Agent", USER_AGENT);
        }
        return headers;
    }

    private static boolean expectsContinue(Header[] headers) {
        for (Header h : headers) {
            if (h.getName().equalsIgnoreCase("expect") && h.getValue().strip().equalsIgnoreCase("100-continue")) {
                return true;
            }
        }
        return false;
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
        for (Header h : request.getHeaders()) {
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
        BasicHttpRequest request = expectContinue ? new ExpectHidingRequest(method, null, authority, path, true)
                : new BasicHttpRequest(method, null, authority, path);
        request.setScheme(scheme);
        request.setHeaders(headers);
        return request;
    }

    /**
     * The request for HttpCore's HTTP/2 handler: a static run's one {@link PreparedH2Request}, shared by every
     * send; else a new one ({@link #newRequest()}). Public for the engine's start-up warming, which converts what
     * HTTP/2 sends.
     */
    public HttpRequest h2Request() {
        PreparedH2Request prepared = h2Request;
        return prepared != null ? prepared : newRequest();
    }

    /**
     * The request's header block for our HTTP/2 connection: its header list as HttpCore's HTTP/2 handler makes it
     * (the protocol processor's fields added, pseudo-headers first, names in lower case), HPACK-encoded without shared
     * state, so one encoding serves every connection. Its bytes are to be read, never written.
     *
     * @throws HttpException when HTTP/2 cannot carry the request (a connection-specific header, say), as HttpCore's
     *     handler would fail it
     */
    public byte[] h2HeaderBlock() throws HttpException {
        byte[] block = h2Block;
        if (block == null) {
            // one exchange at a time uses a built request (see http1HeadBytes); a static run's is made up front
            block = encodeH2Block();
            h2Block = block;
        }
        return block;
    }

    private byte[] encodeH2Block() throws HttpException {
        HttpRequest request = h2Request;
        if (request == null) {
            request = newRequest();
            HttpCoreContext context = HttpCoreContext.create();
            context.setProtocolVersion(HttpVersion.HTTP_2);
            context.setRequest(request);
            try {
                RequestProcessors.HTTP_2.process(request, entityDetails(), context);
            } catch (java.io.IOException e) {
                throw new org.apache.hc.core5.http.ProtocolException(e.getMessage(), e);
            }
        }
        return RequestBlock.encode(DefaultH2RequestConverter.INSTANCE.convert(request));
    }

    /** The entity to announce, or null without a body. */
    EntityDetails entityDetails() {
        EntityDetails entity = entityDetails;
        if (entity == null && body != null) {
            // a built request is asked by one thread at a time (its exchange's, handed over through HttpCore's
            // queues); were two to race, each would make an equal, immutable one
            entity = new BasicEntityDetails(body.length, contentType(headers));
            entityDetails = entity;
        }
        return entity;
    }

    /** A fresh view of the body to write, or null. */
    public ByteBuffer body() {
        return body == null ? null : ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    /**
     * The body's bytes themselves, or null: to be read, never written. For the HTTP/1.1 connection, which copies them
     * out without a view per request (two buffers a request, {@link #body()}'s).
     */
    public byte[] bodyBytes() {
        return body;
    }

    /** A fresh view of the encoded HTTP/1.1 head; a request built for one send encodes it here, once. */
    public ByteBuffer http1Head() {
        return ByteBuffer.wrap(http1HeadBytes());
    }

    /**
     * The encoded HTTP/1.1 head's bytes themselves: to be read, never written (every request of a static run shares
     * them). For the HTTP/1.1 connection, which copies them out without a view per request: the view was 48 of the
     * I/O thread's ~180 bytes allocated a request. A request built for one send encodes it here, once.
     */
    public byte[] http1HeadBytes() {
        byte[] encoded = http1Head;
        if (encoded == null) {
            // one exchange at a time uses it (a retry after the first send ended, handed over through HttpCore's
            // queues): no race to guard
            encoded = encodeHttp1Head(newRequest(), entityDetails());
            http1Head = encoded;
        }
        return encoded;
    }

    /** HEAD: the response has no body, whatever its head says. */
    public boolean isHead() {
        return head;
    }

    private static ContentType contentType(Header[] headers) {
        for (Header h : headers) {
            if (h.getName().equalsIgnoreCase("content-type")) {
                return ContentType.parseLenient(h.getValue());
            }
        }
        return null;
    }

}
