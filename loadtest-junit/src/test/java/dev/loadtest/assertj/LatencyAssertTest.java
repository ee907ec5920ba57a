package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static dev.loadtest.junit.testing.Results.histogram;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyAssertTest {

    /** Response times 10 ms each, service times 2 ms each: a rate-driven run with queueing. */
    static final Result QUEUED = result().responseTime(histogram(Duration.ofMillis(10), 200))
            .serviceTime(histogram(Duration.ofMillis(2), 200)).build();

    @Test
    void should_navigate_to_the_response_or_the_service_time() {
        assertThatCode(() -> {
            assertThat(QUEUED).responseTime().percentile(99).isGreaterThan(Duration.ofMillis(9));
            assertThat(QUEUED).serviceTime().percentile(99).isLessThan(Duration.ofMillis(3));
            assertThat(QUEUED).responseTime().mean().isBetween(Duration.ofMillis(9), Duration.ofMillis(11));
            assertThat(QUEUED).responseTime().max().isLessThan(Duration.ofMillis(11));
            assertThat(QUEUED).responseTime().min().isGreaterThan(Duration.ofMillis(9));
            assertThat(QUEUED).serviceTime().median().isLessThan(Duration.ofMillis(3));
            assertThat(QUEUED).responseTime().isNotEmpty().hasCount(200).hasPercentileAtMost(99.9, Duration.ofMillis(11));
        }).doesNotThrowAnyException();
    }

    @Test
    void should_describe_the_figure_and_print_durations_as_latencies() {
        assertThatThrownBy(() -> assertThat(QUEUED).serviceTime().percentile(99).isLessThan(Duration.ofMillis(1)))
                .hasMessage(String.format("[p99 of the service time] %nExpecting actual:%n  2ms%nto be less than:%n  1ms "));
    }

    @Test
    void should_fail_has_percentile_at_most() {
        assertThatThrownBy(() -> assertThat(QUEUED).responseTime().hasPercentileAtMost(99, Duration.ofMillis(5)))
                .hasMessage(String.format("%nExpecting p99 of the response time to be at most 5ms but was 10ms (200 values)"));
    }

    @Test
    void should_refuse_figures_of_an_empty_distribution() {
        Result none = result().latency(LatencyHistogram.EMPTY).build();

        assertThatThrownBy(() -> assertThat(none).responseTime().percentile(99).isLessThan(Duration.ofSeconds(1)))
                .hasMessage(String.format("%nExpecting the response time to have values but it had none: no response finished"));
        assertThatThrownBy(() -> assertThat(none).serviceTime().mean())
                .hasMessageContaining("Expecting the service time to have values");
        assertThatThrownBy(() -> assertThat(none).responseTime().hasCount(1))
                .hasMessage(String.format("%nExpecting the response time to have 1 values but it had 0"));
    }

    @Test
    void should_name_a_distribution_asserted_on_its_own() {
        assertThatThrownBy(() -> assertThat(QUEUED.connectTime()).hasCount(3))
                .hasMessage(String.format("%nExpecting the latency to have 3 values but it had 2"));
        assertThatThrownBy(() -> new LatencyAssert(QUEUED.connectTime(), "connect time").max()
                .isLessThan(Duration.ofNanos(1)))
                .hasMessageStartingWith("[max of the connect time]");
    }

    @Test
    void should_refuse_a_percentile_out_of_range() {
        assertThatThrownBy(() -> assertThat(QUEUED).responseTime().percentile(100.1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percentile (100.1) must be within [0, 100]");
    }
}
