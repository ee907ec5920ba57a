package dev.loadtest.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.TestServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The binding during real runs against Jetty, read back from a {@link SimpleMeterRegistry}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadTestMetricsTest {

    private static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_publish_the_results_counts_by_status_and_error_category() {
        MeterRegistry registry = new SimpleMeterRegistry();
        // 200s, 404s and requests that time out, round robin on each connection
        Result r = LoadTest.target(server.uri("/hello").toString(), server.uri("/status/404").toString(),
                        server.uri("/slow/3000").toString())
                .clients(3).requests(30).requestTimeout(Duration.ofMillis(200))
                .listener(LoadTestMetrics.of(registry, "mixed"))
                .run();

        assertThat(r.errorCount(ErrorCategory.REQUEST_TIMEOUT)).isPositive();
        assertThat(count(registry, LoadTestMetrics.REQUESTS_STARTED, "mixed")).isEqualTo(r.requests().started());
        assertThat(count(registry, LoadTestMetrics.REQUESTS_DONE, "mixed")).isEqualTo(r.requests().done());
        assertThat(count(registry, LoadTestMetrics.REQUESTS_SUCCEEDED, "mixed")).isEqualTo(r.requests().succeeded());
        assertThat(count(registry, LoadTestMetrics.REQUESTS_FAILED, "mixed")).isEqualTo(r.requests().failed());
        assertThat(count(registry, LoadTestMetrics.REQUESTS_ERRORED, "mixed")).isEqualTo(r.requests().errored());
        assertThat(count(registry, LoadTestMetrics.RECEIVED, "mixed")).isEqualTo(r.traffic().totalBytes());
        assertThat(count(registry, LoadTestMetrics.SENT, "mixed")).isEqualTo(r.traffic().sentBytes());
        assertThat(registry.get(LoadTestMetrics.RESPONSES).tags("test", "mixed", "status", "200").counter().count())
                .isEqualTo(r.statusCodes().count(200));
        assertThat(registry.get(LoadTestMetrics.RESPONSES).tags("test", "mixed", "status", "404").counter().count())
                .isEqualTo(r.statusCodes().count(404));
        assertThat(registry.get(LoadTestMetrics.ERRORS).tags("test", "mixed", "category", "request_timeout")
                .counter().count()).isEqualTo(r.errorCount(ErrorCategory.REQUEST_TIMEOUT));
        assertThat(registry.get(LoadTestMetrics.PROGRESS).tag("test", "mixed").gauge().value()).isEqualTo(1.0);
    }

    @Test
    void should_replay_every_latency_into_the_timers_with_a_percentile_histogram() {
        MeterRegistry registry = new SimpleMeterRegistry();
        Result r = LoadTest.target(server.uri("/slow/5")).clients(4).streams(5).rate(400)
                .duration(Duration.ofMillis(1_000)).interval(Duration.ofMillis(250))
                .listener(LoadTestMetrics.of(registry, "rated"))
                .run();

        Timer response = registry.get(LoadTestMetrics.RESPONSE_TIME).tag("test", "rated").timer();
        Timer service = registry.get(LoadTestMetrics.SERVICE_TIME).tag("test", "rated").timer();
        assertThat(r.responseTime().count()).isPositive();
        assertThat(response.count()).isEqualTo(r.responseTime().count());
        assertThat(service.count()).isEqualTo(r.serviceTime().count());
        // the sum of bucket middles: within HdrHistogram's 3 significant digits of the exact mean
        assertThat(response.mean(TimeUnit.NANOSECONDS))
                .isCloseTo(r.responseTime().toHistogram().getMean(), within(r.responseTime().mean().toNanos() * 0.002));
        assertThat(service.max(TimeUnit.NANOSECONDS))
                .isCloseTo(r.serviceTime().max().toNanos(), within(r.serviceTime().max().toNanos() * 0.002));
    }

    @Test
    void should_publish_while_the_run_goes_on() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        LoadTestRun run = LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofSeconds(20))
                .interval(Duration.ofMillis(100))
                .listener(LoadTestMetrics.of(registry, "live"))
                .start();
        try {
            Await.assertUntil("requests done counted while the run goes on",
                    () -> registry.find(LoadTestMetrics.REQUESTS_DONE).counter() != null
                            && registry.get(LoadTestMetrics.REQUESTS_DONE).counter().count() > 0
                            && registry.get(LoadTestMetrics.RESPONSE_TIME).timer().count() > 0
                            && registry.get(LoadTestMetrics.RATE).gauge().value() > 0,
                    Duration.ofSeconds(15));
            assertThat(run.result()).isNotDone();
        } finally {
            run.stop();
        }
        Result r = run.result().get(30, TimeUnit.SECONDS);
        assertThat(count(registry, LoadTestMetrics.REQUESTS_DONE, "live")).isEqualTo(r.requests().done());
    }

    @Test
    void should_add_up_the_runs_of_one_test_and_show_the_latest_in_its_gauges() {
        MeterRegistry registry = new SimpleMeterRegistry();
        LoadTestMetrics reused = LoadTestMetrics.of(registry, "twice");
        Result first = LoadTest.target(server.uri("/hello")).clients(2).requests(40).listener(reused).run();
        Result second = LoadTest.target(server.uri("/hello")).clients(2).requests(60).listener(reused).run();
        // a new instance of the same test: its meters are the same ones
        Result third = LoadTest.target(server.uri("/hello")).clients(1).duration(Duration.ofMillis(300))
                .listener(LoadTestMetrics.of(registry, "twice")).run();

        assertThat(count(registry, LoadTestMetrics.REQUESTS_DONE, "twice"))
                .isEqualTo(first.requests().done() + second.requests().done() + third.requests().done());
        assertThat(registry.get(LoadTestMetrics.RESPONSE_TIME).tag("test", "twice").timer().count())
                .isEqualTo(first.responseTime().count() + second.responseTime().count() + third.responseTime().count());
        double lastRate = third.intervals().get(third.intervals().size() - 1).requestsPerSecond();
        assertThat(registry.find(LoadTestMetrics.RATE).gauges()).hasSize(1);
        assertThat(registry.get(LoadTestMetrics.RATE).tag("test", "twice").gauge().value()).isEqualTo(lastRate);
    }

    @Test
    void should_keep_tests_apart_by_their_tags() {
        MeterRegistry registry = new SimpleMeterRegistry();
        Result a = LoadTest.target(server.uri("/hello")).clients(1).requests(10)
                .listener(LoadTestMetrics.of(registry, "a", Tags.of("shard", "0"))).run();
        Result b = LoadTest.target(server.uri("/hello")).clients(1).requests(20)
                .listener(LoadTestMetrics.of(registry, "b", Tags.of("shard", "0"))).run();

        assertThat(registry.get(LoadTestMetrics.REQUESTS_DONE).tags("test", "a", "shard", "0").counter().count())
                .isEqualTo(a.requests().done());
        assertThat(registry.get(LoadTestMetrics.REQUESTS_DONE).tags("test", "b", "shard", "0").counter().count())
                .isEqualTo(b.requests().done());
    }

    @Test
    void should_count_the_failures_of_each_check_by_its_name() {
        MeterRegistry registry = new SimpleMeterRegistry();
        // every response is a 200 "Hello" from /hello or a 404 from /status/404, in turn on each connection
        Result r = LoadTest.target(server.uri("/hello").toString(), server.uri("/status/404").toString())
                .clients(2).requests(40)
                .check(Check.status(200), Check.statusClass(4).named("client error"), Check.header("X-Nope", "1"))
                .listener(LoadTestMetrics.of(registry, "checked"))
                .run();

        assertThat(r.checks()).extracting(CheckResult::failed).containsExactly(20L, 20L, 40L);
        for (CheckResult check : r.checks()) {
            assertThat(registry.get(LoadTestMetrics.CHECK_FAILURES).tags("test", "checked", "check", check.name())
                    .counter().count()).as(check.name()).isEqualTo(check.failed());
        }
    }

    @Test
    void should_name_the_parameter_value_and_rule_of_bad_input() {
        MeterRegistry registry = new SimpleMeterRegistry();
        assertThatThrownBy(() -> LoadTestMetrics.of(registry, " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("testName (' ') must not be blank");
        assertThatThrownBy(() -> LoadTestMetrics.of(registry, "t", List.of(Tag.of("status", "x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("extraTags (status=x) must not be named test, status, category, check or step: this listener "
                        + "sets those");
        assertThatThrownBy(() -> LoadTestMetrics.of(registry, "t", List.of(Tag.of("check", "x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("extraTags (check=x) must not");
        assertThatThrownBy(() -> LoadTestMetrics.of(null, "t"))
                .isInstanceOf(NullPointerException.class).hasMessage("registry must not be null");
    }

    private static double count(MeterRegistry registry, String name, String test) {
        Counter c = registry.get(name).tag("test", test).counter();
        return c.count();
    }
}
