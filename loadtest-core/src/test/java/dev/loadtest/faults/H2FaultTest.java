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
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.faults.FaultRuns.Run;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * HTTP/2 faults from a server writing frames by hand: h2c with prior knowledge, and h2 over TLS (ALPN)
 * where the fault is about streams and connections rather than bytes.
 */
class H2FaultTest {

    @BeforeAll
    static void warmUpTls() {
        FaultRuns.warmUpTls();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_load_the_hand_written_h2_server_cleanly(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.ok())) {
            Run run = run("h2-healthy-" + t, t.target(server).clients(2).streams(5).requests(200));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().protocol()).isEqualTo(t.tls ? "h2" : "h2c");
            assertThat(server.requests()).isEqualTo(200);
            assertThat(server.connections()).isEqualTo(2);
            assertThat(run.result().traffic().dataBytes()).isEqualTo(400);
        }
    }

    @ParameterizedTest(name = "{0} code {1}")
    @CsvSource({"H2C, 1", "H2C, 2", "H2C, 8", "H2_TLS, 2"})
    void should_count_rst_stream_as_a_stream_reset_naming_the_code(Transport t, int code) throws Exception {
        try (FaultServer server = t.server(H2Faults.rstStream(4, code))) {
            Run run = run("h2-rst-stream-" + code + "-" + t, t.target(server).clients(2).streams(3).requests(40)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(30);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(10);
            assertThat(run.errors(ErrorCategory.STREAM_RESET)).as(run.report()).isEqualTo(10);
            assertErrorsOnlyIn(run, ErrorCategory.STREAM_RESET);
            assertThat(run.sample(ErrorCategory.STREAM_RESET)).as(run.report()).contains(String.valueOf(code));
            // a stream reset is not a connection failure: each client kept its one connection
            assertThat(server.connections()).as(run.report()).isEqualTo(2);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_send_again_streams_reset_with_refused_stream(Transport t) throws Exception {
        // REFUSED_STREAM says the server did not process the stream (RFC 9113 §8.7): sent again, not a failure
        try (FaultServer server = t.server(H2Faults.rstStream(4, H2Conn.REFUSED_STREAM))) {
            Run run = run("h2-refused-stream-" + t, t.target(server).clients(2).streams(3).requests(40)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(40);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().retried()).as(run.report()).isGreaterThanOrEqualTo(10);
            assertThat(run.requests().started()).as("a request sent again is started once\n%s", run.report())
                    .isEqualTo(40);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_give_up_a_request_the_server_refuses_every_time(Transport t) throws Exception {
        // a server that refuses every stream for ever must not make the run loop: a few retries, then an error
        try (FaultServer server = t.server(H2Faults.rstStream(1, H2Conn.REFUSED_STREAM))) {
            Run run = run("h2-refused-always-" + t, t.target(server).clients(2).streams(10).requests(200)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().errored()).as(run.report()).isEqualTo(200);
            assertErrorsOnlyIn(run, ErrorCategory.STREAM_RESET);
            assertThat(run.sample(ErrorCategory.STREAM_RESET)).as(run.report()).contains("REFUSED_STREAM", "given up");
            // each sent once and again 5 times (the engine's ConnectionSlot.MAX_RETRIES)
            assertThat(server.requests()).as(run.report()).isEqualTo(200L * 6);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_reconnect_after_a_graceful_goaway_with_one_stream(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.goAwayMidRun(5, 20))) {
            Run run = run("h2-goaway-graceful-streams1-" + t, t.target(server).clients(2).streams(1).requests(60)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            // nothing was in flight above the last stream id: every request is served, on new connections
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(60);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(server.connections()).as(run.report()).isGreaterThanOrEqualTo(12);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_not_hang_on_streams_above_the_last_stream_id_of_a_graceful_goaway(Transport t) throws Exception {
        // the server never closes the socket after its GOAWAY (DESIGN §3's trap) and never answers the
        // streams above its last-stream-id; the run must neither wait for them nor for the request timeout
        try (FaultServer server = t.server(H2Faults.goAwayMidRun(5, 50))) {
            Run run = run("h2-goaway-graceful-streams4-" + t, t.target(server).clients(2).streams(4).requests(100)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            // the streams the server never processed were sent again on new connections: no failure
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(100);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().retried()).as(run.report()).isPositive();
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0} code {1} close after {2} ms")
    @CsvSource({"H2C, 1, 100", "H2C, 11, 100", "H2C, 2, -1", "H2_TLS, 11, 100"})
    void should_count_goaway_with_an_error_as_goaway_naming_the_code(Transport t, int code, long closeAfter)
            throws Exception {
        try (FaultServer server = t.server(H2Faults.goAwayWithError(5, code, closeAfter))) {
            Run run = run("h2-goaway-error-" + code + "-" + closeAfter + "-" + t, t.target(server).clients(2)
                    .streams(4).requests(100).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isGreaterThanOrEqualTo(50);
            assertErrorsOnlyIn(run, ErrorCategory.GOAWAY);
            assertThat(run.sample(ErrorCategory.GOAWAY)).as(run.report()).contains(String.valueOf(code));
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_keep_within_the_servers_max_concurrent_streams(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.delayed(10, H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 2))) {
            Run run = run("h2-max-concurrent-2-streams-10-" + t, t.target(server).clients(2).streams(10)
                    .requests(200).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(200);
            assertThat(server.maxOpenStreams()).as("streams open at once on one connection\n%s", run.report())
                    .isBetween(1, 2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_send_requests_queued_beyond_the_servers_max_concurrent_streams_while_a_stream_is_held(Transport t)
            throws Exception {
        // a rate-driven run hands its requests over from the scheduler's thread (over TLS always as HttpCore
        // commands); those beyond the server's 2 streams wait in the queue. The server holds the connection's first
        // stream for 600 ms and answers the others at once: each answer must let a queued request go, though a
        // stream is still open and no request is issued inside the read event that ends it
        java.util.concurrent.atomic.AtomicInteger servedMeanwhile = new java.util.concurrent.atomic.AtomicInteger(-1);
        FaultServer.Behaviour holdFirst = conn -> conn.h2().start(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 2)
                .serve((h2, id) -> {
                    if (id == 1) {
                        h2.server().schedule(() -> {
                            try {
                                servedMeanwhile.compareAndSet(-1, h2.requestsOnConnection());
                                h2.ok(id);
                            } catch (IOException e) {
                                // the client went away
                            }
                        }, 600);
                    } else {
                        h2.ok(id);
                    }
                });
        try (FaultServer server = t.server(holdFirst)) {
            Run run = run("h2-max-concurrent-2-held-" + t, t.target(server).clients(1).streams(10).rate(200)
                    .requests(60).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(60);
            assertThat(server.maxOpenStreams()).as("streams open at once\n%s", run.report()).isBetween(1, 2);
            // 600 ms at 200 requests a second: about 120 due; one stream free serves them as they come
            assertThat(servedMeanwhile.get()).as("requests served while the first stream was held\n%s", run.report())
                    .isGreaterThanOrEqualTo(10);
        }
    }

    @Test
    void should_skip_interim_1xx_responses_and_count_the_final_one() throws Exception {
        try (FaultServer server = FaultServer.start(H2Faults.interimResponses())) {
            Run run = run("h2-interim-1xx", FaultRuns.target(server, Transport.H2C.protocol).clients(2).streams(4)
                    .requests(80).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().statusCodes().counts()).as(run.report()).containsOnlyKeys(200);
            assertThat(run.result().statusCodes().count(200)).isEqualTo(80);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_take_data_from_a_server_that_ignores_flow_control(Transport t) throws Exception {
        long size = 4L << 20;   // 64 times RFC 9113's default window, sent without waiting for WINDOW_UPDATE
        try (FaultServer server = t.server(H2Faults.flood(size))) {
            Run run = run("h2-flood-" + t, t.target(server).clients(2).streams(2).requests(10).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().traffic().dataBytes()).isEqualTo(10 * size);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_count_a_window_update_past_the_maximum_as_a_protocol_error() throws Exception {
        try (FaultServer server = FaultServer.start(H2Faults.windowOverflow())) {
            Run run = run("h2-window-overflow", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(5).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report()).containsIgnoringCase("window");
        }
        Transport.H2C.assertNextRunClean();
    }

    @Test
    void should_time_out_uploads_a_server_never_opens_a_window_for() throws Exception {
        // a 1-byte stream window, never opened further: the 1 KiB body can never be sent in full
        try (FaultServer server = FaultServer.start(H2Faults.tinyWindow(1))) {
            Run run = run("h2-tiny-window-upload", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(2).body(new byte[1024]).requestTimeout(Duration.ofMillis(400)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(800));
            assertThat(run.requests().timeout()).as(run.report()).isEqualTo(2);
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT);
        }
        Transport.H2C.assertNextRunClean();
    }

    @Test
    void should_say_why_requests_fail_on_a_server_announcing_a_zero_window() throws Exception {
        // SETTINGS_INITIAL_WINDOW_SIZE 0 is legal (RFC 9113 §6.9.2) but HttpCore 5.4.4 takes it for a
        // PROTOCOL_ERROR ("Initial window size may not be negative or zero") and drops the connection before
        // any request is sent: the run must end and say so, not blame a reset
        try (FaultServer server = FaultServer.start(H2Faults.tinyWindow(0))) {
            Run run = run("h2-zero-window-upload", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(2).body(new byte[1024]).requestTimeout(Duration.ofMillis(400)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(800));
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT, ErrorCategory.PROTOCOL);
            if (run.errors(ErrorCategory.PROTOCOL) > 0) {
                assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report()).containsIgnoringCase("window");
            }
        }
        Transport.H2C.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_not_wait_for_the_request_timeout_for_streams_above_the_last_stream_id_at_the_end_of_a_run(
            Transport t) throws Exception {
        // one client, 4 streams, 4 requests: the server holds stream 1, the client sends 3, 5, 7 (its last
        // requests), then GOAWAY(last-stream-id 1, NO_ERROR) and the answer to 1; 3, 5 and 7 were not
        // processed and will never be answered, and the socket stays open. No new request comes along to
        // discover that the connection is going away: only the engine itself can end them.
        try (FaultServer server = t.server(H2Faults.goAwayMidRun(1, 100))) {
            Run run = run("h2-goaway-at-the-end-" + t, t.target(server).clients(1).streams(4).requests(4)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            // 3, 5 and 7 go out again on new connections, each served after its own GOAWAY
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(4);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().retried()).as(run.report()).isEqualTo(3);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_count_a_scenario_steps_requests_sent_again_in_the_step_as_in_the_run() throws Exception {
        // the run above as 4 users' one step each over one connection of 4 streams: 3, 5 and 7 go out again
        try (FaultServer server = Transport.H2C.server(H2Faults.goAwayMidRun(1, 100))) {
            Result r = Transport.H2C.target(server)
                    .scenario(Scenario.of("once", Step.of("get", s -> Request.get("/fault"))))
                    .users(4).iterations(1).clients(1).streams(4).requestTimeout(LONG).run();

            assertThat(r.sessions().orElseThrow().completed()).as("%s", r).isEqualTo(4);
            assertThat(r.requests().retried()).as("%s", r).isEqualTo(3);
            assertThat(r.step("get").orElseThrow().requests().retried()).as("a run's figures are its steps' sum")
                    .isEqualTo(3);
        }
    }

    @Test
    void should_count_a_scenario_step_sent_again_that_cannot_go_out_as_failed_in_the_step_as_in_the_run()
            throws Exception {
        // as above, but every connection after the first is closed at once: 3, 5 and 7, sent once and counted as
        // started, cannot go out again; the run counts each as failed, and so must its step, not as never issued
        AtomicInteger accepted = new AtomicInteger();
        FaultServer.Behaviour goAwayThenClose = H2Faults.goAwayMidRun(1, 100);
        try (FaultServer server = Transport.H2C.server(conn -> {
            if (accepted.incrementAndGet() == 1) {
                goAwayThenClose.serve(conn);
            }
        })) {
            Result r = Transport.H2C.target(server)
                    .scenario(Scenario.of("once", Step.of("get", s -> Request.get("/fault"))))
                    .users(4).iterations(1).clients(1).streams(4).requestTimeout(LONG).run();

            Requests run = r.requests();
            Requests step = r.step("get").orElseThrow().requests();
            assertThat(run.failed()).as("%s", r).isGreaterThanOrEqualTo(3);
            assertThat(step).as("a run's figures are its steps' sum: %s", r).isEqualTo(run);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_time_out_streams_a_server_never_answers(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.neverAnswer())) {
            Run run = run("h2-never-answers-" + t, t.target(server).clients(2).streams(3).requests(6)
                    .requestTimeout(Duration.ofMillis(300)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(300));
            assertThat(run.requests().timeout()).as(run.report()).isEqualTo(6);
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT);
            // each was sent once and timed out on the wire; the server read at most those (the run's end closes its
            // connections with a reset, which drops a stream a starved server thread had not read yet), and at least
            // one: a stream timed out against a server that got none was never sent
            assertThat(run.requests().started()).as(run.report()).isEqualTo(6);
            assertThat(server.requests()).as(run.report()).isBetween(1L, 6L);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_end_a_timed_run_on_time_while_no_stream_is_answered() throws Exception {
        try (FaultServer server = FaultServer.start(H2Faults.neverAnswer())) {
            Run run = run("h2-never-answers-timed", FaultRuns.target(server, Transport.H2C.protocol).clients(2)
                    .streams(4).duration(Duration.ofSeconds(1)));
            assertTimed(run);
            assertEndedWithin(run, Duration.ofSeconds(1));
            assertThat(run.requests().started()).as(run.report()).isEqualTo(8);
            assertThat(run.requests().inFlightAtEnd()).as(run.report()).isEqualTo(8);
        }
        Transport.H2C.assertNextRunClean();
    }

    @Test
    void should_time_out_requests_to_a_server_that_never_sends_its_settings() throws Exception {
        // an h2c client meets a server that accepts and says nothing (an HTTP/1.1-only or hung server):
        // its requests wait for the server's SETTINGS and must end by the request timeout, said so
        try (FaultServer server = FaultServer.start(H2Faults.silent())) {
            Run run = run("h2-no-settings", FaultRuns.target(server, Transport.H2C.protocol).clients(1).requests(2)
                    .requestTimeout(Duration.ofMillis(300)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(600));
            assertErrorsOnlyIn(run, ErrorCategory.REQUEST_TIMEOUT, ErrorCategory.CONNECT_TIMEOUT);
            assertThat(run.result().errors().values()).as(run.report())
                    .allMatch(e -> e.sampleMessage().toLowerCase(java.util.Locale.ROOT).contains("timeout"));
        }
        Transport.H2C.assertNextRunClean();
    }

    @Test
    void should_count_data_on_stream_0_as_a_protocol_error() throws Exception {
        // DATA on stream 0: a connection error of type PROTOCOL_ERROR (RFC 9113 §6.1)
        assertBrokenFrameIsAProtocolError("data-on-stream-0", H2Conn.DATA, H2Conn.FLAG_END_STREAM, true, "6f6b");
    }

    @Test
    void should_count_a_header_block_with_a_bad_index_as_a_protocol_error() throws Exception {
        // indexed field 254, beyond the static table and the (empty) dynamic one: COMPRESSION_ERROR (RFC 7541 §2.3.3)
        assertBrokenFrameIsAProtocolError("bad-hpack", H2Conn.HEADERS,
                H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_END_STREAM, false, "ff7f");
    }

    @Test
    void should_count_headers_too_short_for_their_priority_fields_as_a_protocol_error() throws Exception {
        // the PRIORITY flag (0x20) promises 5 bytes the frame does not have: FRAME_SIZE_ERROR (RFC 9113 §4.2)
        assertBrokenFrameIsAProtocolError("short-priority", H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | 0x20, false,
                "000000");
    }

    private static void assertBrokenFrameIsAProtocolError(String name, int type, int flags, boolean streamZero,
                                                          String hexPayload) throws Exception {
        byte[] payload = java.util.HexFormat.of().parseHex(hexPayload);
        try (FaultServer server = FaultServer.start(H2Faults.badFrameAt(3, type, flags, streamZero, payload))) {
            Run run = run("h2-" + name, FaultRuns.target(server, Transport.H2C.protocol).clients(2).requests(20)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(14);
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isEqualTo(6);
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
        }
        Transport.H2C.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_count_a_tcp_reset_with_streams_in_flight_as_resets(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.resetMidResponse(5))) {
            Run run = run("h2-tcp-reset-" + t, t.target(server).clients(2).streams(3).requests(60)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isGreaterThanOrEqualTo(30);
            assertErrorsOnlyIn(run, ErrorCategory.RESET);
            assertThat(run.requests().errored()).as(run.report())
                    .isLessThanOrEqualTo(3L * run.result().connections());
        }
        t.assertNextRunClean();
    }
}
