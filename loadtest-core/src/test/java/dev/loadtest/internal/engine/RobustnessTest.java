package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.PipeliningProbeServer;
import dev.loadtest.testing.TestServer;
import dev.loadtest.testing.Threads;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs that end on time and account for every request whatever the server does. Time bounds are
 * generous (a loaded 2-core machine): they catch a hang, not a slow run.
 */
class RobustnessTest {

    @Test
    void should_pipeline_http1_requests_when_streams_exceed_one() throws Exception {
        try (PipeliningProbeServer server = PipeliningProbeServer.start()) {
            Result r = LoadTest.target(server.uri("/")).clients(1).streams(10).requests(50).run();
            assertThat(r.requests().succeeded()).isEqualTo(50);
            assertThat(server.requestCount()).isEqualTo(50);
            assertThat(server.maxRequestsSeenBeforeFirstResponse()).isGreaterThan(1);
        }
    }

    @Test
    void should_not_pipeline_with_one_stream() throws Exception {
        try (PipeliningProbeServer server = PipeliningProbeServer.start()) {
            Result r = LoadTest.target(server.uri("/")).clients(1).streams(1).requests(5).run();
            assertThat(r.requests().succeeded()).isEqualTo(5);
            assertThat(server.maxRequestsSeenBeforeFirstResponse()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_end_a_counted_run_against_a_refused_port_with_every_request_errored(Protocol protocol)
            throws Exception {
        URI nothing = URI.create("http://127.0.0.1:" + freePort() + "/");
        long start = System.nanoTime();
        Result r = LoadTest.target(nothing).protocol(protocol).clients(3).requests(30).run();

        // about a second of refused connects, then every client gives up (issue 12; was n/c back-offs)
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(r.requests().done()).as("never sent, so not done (h2load: 0 done)").isZero();
        assertThat(r.requests().errored()).isEqualTo(30);
        assertThat(r.requests().notIssued()).isEqualTo(30);
        assertThat(r.requests().failed()).isEqualTo(30);
        assertThat(r.requests().started()).isZero();
        assertThat(r.errorCount(ErrorCategory.REFUSED)).isEqualTo(30);
        assertThat(r.errors().get(ErrorCategory.REFUSED).sampleMessage()).contains("Connect");
        assertThat(r.toString()).contains("connection refused:");
    }

    @Test
    void should_end_a_timed_run_on_time_against_a_refused_port() throws Exception {
        URI nothing = URI.create("http://127.0.0.1:" + freePort() + "/");
        long start = System.nanoTime();
        Result r = LoadTest.target(nothing).clients(2).duration(Duration.ofMillis(500)).run();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(r.requests().started()).isZero();
        assertThat(r.errorCount(ErrorCategory.REFUSED)).isPositive();
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_time_out_requests_the_server_does_not_answer(Protocol protocol) {
        try (TestServer server = TestServer.h2c()) {
            long start = System.nanoTime();
            Result r = LoadTest.target(server.uri("/slow/5000")).protocol(protocol).clients(2).streams(2)
                    .requests(8).requestTimeout(Duration.ofMillis(200)).run();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
            assertThat(r.requests().done()).isEqualTo(8);
            assertThat(r.requests().timeout()).isEqualTo(8);
            assertThat(r.requests().errored()).isEqualTo(8);
            assertThat(r.errorCount(ErrorCategory.REQUEST_TIMEOUT)).isEqualTo(8);
        }
    }

    @Test
    void should_end_a_timed_run_on_time_while_requests_hang() {
        try (TestServer server = TestServer.h2c()) {
            long start = System.nanoTime();
            Result r = LoadTest.target(server.uri("/slow/10000")).clients(4).streams(2)
                    .duration(Duration.ofMillis(500)).run();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
            assertThat(r.duration()).isEqualTo(Duration.ofMillis(500));
            assertThat(r.requests().started()).isEqualTo(8);
            assertThat(r.requests().done()).isZero();
            assertThat(r.requests().inFlightAtEnd()).isEqualTo(8);
        }
    }

    @Test
    void should_measure_the_duration_after_the_warm_up_only() {
        try (TestServer server = TestServer.h2c()) {
            Result r = LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofMillis(400))
                    .warmUp(Duration.ofMillis(300)).run();
            assertThat(r.duration()).isEqualTo(Duration.ofMillis(400));
            // the server saw the warm-up's requests too; the result counts only the measured ones
            assertThat(server.requestCount()).isGreaterThan(r.requests().started());
            assertThat(r.requests().done()).isPositive();
        }
    }

    @Test
    void should_refuse_an_untrusted_certificate_and_say_so() {
        try (TestServer server = TestServer.tls()) {
            Result r = LoadTest.target(server.uri("/hello")).clients(1).requests(3).run();
            assertThat(r.requests().succeeded()).isZero();
            assertThat(r.requests().errored()).isEqualTo(3);
            assertThat(r.errorCount(ErrorCategory.TLS)).isEqualTo(3);
            assertThat(server.requestCount()).isZero();
        }
    }

    @Test
    void should_trust_any_certificate_only_when_asked_and_report_it() {
        try (TestServer server = TestServer.tls()) {
            Result r = LoadTest.target(server.uri("/hello")).insecureTrustAll().clients(1).requests(3).run();
            assertThat(r.requests().succeeded()).isEqualTo(3);
            assertThat(r.protocol()).isEqualTo("h2");
            assertThat(r.toString()).contains("certificates NOT verified");
        }
    }

    @Test
    void should_speak_http1_over_tls_when_asked() {
        try (TestServer server = TestServer.tls()) {
            Result r = LoadTest.target(server.uri("/bytes/1000")).sslContext(server.sslContext())
                    .protocol(Protocol.HTTP_1_1).clients(2).requests(20).run();
            assertThat(r.protocol()).isEqualTo("http/1.1");
            assertThat(r.requests().succeeded()).isEqualTo(20);
            assertThat(r.traffic().dataBytes()).isEqualTo(20_000);
            assertThat(server.requestsByProtocol()).containsOnlyKeys("HTTP/1.1");
        }
    }

    @Test
    void should_stop_from_another_thread_with_a_partial_result() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            LoadTestRun run = LoadTest.target(server.uri("/hello")).clients(2)
                    .duration(Duration.ofSeconds(60)).start();
            // the server counts a request on arrival: a third one, with 2 clients of 1 stream, means a response done
            Await.assertUntil("a response done", () -> server.requestCount() >= 3, Duration.ofSeconds(10));
            run.stop();
            Result r = run.result().get(10, TimeUnit.SECONDS);
            assertThat(r.stopped()).isTrue();
            assertThat(r.duration()).isLessThan(Duration.ofSeconds(10));
            assertThat(r.requests().done()).isPositive();
            assertThat(r.toString()).contains("stopped before its end");
        }
        assertThat(Threads.engineThreadsAfterRun()).isEmpty();
    }

    @Test
    void should_stop_when_the_running_thread_is_interrupted() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            AtomicReference<Result> result = new AtomicReference<>();
            AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
            Thread runner = new Thread(() -> {
                result.set(LoadTest.target(server.uri("/hello")).clients(1).duration(Duration.ofSeconds(60)).run());
                interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
            runner.start();
            Await.assertUntil("the run under way", () -> server.requestCount() > 0, Duration.ofSeconds(10));
            runner.interrupt();
            runner.join(10_000);
            assertThat(runner.isAlive()).isFalse();
            assertThat(result.get().stopped()).isTrue();
            assertThat(interruptedAfter.get()).isTrue();
        }
    }

    @Test
    void should_run_many_times_in_one_jvm_without_leaking_threads() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            for (int i = 0; i < 30; i++) {
                CompletableFuture<Result> f = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2)
                        .clients(2).streams(2).requests(20).start().result();
                assertThat(f.get(10, TimeUnit.SECONDS).requests().succeeded()).isEqualTo(20);
            }
        }
        assertThat(Threads.engineThreadsAfterRun()).isEmpty();
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
