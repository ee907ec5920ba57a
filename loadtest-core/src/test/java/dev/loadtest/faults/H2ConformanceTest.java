package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.LONG;
import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.faults.FaultRuns.Run;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * HTTP/2 as real servers speak it (RFC 9113), where HttpCore 5.4 alone fails: extension frames, a server that
 * allows no stream for a while, a server that never sends its SETTINGS; and bytes that are not HTTP/2 at all.
 */
class H2ConformanceTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_ignore_altsvc_origin_and_unknown_frame_types_padded_or_not(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.extensionFrames())) {
            Run run = run("h2-extension-frames-" + t, t.target(server).clients(2).streams(4).requests(200)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(200);
            assertThat(server.connections()).as(run.report()).isEqualTo(2);
            assertThat(run.result().traffic().dataBytes()).isEqualTo(400);
        }
    }

    @Test
    void should_fail_a_frame_of_unknown_type_inside_a_header_block_as_a_protocol_error() throws Exception {
        // RFC 9113 §5.5: extension frames in the middle of a field block are a connection error
        try (FaultServer server = FaultServer.start(H2Faults.unknownFrameInHeaderBlock())) {
            Run run = run("h2-unknown-frame-in-header-block", FaultRuns.target(server, Transport.H2C.protocol)
                    .clients(1).requests(3).requestTimeout(LONG));
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isPositive();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_wait_for_a_settings_that_allows_streams_and_keep_to_it(Transport t) throws Exception {
        try (FaultServer server = t.server(H2Faults.noStreamsUntil(150, 2))) {
            Run run = run("h2-max-concurrent-0-then-2-" + t, t.target(server).clients(2).streams(4).requests(100)
                    .connectTimeout(Duration.ofSeconds(5)).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            assertThat(run.requests().succeeded()).isEqualTo(100);
            assertThat(server.connections()).as(run.report()).isEqualTo(2);
            assertThat(server.maxOpenStreams()).as("streams open at once on one connection\n%s", run.report())
                    .isBetween(1, 2);
        }
    }

    @Test
    void should_fail_a_connection_whose_server_never_allows_a_stream_after_the_connect_timeout() throws Exception {
        try (FaultServer server = FaultServer.start(H2Faults.noStreamsUntil(-1, 0))) {
            Run run = run("h2-max-concurrent-0-forever", FaultRuns.target(server, Transport.H2C.protocol).clients(2)
                    .streams(4).requests(4).connectTimeout(Duration.ofMillis(300)).requestTimeout(LONG));
            assertCounted(run);
            // two connections per client, each given up after the connect timeout, not after the request timeout
            assertEndedWithin(run, Duration.ofSeconds(2));
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(server.requests()).as("no stream was opened against the server's word").isZero();
            assertThat(samples(run)).as(run.report()).allMatch(m -> m.contains(
                    "allows no HTTP/2 stream (SETTINGS_MAX_CONCURRENT_STREAMS 0) and did not raise it within 300ms"));
        }
    }

    @Test
    void should_fail_a_connection_without_settings_after_the_connect_timeout_not_the_request_timeout() throws Exception {
        try (FaultServer server = FaultServer.start(H2Faults.silent())) {
            Run run = run("h2-no-settings-connect-timeout", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(2).connectTimeout(Duration.ofMillis(300)).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofSeconds(2));
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(samples(run)).as(run.report()).allMatch(m -> m.contains(
                    "no HTTP/2 settings from the server at 127.0.0.1:" + server.port() + " within 300ms"));
        }
        Transport.H2C.assertNextRunClean();
    }

    @Test
    void should_fail_garbage_instead_of_the_servers_preface_as_a_protocol_error_that_shows_it() throws Exception {
        FaultServer.Behaviour garbage = conn -> {
            conn.write("\u0000\u0000\u0003garbage, not frames\r\n");
            conn.flush();
            conn.swallow();
        };
        try (FaultServer server = FaultServer.start(garbage)) {
            Run run = run("h2-garbage-preface", FaultRuns.target(server, Transport.H2C.protocol).clients(1).requests(3)
                    .requestTimeout(LONG));
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.result().errors().keySet()).as(run.report()).containsOnly(ErrorCategory.PROTOCOL);
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report())
                    .contains("answered the HTTP/2 preface with bytes that are not an HTTP/2 SETTINGS frame")
                    .contains("garbage");
        }
    }

    @Test
    void should_fail_garbage_after_some_frames_as_a_protocol_error_in_words() throws Exception {
        FaultServer.Behaviour garbageAtThird = conn -> conn.h2().start().serve((h2, id) -> {
            if (h2.requestsOnConnection() < 3) {
                h2.ok(id);
            } else {
                conn.write("HTTP/1.1 500 oops\r\n\r\n");
                conn.flush();
            }
        });
        try (FaultServer server = FaultServer.start(garbageAtThird)) {
            Run run = run("h2-garbage-mid-connection", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(3).requestTimeout(LONG));
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(2);
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report())
                    .contains("sent a frame of").contains("these are not HTTP/2 frames");
        }
    }

    @Test
    void should_fail_a_header_block_over_our_limit_as_a_protocol_error_in_words() throws Exception {
        // HEADERS without END_HEADERS, then CONTINUATION frames without end: 1 MiB and more of header block
        FaultServer.Behaviour endless = conn -> conn.h2().start().serve((h2, id) -> {
            h2.frame(H2Conn.HEADERS, 0, id, H2Conn.headerBlock(200, 0));
            byte[] filler = new byte[16 * 1024];
            java.util.Arrays.fill(filler, (byte) 0x88);   // ":status: 200", indexed, again and again
            for (int i = 0; i < 70; i++) {
                h2.frame(H2Conn.CONTINUATION, 0, id, filler);
            }
        });
        try (FaultServer server = FaultServer.start(endless)) {
            Run run = run("h2-header-block-over-limit", FaultRuns.target(server, Transport.H2C.protocol).clients(1)
                    .requests(2).requestTimeout(LONG));
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(run.sample(ErrorCategory.PROTOCOL)).as(run.report())
                    .contains("sent a header block of more than 1024 KiB");
        }
    }

    @Test
    void should_say_use_https_in_the_runs_errors_when_h2c_meets_a_tls_port() throws Exception {
        try (FaultServer server = FaultServer.startTls(H2Faults.ok())) {
            java.net.URI plain = java.net.URI.create("http://127.0.0.1:" + server.port() + "/");
            Run run = run("h2c-against-tls-port", dev.loadtest.LoadTest.target(plain)
                    .protocol(dev.loadtest.Protocol.HTTP_2).clients(2).requests(6).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).as(run.report()).isZero();
            assertThat(samples(run)).as(run.report()).isNotEmpty().allMatch(m -> m.contains(
                    "the server at 127.0.0.1:" + server.port() + " answered the HTTP/2 preface with TLS: use https://"));
        }
    }

    private static java.util.List<String> samples(Run run) {
        return run.result().errors().values().stream().map(ErrorCount::sampleMessage).toList();
    }
}
