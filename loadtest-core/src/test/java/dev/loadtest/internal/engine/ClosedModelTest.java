package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.testing.TestServer;
import dev.loadtest.testing.Threads;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The closed model against a real server (Jetty), on each protocol: counts, statuses, bytes, connections. */
class ClosedModelTest {

    private static TestServer h1;
    private static TestServer h2c;
    private static TestServer tls;

    @BeforeAll
    static void startServers() {
        h1 = TestServer.http1();
        h2c = TestServer.h2c();
        tls = TestServer.tls();
    }

    @AfterAll
    static void stopServers() {
        h1.close();
        h2c.close();
        tls.close();
    }

    @BeforeEach
    void resetCounters() {
        h1.reset();
        h2c.reset();
        tls.reset();
    }

    /** Each protocol with the server that speaks it. */
    static Stream<Arguments> protocols() {
        return Stream.of(
                Arguments.of("http/1.1", (ServerChoice) () -> h1, Protocol.HTTP_1_1),
                Arguments.of("h2c", (ServerChoice) () -> h2c, Protocol.HTTP_2),
                Arguments.of("h2", (ServerChoice) () -> tls, Protocol.NEGOTIATE));
    }

    interface ServerChoice {
        TestServer get();
    }

    private static LoadTest.Builder target(TestServer server, Protocol protocol, String... paths) {
        LoadTest.Builder b = LoadTest.target(Stream.of(paths).map(server::uri).toArray(java.net.URI[]::new))
                .protocol(protocol);
        return server.kind() == TestServer.Kind.TLS ? b.sslContext(server.sslContext()) : b;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_do_exactly_the_requests_asked_and_no_more(String name, ServerChoice choice, Protocol protocol) {
        TestServer server = choice.get();
        Result r = target(server, protocol, "/hello").clients(4).streams(5).requests(1000).run();

        assertThat(r.protocol()).isEqualTo(name);
        assertThat(r.requests().done()).isEqualTo(1000);
        assertThat(r.requests().started()).isEqualTo(1000);
        assertThat(r.requests().succeeded()).isEqualTo(1000);
        assertThat(r.requests().failed()).isZero();
        assertThat(server.requestCount()).isEqualTo(1000);
        assertThat(r.statusCodes().count(200)).isEqualTo(1000);
        assertThat(r.traffic().dataBytes()).isEqualTo(1000 * 14L);
        assertThat(r.serviceTime().count()).isEqualTo(1000);
        assertThat(r.requestsPerSecond()).isPositive();
        assertThat(r.errors()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_hold_exactly_clients_connections(String name, ServerChoice choice, Protocol protocol) {
        TestServer server = choice.get();
        Result r = target(server, protocol, "/hello").clients(7).streams(3).requests(700).run();

        assertThat(server.connectionsOpened()).isEqualTo(7);
        assertThat(r.connections()).isEqualTo(7);
        assertThat(r.connectTime().count()).isEqualTo(7);
        assertThat(r.timeToFirstByte().count()).isEqualTo(7);
        assertThat(r.clientRequestRates().count()).isEqualTo(7);
        assertThat(server.maxRequestsPerConnection()).isGreaterThan(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_count_statuses_by_code_and_class(String name, ServerChoice choice, Protocol protocol) {
        TestServer server = choice.get();
        Result r = target(server, protocol, "/status/404", "/status/500", "/hello", "/status/302")
                .clients(2).streams(2).requests(400).run();
        assertThat(r.statusCodes().total()).isEqualTo(400);
        assertThat(r.statusCodes().countOfClass(4) + r.statusCodes().countOfClass(5)).isEqualTo(200);
        assertThat(r.requests().failed()).isEqualTo(200);
        assertThat(r.requests().errored()).isZero();
        assertThat(r.requests().succeeded()).isEqualTo(200);
        assertThat(r.requests().done()).isEqualTo(400);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1024, 102_400, 5 * 1024 * 1024})
    void should_count_data_bytes_as_served_over_each_protocol(int size) {
        for (Arguments args : protocols().toList()) {
            TestServer server = ((ServerChoice) args.get()[1]).get();
            Protocol protocol = (Protocol) args.get()[2];
            int n = size >= 1024 * 1024 ? 8 : 40;
            Result r = target(server, protocol, "/bytes/" + size).clients(2).streams(2).requests(n).run();
            assertThat(r.requests().succeeded()).as("%s", args.get()[0]).isEqualTo(n);
            assertThat(r.traffic().dataBytes()).as("%s", args.get()[0]).isEqualTo((long) n * size);
            assertThat(r.traffic().totalBytes()).as("%s", args.get()[0])
                    .isGreaterThan(r.traffic().dataBytes() + r.traffic().headerBytes());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_read_chunked_bodies_whole(String name, ServerChoice choice, Protocol protocol) {
        Result r = target(choice.get(), protocol, "/chunked/50000").clients(2).requests(10).run();
        assertThat(r.requests().succeeded()).isEqualTo(10);
        assertThat(r.traffic().dataBytes()).isEqualTo(500_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_send_the_body_with_every_request(String name, ServerChoice choice, Protocol protocol) {
        byte[] body = "x".repeat(3000).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Result r = target(choice.get(), protocol, "/echo").body(body).header("Content-Type", "text/plain")
                .clients(2).streams(2).requests(50).run();
        assertThat(r.test().method()).isEqualTo("POST");
        assertThat(r.requests().succeeded()).isEqualTo(50);
        assertThat(r.traffic().dataBytes()).isEqualTo(50 * 3000L);
        assertThat(r.traffic().sentBytes()).isGreaterThan(50 * 3000L);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_save_header_space_on_http2_only(String name, ServerChoice choice, Protocol protocol) {
        Result r = target(choice.get(), protocol, "/hello").clients(2).streams(4).requests(200).run();
        assertThat(r.traffic().headerBytes()).isPositive();
        if (name.equals("http/1.1")) {
            assertThat(r.traffic().headerSpaceSavings()).isZero();
        } else {
            assertThat(r.traffic().headerSpaceSavings()).isGreaterThan(0.2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_open_a_connection_per_request_without_keep_alive(String name, ServerChoice choice,
                                                                  Protocol protocol) {
        TestServer server = choice.get();
        Result r = target(server, protocol, "/hello").clients(3).keepAlive(false).requests(60).run();
        assertThat(r.requests().succeeded()).isEqualTo(60);
        assertThat(server.requestCount()).isEqualTo(60);
        assertThat(server.connectionsOpened()).isEqualTo(60);
        assertThat(r.connections()).isEqualTo(60);
        assertThat(r.connectTime().count()).isEqualTo(60);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void should_leave_no_thread_behind(String name, ServerChoice choice, Protocol protocol)
            throws InterruptedException {
        target(choice.get(), protocol, "/hello").clients(3).streams(2).requests(100).run();
        assertThat(Threads.engineThreadsAfterRun()).isEmpty();
    }
}
