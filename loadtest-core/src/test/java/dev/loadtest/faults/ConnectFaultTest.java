package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.assertErrorsOnlyIn;
import static dev.loadtest.faults.FaultRuns.assertTimed;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.faults.FaultRuns.Run;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults before any request: nothing listening, a listener that never accepts, a TLS handshake that
 * fails or never ends. Each failed attempt stands for one request never issued (h2load's accounting),
 * so a counted run ends, and a timed run ends at its deadline whatever the connect timeout.
 */
class ConnectFaultTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_end_a_counted_run_against_a_refused_port_with_every_request_not_issued(Transport t)
            throws Exception {
        URI nothing = URI.create("http://127.0.0.1:" + freePort() + "/");
        Run run = run("refused-counted-" + t, LoadTest.target(nothing).protocol(t.protocol).clients(3).requests(30));
        assertCounted(run);
        assertEndedWithin(run, Duration.ZERO);
        assertThat(run.requests().notIssued()).as(run.report()).isEqualTo(30);
        assertThat(run.requests().started()).as(run.report()).isZero();
        assertThat(run.errors(ErrorCategory.REFUSED)).as(run.report()).isEqualTo(30);
        assertErrorsOnlyIn(run, ErrorCategory.REFUSED);
        assertThat(run.sample(ErrorCategory.REFUSED)).as(run.report()).containsIgnoringCase("refused");
        t.assertNextRunClean();
    }

    @Test
    void should_end_a_timed_run_against_a_refused_port_on_time() throws Exception {
        URI nothing = URI.create("http://127.0.0.1:" + freePort() + "/");
        Run run = run("refused-timed", LoadTest.target(nothing).clients(2).duration(Duration.ofSeconds(1)));
        assertTimed(run);
        assertEndedWithin(run, Duration.ofSeconds(1));
        assertThat(run.requests().started()).isZero();
        assertThat(run.errors(ErrorCategory.REFUSED)).as(run.report()).isPositive();
        assertErrorsOnlyIn(run, ErrorCategory.REFUSED);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_count_connect_timeouts_against_a_listener_that_never_accepts(Transport t) throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            Run run = run("connect-timeout-counted-" + t, LoadTest.target(blackhole.uri("/")).protocol(t.protocol)
                    .clients(2).requests(4).connectTimeout(Duration.ofMillis(300)));
            assertCounted(run);
            // two attempts per client, 300 ms each, plus the back-off between them
            assertEndedWithin(run, Duration.ofMillis(700));
            assertThat(run.requests().notIssued()).as(run.report()).isEqualTo(4);
            assertThat(run.errors(ErrorCategory.CONNECT_TIMEOUT)).as(run.report()).isEqualTo(4);
            assertErrorsOnlyIn(run, ErrorCategory.CONNECT_TIMEOUT);
        }
        t.assertNextRunClean();
    }

    @Test
    void should_say_what_timed_out_in_a_connect_timeout_message() throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            Run run = run("connect-timeout-message", LoadTest.target(blackhole.uri("/")).clients(1).requests(1)
                    .connectTimeout(Duration.ofMillis(300)));
            String sample = run.sample(ErrorCategory.CONNECT_TIMEOUT);
            assertThat(sample).as(run.report()).doesNotContain("NANOSECONDS").contains("300")
                    .containsIgnoringCase("connect");
        }
    }

    @Test
    void should_end_a_timed_run_on_time_while_connects_hang() throws Exception {
        try (BlackholeListener blackhole = BlackholeListener.start()) {
            assumeTrue(blackhole.connectHangs(), "this kernel completes connects to a full backlog");
            // the connect timeout (10 s by default) is far beyond the run's end: the end does not wait for it
            Run run = run("connect-timeout-timed", LoadTest.target(blackhole.uri("/")).clients(2)
                    .duration(Duration.ofSeconds(1)));
            assertTimed(run);
            assertEndedWithin(run, Duration.ofSeconds(1));
            assertThat(run.requests().started()).isZero();
            assertThat(run.requests().done()).isZero();
        }
        Transport.H1.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1_TLS", "H2_TLS"})
    void should_say_use_http_when_a_plain_text_server_answers_the_tls_handshake(Transport t) throws Exception {
        // an https URL pointing at a clear-text HTTP server: it answers the ClientHello with a 400 and closes
        FaultServer.Behaviour plain = conn -> {
            conn.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            conn.close();
        };
        try (FaultServer server = FaultServer.start(plain)) {
            URI https = URI.create("https://127.0.0.1:" + server.port() + "/");
            Run run = run("tls-plain-text-answer-" + t, LoadTest.target(https).protocol(t.protocol)
                    .sslContext(FaultTls.clientContext()).clients(2).requests(6));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().notIssued()).as(run.report()).isEqualTo(6);
            // a wrong setup (SetupException): its category is the run's business, its message says what to change
            assertThat(run.result().errors()).as(run.report()).hasSize(1);
            assertThat(run.result().errors().values().iterator().next().sampleMessage()).as(run.report())
                    .contains("does not speak TLS: use http://");
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1_TLS", "H2_TLS"})
    void should_count_a_tls_handshake_that_never_ends_as_a_connect_timeout(Transport t) throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.silent())) {
            URI https = URI.create("https://127.0.0.1:" + server.port() + "/");
            Run run = run("tls-handshake-hangs-" + t, LoadTest.target(https).protocol(t.protocol)
                    .sslContext(FaultTls.clientContext()).clients(2).requests(4)
                    .connectTimeout(Duration.ofMillis(300)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ofMillis(700));
            assertThat(run.requests().notIssued()).as(run.report()).isEqualTo(4);
            assertThat(run.errors(ErrorCategory.CONNECT_TIMEOUT)).as(run.report()).isEqualTo(4);
            assertErrorsOnlyIn(run, ErrorCategory.CONNECT_TIMEOUT);
        }
        t.assertNextRunClean();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1_TLS", "H2_TLS"})
    void should_refuse_a_certificate_it_does_not_trust(Transport t) throws Exception {
        try (FaultServer server = t.server(t.http2() ? H2Faults.ok() : Http1Faults.ok())) {
            Run run = run("tls-untrusted-" + t, LoadTest.target(server.uri("/")).protocol(t.protocol).clients(1)
                    .requests(3));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.errors(ErrorCategory.TLS)).as(run.report()).isEqualTo(3);
            assertErrorsOnlyIn(run, ErrorCategory.TLS);
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void should_say_when_the_server_does_not_speak_the_protocol_asked_for() throws Exception {
        // h2c prior knowledge against an HTTP/1.1-only server: it answers the preface with a 400 and closes
        try (FaultServer server = FaultServer.start(Http1Faults.raw(1,
                "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))) {
            Run run = run("h2c-against-h1-server", LoadTest.target(server.uri("/")).protocol(Protocol.HTTP_2)
                    .clients(1).requests(3).requestTimeout(Duration.ofSeconds(5)));
            assertCounted(run);
            assertEndedWithin(run, Duration.ZERO);
            assertThat(run.requests().succeeded()).isZero();
            // a wrong setup (SetupException): its category is the run's business, its message says what to change
            assertThat(run.result().errors()).as(run.report()).hasSize(1);
            assertThat(run.result().errors().values().iterator().next().sampleMessage()).as(run.report())
                    .contains("answered HTTP/1.1 to HTTP/2 prior knowledge: use --h1");
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
