package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import static dev.loadtest.junit.testing.Results.histogram;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.junit.LatencyKind;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each budget against results made by hand, so the figures are exact. */
class BudgetTest {

    /** Response times 10 ms each, service times 2 ms each: a rate-driven run with queueing. */
    static final Result QUEUED = result().responseTime(histogram(Duration.ofMillis(10), 200))
            .serviceTime(histogram(Duration.ofMillis(2), 200)).build();

    @Test
    void should_check_a_percentile_of_the_kind_asked() {
        assertThat(Budget.Latency.percentile(99, Duration.ofMillis(5), LatencyKind.RESPONSE_TIME).check(QUEUED, 1))
                .isEqualTo(new LimitCheck("p99 response time", "<= 5ms", "10ms", false));
        assertThat(Budget.Latency.percentile(99, Duration.ofMillis(5), LatencyKind.SERVICE_TIME).check(QUEUED, 1))
                .isEqualTo(new LimitCheck("p99 service time", "<= 5ms", "2ms", true));
        assertThat(Budget.Latency.percentile(99.9, Duration.ofMillis(11), LatencyKind.RESPONSE_TIME)
                .check(QUEUED, 1).met()).isTrue();
    }

    @Test
    void should_show_every_digit_when_a_breach_would_read_as_equal() {
        // HdrHistogram keeps 3 significant digits: a recorded 10 ms reads back as 10.002431 ms, just over 10 ms
        assertThat(Budget.Latency.percentile(99, Duration.ofMillis(10), LatencyKind.RESPONSE_TIME).check(QUEUED, 1))
                .isEqualTo(new LimitCheck("p99 response time", "<= 10ms", "10.002431ms", false));
    }

    @Test
    void should_check_mean_and_max() {
        LatencyHistogram spread = histogram(Duration.ofMillis(1), Duration.ofMillis(1), Duration.ofMillis(10));
        Result r = result().latency(spread).build();

        assertThat(Budget.Latency.mean(Duration.ofMillis(3), LatencyKind.RESPONSE_TIME).check(r, 1).toString())
                .isEqualTo("mean response time: required <= 3ms, actual 4ms");
        assertThat(Budget.Latency.max(Duration.ofMillis(11), LatencyKind.SERVICE_TIME).check(r, 1))
                .isEqualTo(new LimitCheck("max service time", "<= 11ms", "10ms", true));
    }

    @Test
    void should_scale_latency_limits_and_say_so() {
        LimitCheck check = Budget.Latency.percentile(99, Duration.ofMillis(5), LatencyKind.RESPONSE_TIME).check(QUEUED, 3);

        assertThat(check).isEqualTo(new LimitCheck("p99 response time", "<= 15ms (5ms × 3)", "10ms", true));
    }

    @Test
    void should_breach_a_latency_budget_when_nothing_was_measured() {
        Result none = result().latency(LatencyHistogram.EMPTY).build();

        assertThat(Budget.Latency.percentile(99, Duration.ofSeconds(10), LatencyKind.RESPONSE_TIME).check(none, 1))
                .isEqualTo(new LimitCheck("p99 response time", "<= 10s", "none (no response finished)", false));
    }

    @Test
    void should_check_throughput_divided_by_the_scale() {
        Result r = result().duration(Duration.ofSeconds(2)).build();   // 200 responses in 2 s

        assertThat(new Budget.Throughput(100).check(r, 1)).isEqualTo(new LimitCheck("throughput", ">= 100 req/s",
                "100 req/s", true));
        assertThat(new Budget.Throughput(150).check(r, 1).met()).isFalse();
        assertThat(new Budget.Throughput(150).check(r, 2)).isEqualTo(new LimitCheck("throughput",
                ">= 75 req/s (150 / 2)", "100 req/s", true));
    }

