package dev.loadtest.bench.jmh;

import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.DefaultConnectionReuseStrategy;
import org.apache.hc.core5.http.impl.nio.DefaultHttpRequestWriter;
import org.apache.hc.core5.http.impl.nio.DefaultHttpResponseFactory;
import org.apache.hc.core5.http.impl.nio.DefaultHttpResponseParser;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.nio.SessionInputBuffer;
import org.apache.hc.core5.http.nio.SessionOutputBuffer;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http2.hpack.HPackDecoder;
import org.apache.hc.core5.http2.hpack.HPackEncoder;
import org.apache.hc.core5.http2.impl.DefaultH2RequestConverter;
import org.apache.hc.core5.net.URIAuthority;
import org.apache.hc.core5.util.ByteArrayBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The per-request work HttpCore does for us, piece by piece: building the request as
 * {@code RequestTemplate.newRequest()} does, converting it to HTTP/2 pseudo-headers, HPACK-encoding
 * it, HPACK-decoding nginx's response head, writing an HTTP/1.1 request head, parsing nginx's
 * HTTP/1.1 response head, and the keep-alive check HttpCore makes after each HTTP/1.1 response.
 * The profile of the prototype (DESIGN §8) put most of the engine's CPU in these.
 */
public class RequestBench extends QuickSettings {

    static final String NGINX_H1_RESPONSE = "HTTP/1.1 200 OK\r\n"
            + "Server: nginx/1.22.1\r\n"
            + "Date: Tue, 01 Jul 2025 10:00:00 GMT\r\n"
            + "Content-Type: text/plain\r\n"
            + "Content-Length: 6\r\n"
            + "Connection: keep-alive\r\n"
            + "\r\n";

    private final URIAuthority authority = new URIAuthority("127.0.0.1", 18080);
    private final Header[] headers = {new BasicHeader("User-Agent", "loadtest/0.1")};
    private HttpRequest request;
    private HttpResponse h1Response;
    private HPackEncoder encoder;
    private ByteArrayBuffer encoded;
    private HPackDecoder decoder;
    private ByteBuffer encodedResponse;
    private ByteBuffer literalResponse;
    private HPackDecoder literalDecoder;
    private byte[] h1ResponseBytes;
    private DefaultHttpResponseParser<HttpResponse> h1Parser;
    private SessionInputBuffer inBuf;
    private SessionOutputBuffer outBuf;
    private ByteChannel socket;
    private DefaultHttpRequestWriter<HttpRequest> h1Writer;
    private final HttpCoreContext context = HttpCoreContext.create();

    @Setup
    public void setUp() throws Exception {
        request = newRequestAsTemplate();
        encoder = new HPackEncoder(4096, StandardCharsets.US_ASCII);
        encoded = new ByteArrayBuffer(256);
        // nginx's response head over h2, encoded once to fill the dynamic table, then again: what a
        // long-lived connection sees on each response after the first
        HPackEncoder serverEncoder = new HPackEncoder(4096, StandardCharsets.US_ASCII);
        decoder = new HPackDecoder(4096, StandardCharsets.US_ASCII);
        List<Header> responseHeaders = List.of(new BasicHeader(":status", "200"),
                new BasicHeader("server", "nginx/1.22.1"),
                new BasicHeader("date", "Tue, 01 Jul 2025 10:00:00 GMT"),
                new BasicHeader("content-type", "text/plain"),
                new BasicHeader("content-length", "6"));
        ByteArrayBuffer first = new ByteArrayBuffer(256);
        serverEncoder.encodeHeaders(first, responseHeaders, true);
        decoder.decodeHeaders(ByteBuffer.wrap(first.array(), 0, first.length()));
        ByteArrayBuffer second = new ByteArrayBuffer(256);
        serverEncoder.encodeHeaders(second, responseHeaders, true);
        encodedResponse = ByteBuffer.wrap(second.toByteArray());
        // what nginx actually sends on every response (its profile shows Huffman decoding): :status indexed,
        // the other fields as literals, never indexed, Huffman-coded values
        ByteArrayBuffer literal = new ByteArrayBuffer(256);
        serverEncoder.encodeHeader(literal, ":status", "200", false);
        for (Header h : responseHeaders.subList(1, responseHeaders.size())) {
            serverEncoder.encodeHeader(literal, h.getName(), h.getValue(), true);
        }
        literalResponse = ByteBuffer.wrap(literal.toByteArray());
        literalDecoder = new HPackDecoder(4096, StandardCharsets.US_ASCII);
        h1ResponseBytes = NGINX_H1_RESPONSE.getBytes(StandardCharsets.US_ASCII);
        h1Parser = new DefaultHttpResponseParser<>(DefaultHttpResponseFactory.INSTANCE, Http1Config.DEFAULT);
        inBuf = SessionBuffers.input(8192);
        outBuf = SessionBuffers.output(8192);
        socket = SessionBuffers.socket(h1ResponseBytes);
        h1Writer = new DefaultHttpRequestWriter<>();
        h1Response = new BasicHttpResponse(200, "OK");
        h1Response.addHeader("Server", "nginx/1.22.1");
        h1Response.addHeader("Date", "Tue, 01 Jul 2025 10:00:00 GMT");
        h1Response.addHeader("Content-Type", "text/plain");
        h1Response.addHeader("Content-Length", "6");
        h1Response.addHeader("Connection", "keep-alive");
        h1Response.setVersion(org.apache.hc.core5.http.HttpVersion.HTTP_1_1);
    }

