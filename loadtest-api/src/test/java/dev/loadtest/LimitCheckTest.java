package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LimitCheckTest {

    /** 200 ended in 2 s: 190 answered 200, 5 answered 503, 3 errored and 2 never issued; responses of 10 ms. */
    private static Result result(Requests requests, Map<Integer, Long> statuses, long responses) {
        Histogram h = LatencyHistogram.newHistogram();
        if (responses > 0) {
            h.recordValueWithCount(Duration.ofMillis(10).toNanos(), responses);
        }
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").requests(Math.max(1, requests.total())).build();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(2)).protocol("h2c").requests(requests)
                .statusCodes(new StatusCodes(statuses)).traffic(new Traffic(0, 0, 0, 0, 0))
                .serviceTime(LatencyHistogram.of(h)).responseTime(LatencyHistogram.of(h)).connections(1)
                .verdict(Verdict.OK).build();
    }

    private static final Result SOME_FAILED = result(new Requests(200, 198, 198, 190, 10, 5, 0, 2),
            Map.of(200, 190L, 503, 5L), 195);

    private static final Result NOTHING_ENDED = result(new Requests(5, 5, 0, 0, 0, 0, 0, 0), Map.of(), 0);

    @Test
    void should_rate_errors_over_the_ended_requests_and_say_what_failed() {
        LimitCheck check = LimitCheck.errorRate(SOME_FAILED, 0.01);

        assertThat(check.met()).isFalse();
        assertThat(check).hasToString(
                "error rate: required <= 1%, actual 5% (10 of 200 requests failed: statuses {503=5}, 5 errored)");
        assertThat(LimitCheck.errorRate(SOME_FAILED, 0.05).met()).isTrue();
    }

    @Test
    void should_break_an_error_rate_limit_when_nothing_ended() {
        assertThat(LimitCheck.errorRate(NOTHING_ENDED, 1.0))
                .isEqualTo(new LimitCheck("error rate", "<= 100%", "none (no request finished)", false));
    }

    @Test
    void should_check_a_response_time_percentile_and_break_it_without_responses() {
        assertThat(LimitCheck.responseTime(SOME_FAILED, 99, Duration.ofMillis(5)))
                .hasToString("p99 response time: required <= 5ms, actual 10ms").extracting(LimitCheck::met).isEqualTo(false);
        assertThat(LimitCheck.responseTime(SOME_FAILED, 99, Duration.ofMillis(20)).met()).isTrue();
        assertThat(LimitCheck.responseTime(NOTHING_ENDED, 50, Duration.ofMillis(20)))
                .isEqualTo(new LimitCheck("p50 response time", "<= 20ms", "none (no response finished)", false));
    }

    @Test
    void should_check_throughput_and_break_it_without_responses_even_at_zero() {
        assertThat(LimitCheck.throughput(SOME_FAILED, 100)).hasToString("throughput: required >= 100 req/s, actual "
                + FigureFormat.rate(SOME_FAILED.requestsPerSecond())).extracting(LimitCheck::met).isEqualTo(false);
        assertThat(LimitCheck.throughput(SOME_FAILED, 10).met()).isTrue();
        assertThat(LimitCheck.throughput(NOTHING_ENDED, 0).met()).isFalse();
    }

    @Test
    void should_keep_the_outcome_when_the_required_text_is_reworded() {
        LimitCheck scaled = LimitCheck.responseTime(SOME_FAILED, 99, Duration.ofMillis(20))
                .withRequired("<= 20ms (10ms × 2)");

        assertThat(scaled).isEqualTo(new LimitCheck("p99 response time", "<= 20ms (10ms × 2)", "10ms", true));
    }

    @Test
    void should_give_an_objective_the_same_checks_as_the_rules() {
        Objective objective = Objective.empty().maxResponseTime(99, Duration.ofMillis(5)).maxErrorRate(0.01);

        assertThat(objective.checks(SOME_FAILED)).containsExactly(
                LimitCheck.responseTime(SOME_FAILED, 99, Duration.ofMillis(5)), LimitCheck.errorRate(SOME_FAILED, 0.01));
        assertThat(objective.breaches(SOME_FAILED)).extracting(Objective.Breach::toString).containsExactly(
                "p99 response time: required <= 5ms, actual 10ms",
                "error rate: required <= 1%, actual 5% (10 of 200 requests failed: statuses {503=5}, 5 errored)");
    }
}
