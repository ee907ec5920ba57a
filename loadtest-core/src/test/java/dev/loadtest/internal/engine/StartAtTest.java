package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartAtTest {

    @Test
    void should_return_at_once_and_send_nothing_before_the_start_time() throws Exception {
        try (TestServer server = TestServer.http1()) {
            // 3 s ahead: far enough that a loaded machine is still before it when the counts are checked
            Instant at = Instant.now().plusSeconds(3);
            LoadTestRun run = LoadTest.target(server.uri("/")).clients(2).requests(20).startAt(at).start();
            assertThat(Instant.now()).as("start() returned before the start time").isBefore(at.minusMillis(1_500));
            Thread.sleep(700);
            long requests = server.requestCount();
            long connections = server.connectionsOpened();
            assertThat(Instant.now()).as("counts read before the start time (else the machine stalled)").isBefore(at);
            assertThat(requests).isZero();
            assertThat(connections).isZero();
            Result r = run.result().get(20, TimeUnit.SECONDS);
            assertThat(Instant.now()).isAfterOrEqualTo(at);
            assertThat(r.requests().done()).isEqualTo(20);
            assertThat(r.stopped()).isFalse();
        }
    }

    @Test
    void should_give_an_empty_stopped_result_when_stopped_before_the_start() throws Exception {
        try (TestServer server = TestServer.http1()) {
            LoadTestRun run = LoadTest.target(server.uri("/")).clients(2).duration(Duration.ofSeconds(30))
                    .startAt(Instant.now().plusSeconds(60)).start();
            Thread.sleep(100);
            run.stop();
            Result r = run.result().get(10, TimeUnit.SECONDS);
            assertThat(r.stopped()).isTrue();
            assertThat(r.requests().done()).isZero();
            assertThat(server.connectionsOpened()).isZero();
        }
    }

    @Test
    void should_give_an_empty_stopped_result_when_a_rate_driven_run_is_stopped_before_the_start() throws Exception {
        try (TestServer server = TestServer.http1()) {
            LoadTestRun run = LoadTest.target(server.uri("/")).clients(2).rate(100).duration(Duration.ofSeconds(30))
                    .startAt(Instant.now().plusSeconds(60)).start();
            run.stop();
            Result r = run.result().get(10, TimeUnit.SECONDS);
            assertThat(r.stopped()).isTrue();
            assertThat(r.requests().started()).isZero();
            assertThat(server.connectionsOpened()).isZero();
        }
    }

    @Test
    void should_start_at_once_with_a_start_time_already_past() throws Exception {
        try (TestServer server = TestServer.http1()) {
            Result r = LoadTest.target(server.uri("/")).clients(1).requests(5)
                    .startAt(Instant.now().minusSeconds(5)).run();
            assertThat(r.requests().done()).isEqualTo(5);
        }
    }
}