    @Test
    void should_name_the_exact_failed_statuses_and_the_errored_requests() {
        Result r = result().requests(new Requests(200, 200, 200, 190, 10, 4, 0, 0))
                .statuses(Map.of(200, 190L, 404, 5L, 410, 0L, 503, 1L)).build();

        assertThat(new Budget.ErrorRate(0).check(r, 1).toString()).isEqualTo(
                "error rate: required <= 0%, actual 5% (10 of 200 requests failed: statuses {404=5, 503=1}, 4 errored)");
    }

    @Test
    void should_check_the_error_rate_as_failed_over_done() {
        Result r = result().requests(new Requests(200, 200, 200, 195, 5, 0, 0, 0))
                .statuses(Map.of(200, 195L, 500, 5L)).build();

        assertThat(new Budget.ErrorRate(0.01).check(r, 5).toString())
                .isEqualTo("error rate: required <= 1%, actual 2.5% (5 of 200 requests failed: statuses {500=5})");
        assertThat(new Budget.ErrorRate(0.025).check(r, 1).met()).isTrue();
        Result nothingDone = result().requests(new Requests(0, 0, 0, 0, 0, 0, 0, 0)).build();
        assertThat(new Budget.ErrorRate(1).check(nothingDone, 1))
                .isEqualTo(new LimitCheck("error rate", "<= 100%", "none (no request finished)", false));
    }

    @Test
    void should_count_responses_that_failed_a_check_in_the_error_rate() {
        // 200 ended: 190 succeeded, 10 answered 200 but failed a response check
        Result r = result().requests(new Requests(200, 200, 200, 190, 10, 0, 0, 0, 0, 10)).build();

        assertThat(new Budget.ErrorRate(0.01).check(r, 1))
                .isEqualTo(new LimitCheck("error rate", "<= 1%", "5% (10 of 200 requests failed: 10 failed a response "
                        + "check)", false));
    }

    @Test
    void should_count_every_status_outside_2xx() {
        Result r = result().statuses(Map.of(200, 190L, 204, 4L, 302, 1L, 404, 2L, 503, 3L)).build();

        assertThat(new Budget.Only2xx().check(r, 1).toString())
                .isEqualTo("non-2xx responses: required none, actual 6 {302=1, 404=2, 503=3}");
        assertThat(new Budget.Only2xx().check(result().statuses(Map.of(200, 10L, 201, 1L)).build(), 1))
                .isEqualTo(new LimitCheck("non-2xx responses", "none", "none", true));
    }

    @Test
    void should_require_the_ok_verdict() {
        assertThat(new Budget.VerdictOk().check(result().verdict(Verdict.GENERATOR_SATURATED).build(), 1))
                .isEqualTo(new LimitCheck("verdict", "ok", "generator-saturated", false));
        assertThat(new Budget.VerdictOk().check(result().verdict(Verdict.OK).build(), 1).met()).isTrue();
    }

    @Test
    void should_refuse_values_out_of_range() {
        assertThatThrownBy(() -> new Budget.Throughput(Double.NaN))
                .hasMessage("minThroughput (NaN) must be a finite number >= 0");
        assertThatThrownBy(() -> new Budget.ErrorRate(1.5)).hasMessage("maxErrorRate (1.5) must be within [0, 1]");
        assertThatThrownBy(() -> Budget.Latency.percentile(0, Duration.ZERO, LatencyKind.RESPONSE_TIME))
                .hasMessage("percentile (0) must be > 0 and <= 100");
    }

    @Test
    void should_key_budgets_so_that_only_the_same_statistic_and_kind_replace_each_other() {
        assertThat(Budget.Latency.percentile(99, Duration.ofMillis(1), LatencyKind.RESPONSE_TIME).key())
                .isEqualTo(Budget.Latency.percentile(99.0, Duration.ofMillis(9), LatencyKind.RESPONSE_TIME).key())
                .isNotEqualTo(Budget.Latency.percentile(99, Duration.ofMillis(1), LatencyKind.SERVICE_TIME).key())
                .isNotEqualTo(Budget.Latency.percentile(99.9, Duration.ofMillis(1), LatencyKind.RESPONSE_TIME).key());
    }
}