    private HttpRequest newRequestAsTemplate() {
        BasicHttpRequest r = new BasicHttpRequest("GET", null, authority, "/hello");
        r.setScheme("http");
        r.setHeaders(headers);
        return r;
    }

    /** RequestTemplate.newRequest(): one BasicHttpRequest with the shared authority and headers. */
    @Benchmark
    public HttpRequest newRequest() {
        return newRequestAsTemplate();
    }

    /** What the engine allocates around each request besides it: a context (and the execution command). */
    @Benchmark
    public Object newContext() {
        return HttpCoreContext.create();
    }

    /** A new URIAuthority per request, as a request built from a URI string would make. */
    @Benchmark
    public Object newAuthority() {
        return new URIAuthority("127.0.0.1", 18080);
    }

    /** HTTP/2: the request as pseudo-headers plus headers (HttpCore's request converter). */
    @Benchmark
    public List<Header> h2ConvertRequest() throws Exception {
        return DefaultH2RequestConverter.INSTANCE.convert(request);
    }

    /** HTTP/2: converting and HPACK-encoding the request head with a warm dynamic table. */
    @Benchmark
    public int h2EncodeRequest() throws Exception {
        encoded.clear();
        encoder.encodeHeaders(encoded, DefaultH2RequestConverter.INSTANCE.convert(request), true);
        return encoded.length();
    }

    /** HTTP/2: HPACK-decoding a response head whose fields are all in the dynamic table (best case). */
    @Benchmark
    public List<Header> h2DecodeResponse() throws Exception {
        return decoder.decodeHeaders(encodedResponse.duplicate());
    }

    /** HTTP/2: HPACK-decoding nginx's response head sent as Huffman-coded literals, never indexed (as nginx does). */
    @Benchmark
    public List<Header> h2DecodeResponseLiterals() throws Exception {
        return literalDecoder.decodeHeaders(literalResponse.duplicate());
    }

    /** HTTP/1.1: formatting the request head into the session buffer. */
    @Benchmark
    public int h1WriteRequest() throws Exception {
        SessionBuffers.flush(outBuf, socket);
        h1Writer.write(request, outBuf);
        return outBuf.length();
    }

    /** HTTP/1.1: parsing nginx's response head from the session buffer. */
    @Benchmark
    public HttpResponse h1ParseResponse() throws Exception {
        SessionBuffers.fill(inBuf, socket);
        h1Parser.reset();
        return h1Parser.parse(inBuf, false);
    }

    /** HTTP/1.1: the keep-alive decision HttpCore makes after each response. */
    @Benchmark
    public boolean h1KeepAliveCheck() {
        return DefaultConnectionReuseStrategy.INSTANCE.keepAlive(request, h1Response, context);
    }
}
