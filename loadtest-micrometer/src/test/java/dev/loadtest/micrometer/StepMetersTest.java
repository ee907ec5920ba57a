package dev.loadtest.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.testing.TestServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A scenario run's steps and sessions as meters, after real runs against Jetty. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StepMetersTest {

    /** Each session: a 200 at "hello", then a 404 at "missing" that fails a check too, and the session there. */
    private static Scenario flow() {
        return Scenario.of("flow", Step.of("hello", s -> Request.get("/hello")),
                Step.of("missing", s -> Request.get("/status/404")).checks(Check.header("X-Nope", "1")));
    }

    /** The flow run by {@code users} users, {@code iterations} sessions each, on a server of its own; published. */
    private static Result runFlow(LoadTestMetrics metrics, int users, int iterations) {
        try (TestServer server = TestServer.h2c()) {
            Result r = LoadTest.target(server.uri("/")).scenario(flow()).users(users).iterations(iterations)
                    .listener(metrics).run();
            metrics.publishSteps(r);
            return r;
        }
    }

    @Test
    void should_publish_each_steps_counts_traffic_and_latencies_tagged_with_its_name() {
        MeterRegistry registry = new SimpleMeterRegistry();

        Result r = runFlow(LoadTestMetrics.of(registry, "flow"), 2, 5);

        assertThat(r.steps()).extracting(StepResult::name).containsExactly("hello", "missing");
        for (StepResult s : r.steps()) {
            String step = s.name();
            assertThat(s.requests().done()).as(step).isEqualTo(10);
            assertThat(count(registry, LoadTestMetrics.STEP_REQUESTS_STARTED, step)).isEqualTo(s.requests().started());
            assertThat(count(registry, LoadTestMetrics.STEP_REQUESTS_DONE, step)).isEqualTo(s.requests().done());
            assertThat(count(registry, LoadTestMetrics.STEP_REQUESTS_SUCCEEDED, step))
                    .isEqualTo(s.requests().succeeded());
            assertThat(count(registry, LoadTestMetrics.STEP_REQUESTS_FAILED, step)).isEqualTo(s.requests().failed());
            assertThat(count(registry, LoadTestMetrics.STEP_RECEIVED, step)).isEqualTo(s.traffic().totalBytes());
            assertThat(count(registry, LoadTestMetrics.STEP_SENT, step)).isEqualTo(s.traffic().sentBytes());
            assertThat(registry.get(LoadTestMetrics.STEP_RESPONSE_TIME).tags("test", "flow", "step", step).timer()
                    .count()).isEqualTo(s.responseTime().count());
            assertThat(registry.get(LoadTestMetrics.STEP_SERVICE_TIME).tags("test", "flow", "step", step).timer()
                    .count()).isEqualTo(s.serviceTime().count());
        }
        assertThat(registry.get(LoadTestMetrics.STEP_RESPONSES).tags("test", "flow", "step", "hello", "status", "200")
                .counter().count()).isEqualTo(10);
        assertThat(registry.get(LoadTestMetrics.STEP_RESPONSES).tags("test", "flow", "step", "missing", "status", "404")
                .counter().count()).isEqualTo(10);
        assertThat(registry.find(LoadTestMetrics.STEP_RESPONSES).tags("step", "hello", "status", "404").counter())
                .isNull();
        CheckResult check = r.step("missing").orElseThrow().checks().get(0);
        assertThat(registry.get(LoadTestMetrics.STEP_CHECK_FAILURES)
                .tags("test", "flow", "step", "missing", "check", check.name()).counter().count())
                .isEqualTo(check.failed());
        // the steps add up to the run, which the live listener published under the run's names
        assertThat(count(registry, LoadTestMetrics.STEP_REQUESTS_DONE, "hello")
                + count(registry, LoadTestMetrics.STEP_REQUESTS_DONE, "missing"))
                .isEqualTo(registry.get(LoadTestMetrics.REQUESTS_DONE).tag("test", "flow").counter().count());
    }

    @Test
    void should_count_sessions_started_completed_and_failed() {
        MeterRegistry registry = new SimpleMeterRegistry();

        Result r = runFlow(LoadTestMetrics.of(registry, "sessions"), 2, 3);

        Sessions s = r.sessions().orElseThrow();
        assertThat(s.started()).isEqualTo(6);
        assertThat(s.failed()).as("every session fails at its 404").isEqualTo(6);
        assertThat(registry.get(LoadTestMetrics.SESSIONS_STARTED).tag("test", "sessions").counter().count())
                .isEqualTo(6);
        assertThat(registry.get(LoadTestMetrics.SESSIONS_FAILED).tag("test", "sessions").counter().count())
                .isEqualTo(6);
        assertThat(registry.get(LoadTestMetrics.SESSIONS_COMPLETED).tag("test", "sessions").counter().count())
                .isZero();
        assertThat(registry.get(LoadTestMetrics.SESSION_DURATION).tag("test", "sessions").timer().count())
                .isEqualTo(s.duration().count());
    }

    @Test
    void should_publish_nothing_of_steps_for_a_run_of_single_requests() {
        MeterRegistry registry = new SimpleMeterRegistry();
        LoadTestMetrics metrics = LoadTestMetrics.of(registry, "single");
        try (TestServer server = TestServer.h2c()) {
            metrics.publishSteps(LoadTest.target(server.uri("/hello")).clients(1).requests(5).listener(metrics).run());
        }

        assertThat(registry.getMeters()).extracting(m -> m.getId().getName())
                .noneMatch(n -> n.startsWith("loadtest.step.") || n.startsWith("loadtest.session"));
    }

    @Test
    void should_keep_the_step_meters_apart_from_the_runs_in_prometheus() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

        Result r = runFlow(LoadTestMetrics.of(registry, "scraped"), 1, 2);

        // Prometheus refuses one name with two sets of tag keys: the steps' meters have names of their own
        String scrape = registry.scrape();
        assertThat(scrape).contains("loadtest_requests_done_total{test=\"scraped\"} 4.0")
                .contains("loadtest_step_requests_done_total{step=\"hello\",test=\"scraped\"} 2.0")
                .contains("loadtest_step_requests_done_total{step=\"missing\",test=\"scraped\"} 2.0")
                .contains("loadtest_sessions_failed_total{test=\"scraped\"} 2.0")
                .contains("loadtest_step_response_time_seconds_count{step=\"hello\",test=\"scraped\"} 2");
        assertThat(r.requests().done()).isEqualTo(4);
    }

    @Test
    void should_reserve_the_step_tag() {
        assertThatThrownBy(() -> LoadTestMetrics.of(new SimpleMeterRegistry(), "t", List.of(Tag.of("step", "x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("extraTags (step=x) must not be named test, status, category, check or step: this "
                        + "listener sets those");
        assertThatThrownBy(() -> LoadTestMetrics.of(new SimpleMeterRegistry(), "t").publishSteps(null))
                .isInstanceOf(NullPointerException.class).hasMessage("result must not be null");
    }

    private static double count(MeterRegistry registry, String name, String step) {
        return registry.get(name).tags("step", step).counter().count();
    }
}
