package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.CapacityAnswer.Conclusion;
import dev.loadtest.testing.PermitServer;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The capacity search with the engine, against real servers: one whose capacity is known (permits x service
 * time) and one faster than the generator's connections. Short steps (0.5 s warm-up + 1 s) at small rates, so
 * the whole class takes about half a minute on a quiet 2-core machine.
 *
 * <p>Load-sensitive, honestly: on a machine so busy that our scheduler lags (verdict generator-saturated), a step
 * whose server kept up is run again, and twice ends the search as generator-limited; the known-capacity test then
 * fails, saying so in its message (the step table). Each test first warms the JVM with a short run: the first
 * requests of a cold JVM take up to a second (class loading, JIT), which a 0.5 s step warm-up does not cover.
 */
class CapacityEngineTest {

    private static void warmUp(java.net.URI uri) {
        LoadTest.target(uri).clients(2).rate(100).duration(Duration.ofSeconds(1)).run();
    }

    @Test
    @Timeout(120)
    void should_find_the_capacity_of_a_server_with_known_capacity_within_ten_percent() {
        try (PermitServer server = PermitServer.start(4, Duration.ofMillis(10))) {
            // 16 connections for 4 permits: above its capacity requests queue in the server, where they show
            warmUp(server.uri());
            LoadTest.Builder template = LoadTest.target(server.uri()).clients(16);
            long start = System.nanoTime();

            CapacityAnswer answer = Capacity.of(template, Objective.empty().maxResponseTime(99, Duration.ofMillis(50)))
                    .startRate(100).stepWarmUp(Duration.ofMillis(500)).stepDuration(Duration.ofSeconds(1)).run();

            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(answer.conclusion()).as("%s", answer).isEqualTo(Conclusion.FOUND);
            assertThat(answer.capacity().getAsDouble()).as("%s", answer).isBetween(360.0, 440.0);
            assertThat(answer.steps().size()).as("%s", answer).isLessThanOrEqualTo(12);
            // generous: 12 steps of 1.5 s are 18 s
            assertThat(took).as("%s", answer).isLessThan(Duration.ofSeconds(60));
        }
    }

    @Test
    @Timeout(60)
    void should_say_limited_by_the_generator_when_the_connections_cannot_carry_the_rate() {
        try (TestServer server = TestServer.http1()) {
            // one connection, one request at a time, 1 ms a response: about 900 req/s at most, whatever the server
            warmUp(server.uri("/slow/1"));
            LoadTest.Builder template = LoadTest.target(server.uri("/slow/1")).clients(1).streams(1);

            CapacityAnswer answer = Capacity.of(template, Objective.empty().maxResponseTime(99, Duration.ofSeconds(2)))
                    .startRate(200).stepWarmUp(Duration.ofMillis(500)).stepDuration(Duration.ofSeconds(1)).run();

            assertThat(answer.conclusion()).as("%s", answer).isEqualTo(Conclusion.GENERATOR_LIMITED);
            assertThat(answer.capacity()).isEmpty();
            assertThat(answer.summary()).startsWith("limited by the load generator at ");
            assertThat(answer.generatorRate().getAsDouble()).isLessThan(1_000);
        }
    }
}
