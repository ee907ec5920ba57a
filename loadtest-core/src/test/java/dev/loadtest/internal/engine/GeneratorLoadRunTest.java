package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The generator's own load as a real run measures it, against Jetty in this JVM (so its CPU is in the figure). */
class GeneratorLoadRunTest {

    @Test
    void should_measure_the_generators_cpu_and_heap_for_the_run_and_each_interval() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            Result r = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(2).streams(2)
                    .threads(1).duration(Duration.ofMillis(1_200)).interval(Duration.ofMillis(300)).run();

            assertThat(r.generator()).isPresent();
            assertWithinItsCores(r.generator().get());
            assertThat(r.generator().get().elapsed()).isPositive();
            assertThat(r.intervals()).isNotEmpty();
            for (Interval i : r.intervals()) {
                assertThat(i.generator()).as("interval at %s", i.start()).isPresent();
                assertWithinItsCores(i.generator().get());
            }
            // the run's heap is the highest seen, so no interval's is above it
            long peak = r.intervals().stream().mapToLong(i -> i.generator().get().heapUsedBytes()).max().orElseThrow();
            assertThat(r.generator().get().heapUsedBytes()).isGreaterThanOrEqualTo(peak);
            assertThat(r.toString()).contains("generator: cpu ");
        }
    }

    @Test
    void should_not_call_a_short_counted_run_saturated() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            // shorter than one interval: no cut while the I/O threads ran, so the rule has nothing to judge
            Result r = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(1).requests(20).run();

            assertThat(r.verdict()).isEqualTo(Verdict.OK);
            assertThat(r.generator()).isPresent();
        }
    }

    private static void assertWithinItsCores(GeneratorLoad g) {
        assertThat(g.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(g.coresUsed()).isBetween(0.0, (double) g.cores());
        assertThat(g.cpuShare()).isBetween(0.0, 1.0);
        assertThat(g.heapUsedBytes()).isPositive();
        assertThat(g.heapCommittedBytes()).isGreaterThanOrEqualTo(g.heapUsedBytes());
    }
}
