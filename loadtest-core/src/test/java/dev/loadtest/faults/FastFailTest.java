package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.LONG;
import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.assertErrorsOnlyIn;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Verdict;
import dev.loadtest.faults.FaultRuns.Run;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 12: no answer keeps a counted run from ending, a dead or wrong target fails within about a second
 * and says why, and graceful rotation over HTTP/1.1 costs no request. Every run is bounded by a request
 * timeout far longer than the bound asserted, so a run that waits for it fails the test.
 */
class FastFailTest {

    /** About a second of failures in a row, and room on a busy machine. */
    private static final Duration FAST = Duration.ofSeconds(3);

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @ParameterizedTest(name = "{0} streams={1}")
    @CsvSource({"HTTP_1_1, 1", "HTTP_1_1, 10", "HTTP_2, 1", "HTTP_2, 10"})
    void should_give_up_a_counted_run_against_a_port_where_nothing_listens(Protocol protocol, int streams)
            throws Exception {
        int port = freePort();
        Run run = run("refused-" + protocol + "-m" + streams, LoadTest.target("http://127.0.0.1:" + port + "/")
                .protocol(protocol).clients(2).streams(streams).requests(200).requestTimeout(LONG));
        assertCounted(run);
        assertEndedWithin(run, FAST);
        // as h2load: nothing was sent, so nothing is done; every request errored and never issued
        assertThat(run.requests().done()).as(run.report()).isZero();
        assertThat(run.requests().notIssued()).as(run.report()).isEqualTo(200);
        assertThat(run.requests().failed()).as(run.report()).isEqualTo(200);
        assertErrorsOnlyIn(run, ErrorCategory.REFUSED);
        assertThat(run.sample(ErrorCategory.REFUSED)).as(run.report()).doesNotContain("Exception");
        assertThat(run.result().verdict()).as(run.report()).isEqualTo(Verdict.ERRORS);
    }

    @Test
    void should_give_up_a_counted_rate_driven_run_against_a_port_where_nothing_listens() throws Exception {
        int port = freePort();
        Run run = run("refused-open-model", LoadTest.target("http://127.0.0.1:" + port + "/")
                .protocol(Protocol.HTTP_1_1).clients(2).rate(100).requests(300).requestTimeout(LONG));
        // the schedule runs its 3 s; every request that fell due is accounted, none was sent
        assertEndedWithin(run, Duration.ofSeconds(3).plus(FAST));
        assertThat(run.requests().done()).as(run.report()).isZero();
        assertThat(run.requests().notIssued() + run.result().rate().orElseThrow().dropped()).as(run.report())
                .isEqualTo(run.requests().total());
        assertThat(run.result().errors().keySet()).as(run.report()).containsOnly(ErrorCategory.REFUSED);
        assertThat(run.errors(ErrorCategory.REFUSED)).as("each errored request counted once\n%s", run.report())
                .isEqualTo(run.requests().errored());
    }

    @Test
    void should_complete_a_counted_run_across_a_server_restart_shorter_than_the_bound() throws Exception {
        int port = freePort();
        FaultServer[] server = new FaultServer[1];
        try {
            Run run = run("restart-within-bound", LoadTest.target("http://127.0.0.1:" + port + "/")
                    .protocol(Protocol.HTTP_1_1).clients(2).requests(100).requestTimeout(LONG), () -> {
                        Thread.sleep(300);   // refused meanwhile
                        server[0] = FaultServer.start(port, Http1Faults.ok());
                    });
            assertCounted(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(100);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
        } finally {
            if (server[0] != null) {
                server[0].close();
            }
        }
    }

    /** Garbage instead of HTTP/2 frames: every connection fails before any response. */
    private static FaultServer.Behaviour garbage() {
        return conn -> {
            conn.write("this is no HTTP/2 frame at all, only bytes of text".repeat(20));
            conn.flush();
            conn.swallow();
        };
    }

    /** A HEADERS frame far over the maximum frame size the client announced (16 KiB, RFC 9113's default). */
    private static FaultServer.Behaviour oversizedHeaderBlock() {
        return conn -> conn.h2().start().serve((h2, id) ->
                h2.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_END_STREAM, id, new byte[100_000]));
    }

