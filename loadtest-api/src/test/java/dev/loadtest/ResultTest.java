package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultTest {

    private static final LoadTest TEST = LoadTest.target("http://127.0.0.1:1/").requests(10).build();

    private static Result result(Duration duration, Requests requests, Map<ErrorCategory, ErrorCount> errors) {
        return new ResultBuilder().test(TEST).duration(duration).protocol("h2c").requests(requests)
                .statusCodes(new StatusCodes(Map.of(200, 8L, 503, 1L)))
                .traffic(new Traffic(2_000, 300, 900, 1_500, 700)).connections(2).errors(errors).verdict(Verdict.OK)
                .build();
    }

    @Test
    void should_count_every_response_in_requests_per_second_as_h2load() {
        // 10 done, 1 errored: 9 responses (8 x 200, 1 x 503) in 2 s
        Result r = result(Duration.ofSeconds(2), new Requests(10, 10, 10, 8, 2, 1, 0, 0), Map.of());

        assertThat(r.requestsPerSecond()).isCloseTo(4.5, within(1e-9));
        assertThat(r.bytesPerSecond()).isCloseTo(1_000, within(1e-9));
    }

    @Test
    void should_give_zero_rates_for_a_zero_duration() {
        Result r = result(Duration.ZERO, new Requests(10, 10, 10, 10, 0, 0, 0, 0), Map.of());

        assertThat(r.requestsPerSecond()).isZero();
        assertThat(r.bytesPerSecond()).isZero();
    }

    @Test
    void should_count_errors_by_category_and_zero_for_the_others() {
        Result r = result(Duration.ofSeconds(1), new Requests(10, 10, 10, 9, 1, 1, 0, 0),
                Map.of(ErrorCategory.STREAM_RESET, new ErrorCount(1, "RST_STREAM REFUSED_STREAM")));

        assertThat(r.errorCount(ErrorCategory.STREAM_RESET)).isEqualTo(1);
        assertThat(r.errorCount(ErrorCategory.GOAWAY)).isZero();
        assertThat(r.isClean()).isFalse();
    }

    @Test
    void should_be_clean_only_when_requests_were_done_without_failure_or_error() {
        assertThat(result(Duration.ofSeconds(1), new Requests(10, 10, 10, 10, 0, 0, 0, 0), Map.of()).isClean())
                .isTrue();
        assertThat(result(Duration.ofSeconds(1), new Requests(10, 10, 10, 9, 1, 0, 0, 0), Map.of()).isClean())
                .isFalse();
        assertThat(result(Duration.ofSeconds(1), new Requests(0, 0, 0, 0, 0, 0, 0, 0), Map.of()).isClean())
                .isFalse();
    }

    @Test
    void should_keep_an_unmodifiable_copy_of_the_errors_in_category_order() {
        Map<ErrorCategory, ErrorCount> given = new EnumMap<>(ErrorCategory.class);
        given.put(ErrorCategory.OTHER, new ErrorCount(1, "x"));
        given.put(ErrorCategory.REFUSED, new ErrorCount(2, "Connection refused"));
        Result r = result(Duration.ofSeconds(1), new Requests(10, 10, 10, 7, 3, 3, 0, 0), given);

        given.clear();

        assertThat(r.errors().keySet()).containsExactly(ErrorCategory.REFUSED, ErrorCategory.OTHER);
        assertThatThrownBy(() -> r.errors().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_name_a_null_errors_map() {
        assertThatThrownBy(() -> result(Duration.ofSeconds(1), new Requests(0, 0, 0, 0, 0, 0, 0, 0), null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("errors");
    }

    @Test
    void should_start_with_nothing_measured_and_require_test_duration_protocol_and_verdict() {
        Result r = new ResultBuilder().test(TEST).duration(Duration.ofSeconds(1)).protocol("h2c").verdict(Verdict.OK)
                .build();

        assertThat(r.requests().done()).isZero();
        assertThat(r.serviceTime().isEmpty()).isTrue();
        assertThat(r.errors()).isEmpty();
        assertThat(r.rate()).isEmpty();
        assertThat(r.intervals()).isEmpty();
        assertThat(r.stopped()).isFalse();
        assertThatThrownBy(() -> new ResultBuilder().test(TEST).duration(Duration.ofSeconds(1)).protocol("h2c").build())
                .isInstanceOf(NullPointerException.class).hasMessage("a result's verdict must be set");
    }

    @Test
    void should_take_results_constructor_from_result_only() {
        assertThatThrownBy(() -> ResultBuilder.useConstructor(figures -> null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Result's constructor is given once, by Result itself");
    }

    @Test
    void should_be_equal_when_every_figure_is_equal() {
        Result r = result(Duration.ofSeconds(1), new Requests(10, 10, 10, 9, 1, 0, 0, 0), Map.of());

        Result same = ResultBuilder.from(r).build();
        Result slower = ResultBuilder.from(r).serviceTime(latency(5_000_000)).build();

        assertThat(same).isEqualTo(r).hasSameHashCodeAs(r).isNotSameAs(r);
        assertThat(slower).isNotEqualTo(r);
        assertThat(ResultBuilder.from(r).stopped(true).build()).isNotEqualTo(r);
        assertThat(same.toString()).isEqualTo(r.toString()).startsWith("finished in");
    }

    @Test
    @SuppressWarnings({"deprecation", "removal"})
    void should_keep_the_names_of_0_1_as_deprecated_aliases() {
        LatencyHistogram service = latency(1_000_000);
        LatencyHistogram response = latency(9_000_000);
        // 0.1's constructor: the service time (then requestTime) before the response time
        Result r = new Result(TEST, Duration.ofSeconds(1), "h2c", new Requests(1, 1, 1, 1, 0, 0, 0, 0),
                new StatusCodes(Map.of(200, 1L)), new Traffic(10, 5, 5, 5, 10), service, response,
                LatencyHistogram.EMPTY, LatencyHistogram.EMPTY, Statistics.EMPTY, 1, Map.of(), java.util.Optional.empty(),
                java.util.List.of(), Verdict.OK, false);

        assertThat(r.serviceTime()).isEqualTo(service);
        assertThat(r.responseTime()).isEqualTo(response);
        assertThat(r.requestTime()).isEqualTo(r.serviceTime());
    }

    private static LatencyHistogram latency(long nanos) {
        org.HdrHistogram.Histogram h = LatencyHistogram.newHistogram();
        h.recordValue(nanos);
        return LatencyHistogram.of(h);
    }
}
