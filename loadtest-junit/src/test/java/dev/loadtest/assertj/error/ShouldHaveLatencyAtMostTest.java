package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveLatencyAtMost.shouldHaveLatencyAtMost;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ShouldHaveLatencyAtMostTest {

    @Test
    void should_name_the_statistic_the_latency_the_limit_and_the_value() {
        assertThat(shouldHaveLatencyAtMost("p99", "response time", Duration.ofMillis(25),
                Duration.ofNanos(31_415_926), 8670).create())
                .isEqualTo(String.format("%nExpecting p99 of the response time to be at most 25ms but was 31.42ms "
                        + "(8670 values)"));
    }
}
