package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** {@code loadtest.budget.scale} and {@code loadtest.budget.mode}, as launcher parameters and system properties. */
class ConfigurationParametersTest {

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @KitFixture
    static class ImpossibleBudgets {
        @Test
        @PerformanceBudget(p99 = "1ns", minThroughput = 1e9)
        void impossible(LoadTester load) {
            load.run(LoadTest.target(server.uri("/hello")).clients(2).requests(200));
        }
    }

    @KitFixture
    static class GenerousBudgets {
        @Test
        @PerformanceBudget(p99 = "10s", minThroughput = 1)
        void generous(LoadTester load) {
            load.run(LoadTest.target(server.uri("/hello")).clients(2).requests(200));
        }
    }

    @Test
    void should_multiply_latency_limits_and_divide_throughput_minima_by_the_scale() {
        // 1 ns x 1e12 = 1000 s; 1e9 req/s / 1e12 = 0.001 req/s: met on any machine
        Kit.run(ImpossibleBudgets.class, PerformanceBudget.SCALE_PROPERTY_NAME, "1e12")
                .testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    }

    @Test
    void should_show_the_scaled_requirement_and_what_it_was_scaled_from() {
        // 10 s x 1e-12 = 0.01 ns, rounded to 0; 1 req/s / 1e-12 = 1e12 req/s: breached on any machine
        String message = Kit.failureMessage(
                Kit.run(GenerousBudgets.class, PerformanceBudget.SCALE_PROPERTY_NAME, "0.000000000001"));

        assertThat(message).startsWith("performance budget breached: 2 of 2 budgets")
                .contains("  p99 response time: required <= 0ns (10s × 0.000000000001), actual ")
                .contains("  throughput: required >= 1000000000000 req/s (1 / 0.000000000001), actual ");
    }

    @Test
    void should_only_report_a_breach_in_report_mode() {
        EngineExecutionResults results = Kit.run(ImpossibleBudgets.class,
                PerformanceBudget.MODE_PROPERTY_NAME, "report");

        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(Kit.reportEntries(results, LoadTestExtension.BREACHES_ENTRY)).singleElement()
                .asString().startsWith("performance budget breached: 2 of 2 budgets").doesNotContain("finished in");
        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_ENTRY)).singleElement()
                .asString().contains("budgets (report only):", "  BREACHED  p99 response time: required <= 1ns");
    }

    @Test
    void should_accept_the_mode_in_any_case() {
        Kit.run(ImpossibleBudgets.class, PerformanceBudget.MODE_PROPERTY_NAME, " Report ")
                .testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        Kit.run(ImpossibleBudgets.class, PerformanceBudget.MODE_PROPERTY_NAME, "ENFORCE")
                .testEvents().assertStatistics(s -> s.started(1).failed(1));
    }

    @Test
    void should_fail_with_the_parameter_its_value_and_the_rule_when_malformed() {
        long requestsBefore = server.requestCount();

        assertThat(Kit.failureMessage(Kit.run(GenerousBudgets.class, PerformanceBudget.SCALE_PROPERTY_NAME, "fast")))
                .isEqualTo("loadtest.budget.scale (fast) must be a number > 0, e.g. 2 to allow twice the latency "
                        + "and half the throughput");
        assertThat(Kit.failureMessage(Kit.run(GenerousBudgets.class, PerformanceBudget.SCALE_PROPERTY_NAME, "0")))
                .startsWith("loadtest.budget.scale (0) must be a number > 0");
        assertThat(Kit.failureMessage(Kit.run(GenerousBudgets.class, PerformanceBudget.SCALE_PROPERTY_NAME,
                "Infinity"))).startsWith("loadtest.budget.scale (Infinity) must be a number > 0");
        assertThat(Kit.failureMessage(Kit.run(GenerousBudgets.class, PerformanceBudget.MODE_PROPERTY_NAME, "warn")))
                .isEqualTo("loadtest.budget.mode (warn) must be enforce or report");
        assertThat(server.requestCount()).as("no load was sent").isEqualTo(requestsBefore);
    }

    @Test
    @ResourceLock("java.lang.System.properties")
    void should_read_system_properties_below_launcher_parameters() {
        System.setProperty(PerformanceBudget.MODE_PROPERTY_NAME, "report");
        try {
            Kit.runWithImplicitParameters(ImpossibleBudgets.class)
                    .testEvents().assertStatistics(s -> s.started(1).succeeded(1));
            Kit.runWithImplicitParameters(ImpossibleBudgets.class, PerformanceBudget.MODE_PROPERTY_NAME, "enforce")
                    .testEvents().assertStatistics(s -> s.started(1).failed(1));
        } finally {
            System.clearProperty(PerformanceBudget.MODE_PROPERTY_NAME);
        }
    }
}
