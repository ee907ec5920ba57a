package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveThroughput.shouldHaveThroughputAtLeast;
import static dev.loadtest.assertj.error.ShouldHaveThroughput.shouldHaveThroughputAtMost;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ShouldHaveThroughputTest {

    @Test
    void should_show_the_bound_the_throughput_and_what_it_was_made_of() {
        assertThat(shouldHaveThroughputAtLeast(2000, 1733.918, 8670, Duration.ofSeconds(5)).create())
                .isEqualTo(String.format("%nExpecting a throughput of at least 2000 req/s but was 1733.92 req/s "
                        + "(8670 responses in 5s)"));
        assertThat(shouldHaveThroughputAtMost(100, 150, 150, Duration.ofSeconds(1)).create())
                .isEqualTo(String.format("%nExpecting a throughput of at most 100 req/s but was 150 req/s "
                        + "(150 responses in 1s)"));
    }
}
