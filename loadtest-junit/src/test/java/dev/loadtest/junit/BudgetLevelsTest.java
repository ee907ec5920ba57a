package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/** Class-level defaults, method overrides, {@code inherit = false}, {@code @Nested} and superclasses. */
class BudgetLevelsTest {

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.http1();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder hello() {
        return LoadTest.target(server.uri("/hello")).clients(2).requests(200);
    }

    /** The failure message of each failed test, by method name. */
    static String messageOf(EngineExecutionResults results, String method) {
        List<Event> failed = results.testEvents().failed().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().startsWith(method + "(")).toList();
        assertThat(failed).as("failed tests named " + method).hasSize(1);
        return failed.get(0).getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow().getMessage();
    }

    static List<String> succeeded(EngineExecutionResults results) {
        return results.testEvents().succeeded().stream()
                .map(e -> e.getTestDescriptor().getDisplayName().replaceAll("\\(.*", "")).sorted().toList();
    }

    @KitFixture
    @PerformanceBudget(p99 = "1ns", minThroughput = 1)
    static class ClassDefaults {
        @Test
        void inherits_the_class_budget(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p99 = "10s")
        void replaces_p99_keeps_throughput(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p99 = "10s", minThroughput = 1e9)
        void replaces_both(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(inherit = false, mean = "10s")
        void starts_afresh(LoadTester load) {
            load.run(hello());
        }

        @Test
        @LatencyBudget(percentile = 99, max = "10s")
        void latency_budget_replaces_the_same_percentile(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p99 = "10s", of = LatencyKind.SERVICE_TIME)
        void service_time_is_another_budget(LoadTester load) {
            load.run(hello());
        }

        @Test
        void a_test_without_load_is_left_alone() {
        }
    }

    @Test
    void should_apply_class_budgets_to_methods_that_override_them_attribute_by_attribute() {
        EngineExecutionResults results = Kit.run(ClassDefaults.class);

        assertThat(succeeded(results)).containsExactly("a_test_without_load_is_left_alone",
                "latency_budget_replaces_the_same_percentile", "replaces_p99_keeps_throughput", "starts_afresh");
        assertThat(messageOf(results, "inherits_the_class_budget"))
                .startsWith("performance budget breached: 1 of 2 budgets")
                .contains("p99 response time: required <= 1ns");
        assertThat(messageOf(results, "replaces_both"))
                .startsWith("performance budget breached: 1 of 2 budgets")
                .contains("throughput: required >= 1000000000 req/s");
        assertThat(messageOf(results, "service_time_is_another_budget"))
                .startsWith("performance budget breached: 1 of 3 budgets")
                .contains("p99 response time: required <= 1ns");
    }

    @KitFixture
    @PerformanceBudget(noNon2xx = true, minThroughput = 1e9)
    static class Outer {
        @Nested
        @PerformanceBudget(minThroughput = 1)
        class Inner {
            @Test
            void nested_test(LoadTester load) {
                load.run(LoadTest.target(server.uri("/status/404")).clients(2).requests(200));
            }

            @Nested
            @PerformanceBudget(inherit = false, maxErrorRate = 1)
            class Innermost {
                @Test
                void afresh(LoadTester load) {
                    load.run(LoadTest.target(server.uri("/status/404")).clients(2).requests(200));
                }
            }
        }
    }

    @Test
    void should_apply_enclosing_class_budgets_to_nested_classes() {
        EngineExecutionResults results = Kit.run(Outer.class);

        assertThat(succeeded(results)).containsExactly("afresh");
        assertThat(messageOf(results, "nested_test"))
                .startsWith("performance budget breached: 1 of 2 budgets")
                .contains("non-2xx responses: required none, actual 200 {404=200}");
    }

    @PerformanceBudget(p99 = "1ns", minThroughput = 1e9)
    abstract static class BaseBudget {
    }

    @KitFixture
    @PerformanceBudget(p99 = "10s")
    static class Sub extends BaseBudget {
        @Test
        void inherits_throughput_from_the_superclass(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_merge_a_subclass_budget_with_its_superclass_attribute_by_attribute() {
        String message = Kit.failureMessage(Kit.run(Sub.class));

        assertThat(message).startsWith("performance budget breached: 1 of 2 budgets")
                .contains("throughput: required >= 1000000000 req/s");
    }

    @KitFixture
    static class Misdeclared {
        @Test
        @PerformanceBudget(p99 = "25")
        void no_unit(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p99 = "25ms")
        @LatencyBudget(percentile = 99, max = "30ms")
        void twice(LoadTester load) {
            load.run(hello());
        }

        @Test
        @LatencyBudget(percentile = 101, max = "30ms")
        void percentile_out_of_range(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(maxErrorRate = 2)
        void error_rate_over_one(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_refuse_malformed_budgets_before_running_any_load() {
        long requestsBefore = server.requestCount();
        EngineExecutionResults results = Kit.run(Misdeclared.class);

        results.testEvents().assertStatistics(s -> s.started(4).failed(4));
        String where = Misdeclared.class.getName();
        assertThat(messageOf(results, "no_unit")).isEqualTo("@PerformanceBudget(p99 = \"25\") on " + where
                + ".no_unit(): \"25\" is not a duration: write a number and a unit (ns, us, ms, s, m), e.g. \"25ms\"");
        assertThat(messageOf(results, "twice")).isEqualTo("@LatencyBudget(percentile = 99) on " + where
                + ".twice() sets the p99 response time budget a second time on the same element: keep one");
        assertThat(messageOf(results, "percentile_out_of_range")).contains("percentile (101) must be > 0 and <= 100");
        assertThat(messageOf(results, "error_rate_over_one")).isEqualTo("@PerformanceBudget on " + where
                + ".error_rate_over_one(): maxErrorRate (2.0) must be within [0, 1]");
        assertThat(server.requestCount()).as("no load was sent").isEqualTo(requestsBefore);
    }
}
