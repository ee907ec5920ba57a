package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.LimitCheck;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class GateTest {

    /** 100 requests done in 2 s, 4 errored (96 responses: 48 req/s), 10 failed; latencies 1..100 ms. */
    private static final Result RESULT = result(new Requests(100, 100, 100, 90, 10, 4, 0, 0), Verdict.ERRORS);

    @Test
    void should_keep_a_latency_gate_at_or_above_the_percentile() {
        LimitCheck outcome = Gate.maxLatency(Syntax.LatencyLimit.parse("p99=100ms")).check(RESULT);

        assertThat(outcome.met()).isTrue();
        assertThat(outcome).hasToString("p99 response time: required <= 100ms, actual 99.02ms");
    }

    @Test
    void should_breach_a_latency_gate_below_the_percentile() {
        LimitCheck outcome = Gate.maxLatency(Syntax.LatencyLimit.parse("p50=10ms")).check(RESULT);

        assertThat(outcome.met()).isFalse();
        assertThat(outcome).hasToString("p50 response time: required <= 10ms, actual 50ms");
    }

    @Test
    void should_breach_a_latency_gate_when_nothing_was_measured() {
        Result none = result(new Requests(1, 0, 1, 0, 1, 1, 0, 1), Verdict.ERRORS, LatencyHistogram.EMPTY);

        LimitCheck outcome = Gate.maxLatency(Syntax.LatencyLimit.parse("max=1s")).check(none);

        assertThat(outcome.met()).isFalse();
        assertThat(outcome).hasToString("max response time: required <= 1s, actual none (no response finished)");
    }

    @Test
    void should_check_the_request_rate() {
        assertThat(Gate.minRequestsPerSecond(48).check(RESULT).met()).isTrue();
        LimitCheck breached = Gate.minRequestsPerSecond(1_000).check(RESULT);

        assertThat(breached.met()).isFalse();
        assertThat(breached).hasToString("throughput: required >= 1000 req/s, actual 48 req/s");
    }

    @Test
    void should_check_the_error_rate_of_requests_ended() {
        assertThat(Gate.maxErrorRate(0.10).check(RESULT).met()).isTrue();
        LimitCheck breached = Gate.maxErrorRate(0.01).check(RESULT);

        assertThat(breached.met()).isFalse();
        assertThat(breached).hasToString("error rate: required <= 1%, actual 10% (10 of 100 requests failed: 4 errored)");
    }

    @Test
    void should_breach_the_error_rate_when_no_request_finished() {
        Result none = result(new Requests(0, 0, 0, 0, 0, 0, 0, 0), Verdict.STALLED);

        LimitCheck outcome = Gate.maxErrorRate(1).check(none);

        assertThat(outcome.met()).isFalse();
        assertThat(outcome.actual()).isEqualTo("none (no request finished)");
    }

    @Test
    void should_require_the_ok_verdict() {
        assertThat(Gate.requireOk().check(result(RESULT.requests(), Verdict.OK)).met()).isTrue();
        LimitCheck breached = Gate.requireOk().check(RESULT);

        assertThat(breached.met()).isFalse();
        assertThat(breached).hasToString("verdict: required ok, actual errors");
    }

    private static Result result(Requests requests, Verdict verdict) {
        Histogram h = LatencyHistogram.newHistogram();
        for (int ms = 1; ms <= 100; ms++) {
            h.recordValue(ms * 1_000_000L);
        }
        return result(requests, verdict, LatencyHistogram.of(h));
    }

    private static Result result(Requests requests, Verdict verdict, LatencyHistogram latency) {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").duration(Duration.ofSeconds(2)).build();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(2)).protocol("h2c").requests(requests)
                .statusCodes(new StatusCodes(Map.of())).traffic(new Traffic(0, 0, 0, 0, 0)).serviceTime(latency)
                .responseTime(latency).connections(1).verdict(verdict).build();
    }
}
