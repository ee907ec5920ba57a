package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Result;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThroughputAssertTest {

    static final Result TWO_HUNDRED_IN_TWO_SECONDS = result().duration(Duration.ofSeconds(2)).build();

    @Test
    void should_pass_within_bounds() {
        assertThatCode(() -> assertThat(TWO_HUNDRED_IN_TWO_SECONDS).throughput().isAtLeast(100).isAtMost(100)
                .isEqualTo(100.0)).doesNotThrowAnyException();
    }

    @Test
    void should_fail_below_the_least() {
        assertThatThrownBy(() -> assertThat(TWO_HUNDRED_IN_TWO_SECONDS).throughput().isAtLeast(2000))
                .hasMessage(String.format("%nExpecting a throughput of at least 2000 req/s but was 100 req/s "
                        + "(200 responses in 2s)"));
    }

    @Test
    void should_fail_above_the_most() {
        assertThatThrownBy(() -> assertThat(TWO_HUNDRED_IN_TWO_SECONDS).throughput().isAtMost(50.5))
                .hasMessage(String.format("%nExpecting a throughput of at most 50.5 req/s but was 100 req/s (200 responses in 2s)"));
    }
}
