package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.LONG;
import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.assertEndedWithoutWaiting;
import static dev.loadtest.faults.FaultRuns.assertErrorsOnlyIn;
import static dev.loadtest.faults.FaultRuns.assertTimed;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.faults.FaultRuns.Run;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HTTP/1.1 faults (clear text, and over TLS where the fault is about the connection rather than the
 * parser). With one stream per client and the fault at the n-th request of every connection, the
 * counts are exact: a counted run of 40 requests over 2 clients meeting a fault at every 4th request
 * has 30 successes and 10 errors.
 */
class Http1FaultTest {

    @BeforeAll
    static void warmUpTls() {
        FaultRuns.warmUpTls();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H1_TLS"})
    void should_reopen_connections_closed_with_connection_close_and_do_every_request(Transport t) throws Exception {
        try (FaultServer server = t.server(Http1Faults.closeAfter(5, true))) {
            Run run = run("h1-close-after-5-announced-" + t, t.target(server).clients(2).requests(100)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(100);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(server.connections()).as(run.report()).isEqualTo(20);
            assertThat(run.result().connections()).as(run.report()).isEqualTo(20);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_account_for_pipelined_requests_lost_when_the_server_closes_with_connection_close() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.closeAfter(5, true))) {
            Run run = run("h1-close-after-5-announced-pipelined", FaultRuns.target(server, Transport.H1.protocol)
                    .clients(2).streams(4).requests(200).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            // requests pipelined behind the 5th are never answered: errored (connection closed), at most the
            // pipeline's depth per connection (unread pipelined requests may turn the close into a reset that also
            // takes the 5th response); a response is only counted if the server wrote it
            assertErrorsOnlyIn(run, ErrorCategory.RESET);
            assertThat(run.requests().succeeded()).as(run.report()).isLessThanOrEqualTo(server.requests())
                    .isGreaterThanOrEqualTo(100);
            assertThat(run.requests().errored()).as(run.report())
                    .isLessThanOrEqualTo(4L * run.result().connections());
        }
        Transport.H1.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H1_TLS"})
    void should_reopen_connections_closed_without_notice_and_account_for_every_request(Transport t)
            throws Exception {
        try (FaultServer server = t.server(Http1Faults.closeAfter(5, false))) {
            Run run = run("h1-close-after-5-silently-" + t, t.target(server).clients(2).requests(100)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            // the 6th request may be on the wire when the FIN arrives: then it errs as a reset, never more
            assertErrorsOnlyIn(run, ErrorCategory.RESET);
            assertThat(run.requests().succeeded()).as(run.report()).isLessThanOrEqualTo(server.requests())
                    .isGreaterThanOrEqualTo(50);
            assertThat(run.requests().succeeded() + run.requests().errored()).isEqualTo(100);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H1_TLS"})
    void should_count_a_reset_mid_response_as_a_reset_and_go_on(Transport t) throws Exception {
        try (FaultServer server = t.server(Http1Faults.resetMidResponse(4))) {
            Run run = run("h1-reset-mid-response-" + t, t.target(server).clients(2).requests(40).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(30);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            assertThat(run.errors(ErrorCategory.RESET)).as(run.report()).isEqualTo(10);
            assertErrorsOnlyIn(run, ErrorCategory.RESET);
            assertThat(run.sample(ErrorCategory.RESET)).as(run.report()).containsIgnoringCase("reset");
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H1_TLS"})
    void should_count_a_body_truncated_before_its_content_length_as_an_error(Transport t) throws Exception {
        try (FaultServer server = t.server(Http1Faults.truncatedBody(4))) {
            Run run = run("h1-truncated-body-" + t, t.target(server).clients(2).requests(40).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(30);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            // the server closed the connection in the middle of a body
            assertErrorsOnlyIn(run, ErrorCategory.RESET);
            assertThat(run.sample(ErrorCategory.RESET)).as(run.report()).containsIgnoringCase("content-length");
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "HTTP/1.1 2x0 Broken\r\nContent-Length: 2\r\n\r\nok",
        "garbage instead of a status line\r\n\r\n",
        "HTTP/1.1 200 OK\r\nthis line is no header\r\nContent-Length: 2\r\n\r\nok",
        "HTTP/1.1 200 OK\r\nContent-Length: two\r\n\r\nok",
    })
    void should_count_a_malformed_response_as_a_protocol_error(String response) throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.raw(3, response))) {
            Run run = run("h1-malformed-" + Integer.toHexString(response.hashCode()),
                    FaultRuns.target(server, Transport.H1.protocol).clients(2).requests(30).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(20);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isEqualTo(10);
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
        }
        Transport.H1.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H1_TLS"})
    void should_time_out_requests_a_server_never_answers(Transport t) throws Exception {
        try (FaultServer server = t.server(Http1Faults.neverAnswer())) {
            Run run = run("h1-never-answers-" + t, t.target(server).clients(2).requests(6)
                    .requestTimeout(Duration.ofMillis(300)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(900));
            assertThat(run.requests().timeout()).as(run.report()).isEqualTo(6);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(6);
            assertThat(run.errors(ErrorCategory.REQUEST_TIMEOUT)).as(run.report()).isEqualTo(6);
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT);
            // each was sent once and timed out on the wire; the server read at most those (the client closes a timed
            // out connection with a reset, which drops a request a starved server thread had not read yet), and at
            // least one: a request timed out against a server that got none was never sent
            assertThat(run.requests().started()).as(run.report()).isEqualTo(6);
            assertThat(server.requests()).as(run.report()).isBetween(1L, 6L);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_end_a_timed_run_on_time_while_the_server_never_answers() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.neverAnswer())) {
            Run run = run("h1-never-answers-timed", FaultRuns.target(server, Transport.H1.protocol).clients(3)
                    .streams(2).duration(Duration.ofSeconds(1)));
            assertTimed(run);
            assertEndedWithin(run, Duration.ofSeconds(1));
            assertThat(run.result().duration()).isEqualTo(Duration.ofSeconds(1));
            assertThat(run.requests().started()).as(run.report()).isEqualTo(6);
            assertThat(run.requests().done()).as(run.report()).isZero();
            assertThat(run.requests().inFlightAtEnd()).as(run.report()).isEqualTo(6);
        }
        Transport.H1.assertNextRunClean();
    }

    @Test
    void should_time_out_a_slow_drip_response_by_its_total_time_not_by_socket_silence() throws Exception {
        // 1 byte every 100 ms: the socket is never idle for long, the response takes ~4 s in all
        try (FaultServer server = FaultServer.start(Http1Faults.drip("ok", 100))) {
            Run run = run("h1-slow-drip-timeout", FaultRuns.target(server, Transport.H1.protocol).clients(2)
                    .requests(4).requestTimeout(Duration.ofMillis(700)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(1400));
            assertThat(run.requests().timeout()).as(run.report()).isEqualTo(4);
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT);
        }
        Transport.H1.assertNextRunClean();
    }

    @Test
    void should_wait_for_a_slow_drip_body_within_the_request_timeout() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.dripBody("0123456789", 100))) {
            Run run = run("h1-slow-drip-body", FaultRuns.target(server, Transport.H1.protocol).clients(2)
                    .requests(2).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(2);
            assertThat(run.result().traffic().dataBytes()).isEqualTo(20);
            assertThat(run.result().serviceTime().min()).as(run.report()).isGreaterThan(Duration.ofMillis(800));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        // a chunk size that is no hex number
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nok\r\n0\r\n\r\n",
        // chunk data not followed by CRLF
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX0\r\n\r\n",
    })
    void should_count_a_chunked_encoding_error_as_a_protocol_error(String response) throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.rawThenHold(3, response))) {
            Run run = run("h1-chunked-error-" + Integer.toHexString(response.hashCode()),
                    FaultRuns.target(server, Transport.H1.protocol).clients(2).requests(30).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(20);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isEqualTo(10);
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report()).containsIgnoringCase("chunk");
        }
        Transport.H1.assertNextRunClean();
    }

    @Test
    void should_count_a_chunked_body_cut_by_the_server_as_an_error() throws Exception {
        String cut = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc";
        try (FaultServer server = FaultServer.start(Http1Faults.raw(3, cut))) {
            Run run = run("h1-chunked-truncated", FaultRuns.target(server, Transport.H1.protocol).clients(2)
                    .requests(30).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(20);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            // cut short by the server's close, as a truncated Content-Length body
            assertErrorsOnlyIn(run, ErrorCategory.RESET, ErrorCategory.PROTOCOL);
        }
        Transport.H1.assertNextRunClean();
    }

    @Test
    void should_read_well_formed_chunked_responses() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.chunked())) {
            Run run = run("h1-chunked-ok", FaultRuns.target(server, Transport.H1.protocol).clients(2).streams(3)
                    .requests(60));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().traffic().dataBytes()).isEqualTo(60 * 5);
        }
    }

    @Test
    void should_skip_interim_1xx_responses_and_count_the_final_one() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.interimResponses())) {
            Run run = run("h1-interim-1xx", FaultRuns.target(server, Transport.H1.protocol).clients(2).streams(2)
                    .requests(40).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().statusCodes().counts()).as(run.report()).containsOnlyKeys(200);
            assertThat(run.result().statusCodes().count(200)).isEqualTo(40);
        }
        Transport.H1.assertNextRunClean();
    }

    @Test
    void should_count_error_statuses_as_failed_but_not_errored() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.status(503))) {
            Run run = run("h1-status-503", FaultRuns.target(server, Transport.H1.protocol).clients(2).requests(20));
            assertCounted(run);
            assertThat(run.requests().failed()).as(run.report()).isEqualTo(20);
            assertThat(run.requests().errored()).as(run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.result().statusCodes().count(503)).isEqualTo(20);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
        }
    }
}
