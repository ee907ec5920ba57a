package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import dev.loadtest.testing.Threads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The injected {@link LoadTester}: several runs, no run, misuse, parallel tests, nothing left behind. */
class LoadTesterTest {

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder get(String path, int requests) {
        return LoadTest.target(server.uri(path)).clients(2).requests(requests);
    }

    @KitFixture
    static class TwoRuns {
        static volatile List<Result> results;

        @Test
        @PerformanceBudget(noNon2xx = true)
        void second_run_breaches(LoadTester load) {
            Result first = load.run(get("/hello", 100));
            Result second = load.run(get("/status/500", 120));
            results = load.results();
            assertThat(results).containsExactly(first, second);
        }
    }

    @Test
    void should_check_each_run_and_name_the_one_that_breached() {
        String message = Kit.failureMessage(Kit.run(TwoRuns.class));

        assertThat(message).startsWith("performance budget breached in run 2 of 2: 1 of 1 budget"
                + System.lineSeparator() + "  non-2xx responses: required none, actual 120 {500=120}")
                .contains("requests: 120 total")
                .doesNotContain("requests: 100 total")
                .doesNotContain("run 1 of 2");
        assertThat(TwoRuns.results).extracting(r -> r.requests().total()).containsExactly(100L, 120L);
    }

    @KitFixture
    static class NoRun {
        @Test
        @PerformanceBudget(p99 = "10s")
        void declares_a_budget_but_runs_nothing() {
        }

        @Test
        void takes_a_tester_under_a_class_budget_but_runs_nothing(LoadTester load) {
        }

        @Test
        @PerformanceBudget(p99 = "10s")
        void fails_before_its_run(LoadTester load) {
            throw new IllegalStateException("the test's own failure");
        }
    }

    @KitFixture
    @LatencyBudget(percentile = 99, max = "10s")
    static class NoRunUnderClassBudget extends NoRun {
    }

    @Test
    void should_fail_a_test_with_budgets_that_ran_no_load_through_its_tester() {
        EngineExecutionResults results = Kit.run(NoRunUnderClassBudget.class);

        results.testEvents().assertStatistics(s -> s.started(3).failed(3));
        assertThat(results.testEvents().failed().stream().map(e -> Kit.failure(e).getMessage()))
                .containsExactlyInAnyOrder(
                        NoRunUnderClassBudget.class.getName() + ".declares_a_budget_but_runs_nothing() has "
                                + "performance budgets but ran no load test through its LoadTester: take a LoadTester "
                                + "parameter and call load.run(...), or the budgets pass without measuring anything",
                        NoRunUnderClassBudget.class.getName() + ".takes_a_tester_under_a_class_budget_but_runs_nothing()"
                                + " has performance budgets but ran no load test through its LoadTester: take a "
                                + "LoadTester parameter and call load.run(...), or the budgets pass without measuring "
                                + "anything",
                        "the test's own failure");
    }

    @KitFixture
    static class Misuse {
        @BeforeEach
        void setUp(LoadTester load) {
        }

        @Test
        @PerformanceBudget(p99 = "10s")
        void not_in_before_each(LoadTester load) {
        }
    }

    @Test
    void should_refuse_a_tester_outside_a_test_method() {
        assertThat(Kit.failureMessage(Kit.run(Misuse.class)))
                .startsWith("a LoadTester can only be a parameter of a test method, not of ")
                .contains("setUp");
    }

    @KitFixture
    static class Keeper {
        static volatile LoadTester kept;

        @Test
        @PerformanceBudget(p99 = "10s")
        void keeps_its_tester(LoadTester load) {
            kept = load;
            load.run(get("/hello", 10));
        }
    }

    @Test
    void should_refuse_runs_after_the_test_ended() {
        Kit.run(Keeper.class).testEvents().assertStatistics(s -> s.succeeded(1));

        assertThatThrownBy(() -> Keeper.kept.run(get("/hello", 10)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the LoadTester of " + Keeper.class.getName() + ".keeps_its_tester() was used after its "
                        + "test ended: a LoadTester belongs to one test invocation");
        assertThat(Keeper.kept.results()).hasSize(1);
    }

    @KitFixture
    @Execution(ExecutionMode.CONCURRENT)
    static class Parallel {
        static final Map<Integer, List<Result>> SEEN = new ConcurrentHashMap<>();

        @ParameterizedTest
        @ValueSource(ints = {100, 120, 140, 160, 180, 200})
        @PerformanceBudget(maxErrorRate = 0, p99 = "10s")
        void concurrently(int requests, LoadTester load) {
            load.run(get("/hello", requests));
            SEEN.put(requests, load.results());
        }
    }

    @Test
    void should_keep_parallel_tests_apart(@TempDir Path reports) throws IOException {
        Parallel.SEEN.clear();

        EngineExecutionResults results = Kit.run(Parallel.class,
                "junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.config.strategy", "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "3",
                PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME, reports.toString());

        results.testEvents().assertStatistics(s -> s.started(6).succeeded(6));
        assertThat(Parallel.SEEN).hasSize(6).allSatisfy((requests, seen) ->
                assertThat(seen).singleElement().extracting(r -> r.requests().total()).isEqualTo((long) requests));
        Path dir = reports.resolve(Parallel.class.getName());
        for (int i = 1; i <= 6; i++) {
            long requests = 80 + 20L * i;
            assertThat(Files.readString(dir.resolve("concurrently-" + i + ".txt")))
                    .contains("requests: " + requests + " total");
        }
    }

    @Test
    void should_leave_no_engine_thread_behind_after_many_load_tests() throws InterruptedException {
        Kit.run(TwoRuns.class);
        Kit.run(Keeper.class);
        Kit.run(Parallel.class, "junit.jupiter.execution.parallel.enabled", "true");

        assertThat(Threads.engineThreadsAfterRun()).isEmpty();
    }
}