    @ParameterizedTest(name = "{0} streams={1}")
    @CsvSource({"garbage, 1", "garbage, 10", "oversized, 1", "oversized, 10"})
    void should_end_a_counted_run_fast_when_every_h2_connection_fails(String fault, int streams) throws Exception {
        FaultServer.Behaviour behaviour = fault.equals("garbage") ? garbage() : oversizedHeaderBlock();
        try (FaultServer server = FaultServer.start(behaviour)) {
            Run run = run("h2-every-connection-fails-" + fault + "-m" + streams,
                    FaultRuns.target(server, Protocol.HTTP_2).clients(2).streams(streams).requests(200)
                            .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, FAST);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(200);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL, ErrorCategory.RESET);
            assertThat(run.result().verdict()).as(run.report()).isEqualTo(Verdict.ERRORS);
        }
    }

    /** Answers every request with this status line and an empty body, keeping the connection. */
    private static FaultServer.Behaviour status(String code) {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.write("HTTP/1.1 " + code + " Odd\r\nContent-Length: 0\r\n\r\n");
                conn.flush();
            }
        };
    }

    @ParameterizedTest(name = "status {0} streams={1}")
    @CsvSource({"000, 1", "000, 10", "099, 1", "099, 10", "999, 1", "999, 10"})
    void should_count_a_status_outside_100_to_599_as_a_protocol_error(String code, int streams) throws Exception {
        try (FaultServer server = FaultServer.start(status(code))) {
            Run run = run("h1-status-" + code + "-m" + streams, FaultRuns.target(server, Protocol.HTTP_1_1)
                    .clients(2).streams(streams).requests(200).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, FAST);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(200);
            assertThat(run.result().statusCodes().counts()).as(run.report()).isEmpty();
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report()).contains(code, "outside 100-599");
        }
    }

    @Test
    void should_time_out_a_body_framed_by_a_close_that_never_comes() throws Exception {
        // HTTP/1.0 without Content-Length: the body ends when the connection closes; this one never does
        try (FaultServer server = FaultServer.start(Http1Faults.rawThenHold(1, "HTTP/1.0 200 OK\r\n\r\nsome body"))) {
            Run run = run("h1-close-delimited-never-closed", FaultRuns.target(server, Protocol.HTTP_1_1)
                    .clients(2).requests(4).requestTimeout(Duration.ofMillis(500)));
            assertCounted(run);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().timeout()).as(run.report()).isEqualTo(4);
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT);
        }
    }

    @ParameterizedTest(name = "pipelined={0}")
    @ValueSource(booleans = {false, true})
    void should_send_again_http1_requests_written_behind_connection_close(boolean pipelined) throws Exception {
        // nginx's keepalive_requests on HTTP/1.1: the n-th response says Connection: close; requests the
        // client pipelined behind it were not processed (RFC 9112 §9.6) and go out again. The server closes as
        // nginx does, without a reset (a close that resets can take the last response away: Http1FaultTest)
        try (FaultServer server = FaultServer.start(Http1Faults.keepaliveRequests(7))) {
            Run run = run("h1-connection-close-m" + (pipelined ? 10 : 1), FaultRuns.target(server, Protocol.HTTP_1_1)
                    .clients(2).streams(pipelined ? 10 : 1).requests(300).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, FAST);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(300);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().started()).as(run.report()).isEqualTo(300);
            if (pipelined) {
                assertThat(run.requests().retried()).as(run.report()).isPositive();
            }
        }
    }

    @Test
    void should_not_send_expect_100_continue_unless_asked() throws Exception {
        AtomicInteger expecting = new AtomicInteger();
        AtomicInteger requests = new AtomicInteger();
        FaultServer.Behaviour recording = conn -> {
            FaultServer.Http1Request request;
            while ((request = conn.readRequest()) != null) {
                requests.incrementAndGet();
                if (request.head().toLowerCase(java.util.Locale.ROOT).contains("expect:")) {
                    expecting.incrementAndGet();
                }
                conn.ok();
            }
        };
        try (FaultServer server = FaultServer.start(recording)) {
            Run run = run("h1-post-no-expect", FaultRuns.target(server, Protocol.HTTP_1_1).method("POST")
                    .body("x".repeat(1024).getBytes(StandardCharsets.US_ASCII)).clients(2).requests(20)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(20);
            assertThat(requests.get()).isEqualTo(20);
            assertThat(expecting.get()).as("requests sent with an Expect header").isZero();
        }
    }

    @ParameterizedTest(name = "user sets Expect: {0}")
    @ValueSource(booleans = {false, true})
    void should_send_h2_bodies_to_a_server_that_never_sends_100_continue(boolean userExpect) throws Exception {
        // the scripted server answers a stream only once its body has ended, and never sends a 100
        try (FaultServer server = FaultServer.start(H2Faults.ok())) {
            LoadTest.Builder b = FaultRuns.target(server, Protocol.HTTP_2).method("POST")
                    .body("x".repeat(1024).getBytes(StandardCharsets.US_ASCII)).clients(2).requests(20)
                    .requestTimeout(Duration.ofSeconds(5));
            if (userExpect) {
                b.header("Expect", "100-continue");
            }
            Run run = run("h2-post-expect-" + userExpect, b);
            assertCounted(run);
            assertEndedWithin(run, FAST);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(20);
        }
    }

    /** A TLS port spoken to in plain HTTP: a TLS alert record, as a TLS server sends for bytes it cannot read. */
    private static FaultServer.Behaviour tlsAlert() {
        return conn -> {
            conn.readRequest();
            conn.write(new byte[] {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x46});
            conn.flush();
            conn.swallow();
        };
    }

    /** nginx's answer to plain HTTP on its TLS port. */
    private static FaultServer.Behaviour nginxPlainHttpToHttpsPort() {
        String body = "<html>\r\n<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>\r\n"
                + "<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n"
                + "<center>The plain HTTP request was sent to HTTPS port</center>\r\n</body>\r\n</html>\r\n";
        return conn -> {
            conn.readRequest();
            conn.write("HTTP/1.1 400 Bad Request\r\nServer: nginx\r\nContent-Type: text/html\r\nContent-Length: "
                    + body.length() + "\r\nConnection: close\r\n\r\n" + body);
            conn.flush();
            conn.close();
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"alert", "nginx"})
    void should_end_the_run_at_once_when_plain_http_meets_a_tls_port(String reply) throws Exception {
        FaultServer.Behaviour behaviour = reply.equals("alert") ? tlsAlert() : nginxPlainHttpToHttpsPort();
        try (FaultServer server = FaultServer.start(behaviour)) {
            Run run = run("h1-plain-to-tls-" + reply, FaultRuns.target(server, Protocol.HTTP_1_1).clients(4)
                    .requests(2000).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, FAST);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(2000);
            assertErrorsOnlyIn(run, ErrorCategory.TLS);
            assertThat(run.sample(ErrorCategory.TLS)).as(run.report())
                    .isEqualTo("127.0.0.1:" + server.port() + " speaks TLS: use https://");
            // the run ended at once: no more than the first request of each connection reached the server
            assertThat(server.requests()).as(run.report()).isLessThanOrEqualTo(8);
            assertThat(run.result().verdict()).as(run.report()).isEqualTo(Verdict.ERRORS);
        }
    }
}
