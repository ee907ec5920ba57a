package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.spi.IntervalBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalTest {

    @Test
    void should_start_as_nothing_measured_but_need_its_place_in_the_timeline() {
        Interval i = new IntervalBuilder().start(Duration.ofSeconds(2)).length(Duration.ofSeconds(1)).build();

        assertThat(i.done()).isZero();
        assertThat(i.statusCodes().counts()).isEmpty();
        assertThat(i.responseTime()).isEqualTo(LatencySummary.EMPTY);
        assertThat(i.responseTimeHistogram()).isEmpty();
        assertThatThrownBy(() -> new IntervalBuilder().start(Duration.ZERO).build())
                .isInstanceOf(NullPointerException.class).hasMessage("an interval's length must be set");
    }

    @Test
    void should_take_intervals_constructor_from_interval_only() {
        assertThatThrownBy(() -> IntervalBuilder.useConstructor(figures -> null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Interval's constructor is given once, by Interval itself");
    }

    @Test
    void should_be_equal_when_every_figure_is_equal() {
        Interval i = interval();

        Interval same = IntervalBuilder.from(i).build();
        Interval moreBytes = IntervalBuilder.from(i).bytes(i.bytes() + 1).build();

        assertThat(same).isEqualTo(i).hasSameHashCodeAs(i).isNotSameAs(i);
        assertThat(moreBytes).isNotEqualTo(i);
        assertThat(same.toString()).isEqualTo(i.toString()).startsWith("Interval[start=1s, length=1s, started=10");
    }

    @Test
    @SuppressWarnings({"deprecation", "removal"})
    void should_keep_the_constructors_of_0_1_as_deprecated_ones() {
        Interval i = interval();

        Interval withHistograms = new Interval(i.start(), i.length(), i.started(), i.done(), i.statusCodes(),
                i.errored(), i.bytes(), i.responseTime(), i.serviceTime(), i.responseTimeHistogram(),
                i.serviceTimeHistogram());
        Interval summariesOnly = new Interval(i.start(), i.length(), i.started(), i.done(), i.statusCodes(),
                i.errored(), i.bytes(), i.responseTime(), i.serviceTime());
        Interval factory = Interval.of(i.start(), i.length(), i.started(), i.done(), i.statusCodes(), i.errored(),
                i.bytes(), i.responseTimeHistogram().orElseThrow(), i.serviceTimeHistogram().orElseThrow());

        assertThat(withHistograms).isEqualTo(i);
        assertThat(factory).isEqualTo(i);
        assertThat(summariesOnly.responseTimeHistogram()).isEmpty();
        assertThat(summariesOnly.responseTime()).isEqualTo(i.responseTime());
    }

    @Test
    void should_count_errors_and_statuses_from_400_as_failed() {
        Interval i = IntervalBuilder.from(interval()).errored(1)
                .statusCodes(new StatusCodes(Map.of(200, 6L, 404, 2L, 503, 1L))).build();

        assertThat(i.failed()).isEqualTo(4);
        assertThat(i.requestsPerSecond()).isEqualTo(9.0);
        assertThat(IntervalBuilder.from(i).responseTimeHistogram(Optional.empty()).build()).isNotEqualTo(i);
    }

    @Test
    void should_rate_errors_as_requests_do_capped_at_the_interval_s_done() {
        Interval i = IntervalBuilder.from(interval()).errored(1)
                .statusCodes(new StatusCodes(Map.of(200, 6L, 404, 2L, 503, 1L))).build();
        // 3 never issued, counted in errored but not in done: 13 failed of 10 done is capped at 100 %
        Interval neverIssued = IntervalBuilder.from(i).errored(4).statusCodes(new StatusCodes(Map.of(404, 9L))).build();

        assertThat(i.errorRate()).isEqualTo(0.4);
        assertThat(neverIssued.failed()).isEqualTo(13);
        assertThat(neverIssued.errorRate()).isEqualTo(1.0);
        assertThat(IntervalBuilder.from(i).done(0).errored(0).statusCodes(new StatusCodes(Map.of())).build().errorRate())
                .as("nothing ended").isNaN();
    }

    private static Interval interval() {
        Histogram h = LatencyHistogram.newHistogram();
        h.recordValue(1_000_000);
        h.recordValue(3_000_000);
        LatencyHistogram latency = LatencyHistogram.of(h);
        return new IntervalBuilder().start(Duration.ofSeconds(1)).length(Duration.ofSeconds(1)).started(10).done(10)
                .statusCodes(new StatusCodes(Map.of(200, 10L))).bytes(1_000).latencies(latency, latency).build();
    }
}
