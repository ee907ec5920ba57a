package dev.loadtest.internal.engine.http1;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.testing.TestServer;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our HTTP/1.1 connection against Jetty, in clear text and over TLS (http/1.1 by ALPN): what its
 * buffers and its parser must get right beyond the common cases of {@code ClosedModelTest}.
 */
class Http1ConnectionTest {

    private static TestServer clear;
    private static TestServer tls;

    @BeforeAll
    static void start() {
        clear = TestServer.http1();
        tls = TestServer.tls();
    }

    @AfterAll
    static void stop() {
        clear.close();
        tls.close();
    }

    @BeforeEach
    void reset() {
        clear.reset();
        tls.reset();
    }

    /** The server over TLS or not (arguments are made before the servers start, so they only choose). */
    private static TestServer server(boolean overTls) {
        return overTls ? tls : clear;
    }

    private static LoadTest.Builder target(TestServer server, String path) {
        LoadTest.Builder b = LoadTest.target(server.uri(path)).protocol(Protocol.HTTP_1_1);
        return server.kind() == TestServer.Kind.TLS ? b.sslContext(server.sslContext()) : b;
    }

    /** The bytes of one request as the engine sends it: its encoded head and its body. */
    private static long requestBytes(LoadTest test, byte[] body) {
        return new RequestTemplate(test, test.targets().get(0), body).http1Head().remaining()
                + (body == null ? 0 : body.length);
    }

    /** A body larger than the connection's write buffer (64 KiB): each request takes several writes. */
    private static byte[] largeBody() {
        byte[] body = new byte[100 * 1024 + 7];
        Arrays.fill(body, (byte) 'x');
        return body;
    }

    private static LoadTest.Builder echoing(TestServer server, byte[] body) {
        return target(server, "/echo").body(body).header("Content-Type", "text/plain");
    }

    /** Each of {@code n} requests with {@code body} reached the server whole and came back whole. */
    private static void assertEchoedWhole(Result r, TestServer server, byte[] body, int n) {
        assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(n);
        assertThat(server.requestCount()).isEqualTo(n);
        assertThat(r.traffic().dataBytes()).isEqualTo((long) n * body.length);   // echoed back whole
        // what was written, counted before TLS when there is TLS: exactly the requests' bytes
        assertThat(r.traffic().sentBytes()).isEqualTo(n * requestBytes(r.test(), body));
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void should_send_bodies_larger_than_its_buffer_whole_while_pipelining(boolean overTls) {
        TestServer server = server(overTls);
        byte[] body = largeBody();
        Result r = echoing(server, body).clients(2).streams(3).requests(30).run();

        assertEchoedWhole(r, server, body, 30);
    }

    /**
     * The open model: on an idle clear-text connection the scheduler writes each due request itself
     * ({@link Http1Connection#sendNow}); a body larger than the write buffer is left for the I/O thread to finish,
     * and a request due while one is still being written goes behind it. Over TLS the I/O thread writes them all.
     */
    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void should_send_due_requests_whole_and_in_order_when_larger_than_its_buffer(boolean overTls) {
        TestServer server = server(overTls);
        byte[] body = largeBody();
        Result r = echoing(server, body).clients(2).streams(2).rate(200).requests(40).run();

        assertEchoedWhole(r, server, body, 40);   // no bytes of two requests crossed
        assertThat(r.rate().orElseThrow().dropped()).isZero();
    }

    /** The open model's common case: small requests, each written whole by the scheduler, on kept-alive connections. */
    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void should_send_small_due_requests_on_the_connections_it_opened(boolean overTls) {
        TestServer server = server(overTls);
        Result r = target(server, "/bytes/100").clients(2).streams(1).rate(500).requests(200).run();

        assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(200);
        assertThat(server.requestCount()).isEqualTo(200);
        assertThat(server.connectionsOpened()).isEqualTo(2);
        assertThat(r.traffic().dataBytes()).isEqualTo(200L * 100);
        assertThat(r.traffic().sentBytes()).isEqualTo(200 * requestBytes(r.test(), null));
        // every request's service time counts from its send: none can exceed its response time, due to done
        assertThat(r.serviceTime().max()).isLessThanOrEqualTo(r.responseTime().max());
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void should_read_no_body_after_a_head_request_and_keep_the_connection(boolean overTls) {
        TestServer server = server(overTls);
        Result r = target(server, "/bytes/1000").method("HEAD").clients(2).streams(4).requests(200).run();

        assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(200);
        assertThat(r.traffic().dataBytes()).isZero();
        // a body read where there is none would have cut the next responses short, or hung
        assertThat(server.connectionsOpened()).isEqualTo(2);
        assertThat(r.traffic().sentBytes()).isEqualTo(200 * requestBytes(r.test(), null));
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void should_count_response_bytes_after_tls_as_heads_plus_data(boolean overTls) {
        TestServer server = server(overTls);
        Result small = target(server, "/bytes/100").clients(1).requests(50).run();
        Result large = target(server, "/bytes/1100").clients(1).requests(50).run();

        assertThat(small.requests().succeeded()).isEqualTo(50);
        assertThat(large.requests().succeeded()).isEqualTo(50);
        // the same heads but for Content-Length's one more digit (Date keeps its length): 1,000 more data
        // bytes and one more head byte a response, whether or not the bytes crossed the wire encrypted
        assertThat(large.traffic().totalBytes() - small.traffic().totalBytes()).isEqualTo(50L * 1001);
        assertThat(large.traffic().headerBytes() - small.traffic().headerBytes()).isEqualTo(50);
    }
}
