package dev.loadtest.internal.engine;

import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.connection.ProtocolRules;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.http1.Http1ResponseParser;
import dev.loadtest.internal.engine.http2.Http2Connection;
import dev.loadtest.internal.engine.record.WorkerStats;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http2.frame.DefaultFrameFactory;
import org.apache.hc.core5.http2.hpack.HPackDecoder;
import org.apache.hc.core5.http2.hpack.HPackEncoder;
import org.apache.hc.core5.http2.impl.DefaultH2RequestConverter;
import org.apache.hc.core5.http2.impl.DefaultH2ResponseConverter;
import org.apache.hc.core5.util.ByteArrayBuffer;

/**
 * Runs each step of a request's life once, off the record, before a run's first connect, for the protocols the run
 * may speak: the run's request encoded for HTTP/1.1 and a canned response parsed by our parser; the request encoded
 * for HTTP/2 (HPACK, as our HTTP/2 connection and as HttpCore's send it) and a response decoded by HttpCore's decoder; every kind of figure recorded into a throwaway
 * {@link WorkerStats}. In a fresh JVM the first request pays for loading, verifying and linking all those classes, tens of milliseconds on a busy machine (issue 15), and would report them as the
 * server's time; done here, the measured part starts with them loaded.
 *
 * <p>Nothing here touches the network or the run's figures. What the JIT compiles later is not moved: that
 * takes thousands of requests, and belongs to {@code warmUp}.
 */
final class RequestPathWarming {

    private static final byte[] RESPONSES = ("HTTP/1.1 200 OK\r\nContent-Length: 14\r\nContent-Type: text/plain\r\n\r\n"
            + "Hello, World!\n"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n0\r\nX-Trailer: t\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
    private static final long ONE_MILLISECOND = 1_000_000;

    private RequestPathWarming() {
    }

    /** Runs the paths of the protocols {@code protocol} may speak: HTTP/1.1's, HTTP/2's, or both (negotiated). */
    static void run(RequestTemplate template, Protocol protocol) throws Exception {
        template.body();
        record();
        if (ProtocolRules.mayUseHttp1(protocol)) {
            template.http1HeadBytes();
            parseHttp1();
        }
        if (ProtocolRules.mayUseHttp2(protocol)) {
            hpack(template);
        }
    }

    private static void parseHttp1() throws Exception {
        Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseParser.Listener.IGNORE);
        parser.parse(RESPONSES, 0, RESPONSES.length);
    }

    /**
     * The request as HttpCore's HTTP/2 multiplexer writes it (the one it is given: a static run's prepared request,
     * whose lower-case names the conversion keeps, not {@code newRequest()}'s), and a response as it reads one.
     */
    private static void hpack(RequestTemplate template) throws Exception {
        try {
            template.h2HeaderBlock();   // our HTTP/2 connection's: the template keeps it
        } catch (HttpException e) {
            // HTTP/2 cannot carry the request: each send fails with the reason
        }
        Http2Connection.warmReadPath();
        List<Header> request = DefaultH2RequestConverter.INSTANCE.convert(template.h2Request());
        HPackEncoder encoder = new HPackEncoder(4096, StandardCharsets.US_ASCII);
        ByteArrayBuffer block = new ByteArrayBuffer(256);
        encoder.encodeHeaders(block, request, true);
        block.clear();
        encoder.encodeHeaders(block, List.of(new BasicHeader(":status", "200"),
                new BasicHeader("content-length", "14")), true);
        ByteBuffer wire = ByteBuffer.wrap(block.array(), 0, block.length());
        HPackDecoder decoder = new HPackDecoder(4096, StandardCharsets.US_ASCII);
        HttpResponse response = DefaultH2ResponseConverter.INSTANCE.convert(decoder.decodeHeaders(wire));
        response.getCode();
        DefaultFrameFactory.INSTANCE.createHeaders(1, ByteBuffer.wrap(block.array(), 0, block.length()), true, false);
        DefaultFrameFactory.INSTANCE.createData(1, ByteBuffer.allocate(14), true);
    }

    /** Every figure a request leaves, into stats no run reads. */
    private static void record() {
        WorkerStats stats = new WorkerStats();
        stats.connectionOpened();
        stats.connectTime(ONE_MILLISECOND);
        stats.timeToFirstByte(ONE_MILLISECOND);
        stats.started(false);
        stats.sent(100);
        stats.received(100);
        stats.headerBytes(20, 40);
        stats.dataBytes(14);
        stats.scheduled(ONE_MILLISECOND);
        stats.responded(200, ONE_MILLISECOND, true, ONE_MILLISECOND);
    }
}
