package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Budgets met and breached, run by JUnit's own engine against a real server: each fixture test is one
 * short load run (200 requests); budgets that must pass are generous, those that must fail impossible.
 */
class PerformanceBudgetTest {

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder hello() {
        return LoadTest.target(server.uri("/hello")).clients(2).requests(200);
    }

    @KitFixture
    static class MetBudgets {
        @Test
        @PerformanceBudget(p50 = "10s", p90 = "10s", p95 = "10s", p99 = "10s", p999 = "10s", mean = "10s",
                max = "10s", minThroughput = 1, maxErrorRate = 0, noNon2xx = true)
        void generous(LoadTester load) {
            load.run(hello());
        }

        @Test
        @LatencyBudget(percentile = 99.99, max = "10s", of = LatencyKind.SERVICE_TIME)
        @LatencyBudget(percentile = 99.99, max = "10s")
        void latency_budgets_alone(LoadTester load) {
            load.run(hello().build());
        }
    }

    @Test
    void should_pass_a_test_whose_run_meets_every_budget() {
        EngineExecutionResults results = Kit.run(MetBudgets.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2).failed(0));
    }

    @KitFixture
    static class StepOfARunWithoutSteps {
        @Test
        @PerformanceBudget(p99 = "10s")
        @LatencyBudget(step = "checkout", percentile = 99, max = "10s")
        void budget_of_a_step(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_fail_a_budget_naming_a_step_the_run_does_not_have() {
        String message = Kit.failureMessage(Kit.run(StepOfARunWithoutSteps.class));

        assertThat(message).startsWith("performance budget breached: 1 of 2 budgets" + System.lineSeparator()
                + "  p99 response time of step checkout: required <= 10s, actual no step named checkout (the run had "
                + "no steps: it ran single requests, not a scenario)");
    }

    @KitFixture
    static class ImpossibleLatency {
        @Test
        @PerformanceBudget(p99 = "1ns")
        void too_fast_to_be_true(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_fail_with_the_breached_budget_as_required_and_actual_followed_by_the_report() {
        String message = Kit.failureMessage(Kit.run(ImpossibleLatency.class));

        assertThat(message).startsWith("performance budget breached: 1 of 1 budget" + System.lineSeparator()
                + "  p99 response time: required <= 1ns, actual ");
        // then the target, and a blank line
        assertThat(message).containsPattern("actual [0-9.]+(ns|us|ms|s)\\R"
                + "  target: GET http://127\\.0\\.0\\.1:\\d+/hello\\R\\R");
        assertThat(message).contains("finished in ", "requests: 200 total, 200 started, 200 done, 200 succeeded",
                "status codes: 200 2xx", "time for request:");
    }

    @KitFixture
    static class SeveralBreaches {
        @Test
        @PerformanceBudget(p99 = "1ns", mean = "1ns", max = "10s", minThroughput = 1e9, maxErrorRate = 0.5)
        void fails_three_of_five(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_list_every_breached_budget_and_only_those() {
        String message = Kit.failureMessage(Kit.run(SeveralBreaches.class));

        assertThat(message).startsWith("performance budget breached: 3 of 5 budgets")
                .contains("  p99 response time: required <= 1ns, actual ")
                .contains("  mean response time: required <= 1ns, actual ")
                .contains("  throughput: required >= 1000000000 req/s, actual ")
                .doesNotContain("max response time")
                .doesNotContain("error rate");
    }

    @KitFixture
    static class FailingStatuses {
        @Test
        @PerformanceBudget(maxErrorRate = 0.001)
        void server_errors(LoadTester load) {
            load.run(LoadTest.target(server.uri("/status/503")).clients(2).requests(200));
        }

        @Test
        @PerformanceBudget(noNon2xx = true)
        void not_found(LoadTester load) {
            load.run(LoadTest.target(server.uri("/status/404")).clients(2).requests(200));
        }

        @Test
        @PerformanceBudget(noNon2xx = true)
        void redirects(LoadTester load) {
            load.run(LoadTest.target(server.uri("/status/302")).clients(2).requests(200));
        }
    }

    @Test
    void should_fail_on_error_rate_and_on_non_2xx_statuses() {
        EngineExecutionResults results = Kit.run(FailingStatuses.class);

        results.testEvents().assertStatistics(s -> s.started(3).failed(3));
        assertThat(results.testEvents().failed().stream().map(e -> Kit.failure(e).getMessage()))
                .anySatisfy(m -> assertThat(m).contains(
                        "  error rate: required <= 0.1%, actual 100% (200 of 200 requests failed: statuses {503=200})"))
                .anySatisfy(m -> assertThat(m).contains("  target: GET http://127.0.0.1:").contains("/status/503\n"))
                .anySatisfy(m -> assertThat(m).contains("  non-2xx responses: required none, actual 200 {404=200}"))
                .anySatisfy(m -> assertThat(m).contains("  non-2xx responses: required none, actual 200 {302=200}"));
    }

    @KitFixture
    static class ServiceTime {
        @Test
        @LatencyBudget(percentile = 99.9, max = "1ns", of = LatencyKind.SERVICE_TIME)
        @LatencyBudget(percentile = 99.9, max = "10s")
        void service_time_breached(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p90 = "1ns", of = LatencyKind.SERVICE_TIME)
        void service_time_from_the_performance_budget(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_limit_the_service_time_when_asked() {
        EngineExecutionResults results = Kit.run(ServiceTime.class);

        results.testEvents().assertStatistics(s -> s.started(2).failed(2));
        assertThat(results.testEvents().failed().stream().map(e -> Kit.failure(e).getMessage()))
                .anySatisfy(m -> assertThat(m)
                        .startsWith("performance budget breached: 1 of 2 budgets")
                        .contains("  p99.9 service time: required <= 1ns, actual ")
                        .doesNotContain("response time: required"))
                .anySatisfy(m -> assertThat(m).contains("  p90 service time: required <= 1ns, actual "));
    }

    @Retention(RetentionPolicy.RUNTIME)
    @PerformanceBudget(minThroughput = 1e9)
    @interface HighThroughput {
    }

    @KitFixture
    static class ComposedAnnotation {
        @Test
        @HighThroughput
        void by_meta_annotation(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_work_as_a_meta_annotation() {
        String message = Kit.failureMessage(Kit.run(ComposedAnnotation.class));

        assertThat(message).contains("  throughput: required >= 1000000000 req/s, actual ");
    }

    @KitFixture
    static class Verdicts {
        @Test
        @PerformanceBudget(requireVerdictOk = true)
        void ok(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(requireVerdictOk = true)
        void errors(LoadTester load) {
            load.run(LoadTest.target(server.uri("/status/500")).clients(2).requests(200));
        }
    }

    /** Needs the engine's verdict (a run of 500s has the verdict {@code errors}). */
    @Test
    void should_require_an_ok_verdict_when_asked() {
        EngineExecutionResults results = Kit.run(Verdicts.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        assertThat(Kit.failureMessage(results)).startsWith("performance budget breached: 1 of 1 budget")
                .contains("  verdict: required ok, actual errors");
    }
}
