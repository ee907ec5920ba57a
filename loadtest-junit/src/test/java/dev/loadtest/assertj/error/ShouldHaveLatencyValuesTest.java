package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveLatencyValues.shouldHaveLatencyValues;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShouldHaveLatencyValuesTest {

    @Test
    void should_say_an_empty_distribution_means_no_response() {
        assertThat(shouldHaveLatencyValues("service time").create()).isEqualTo(
                String.format("%nExpecting the service time to have values but it had none: no response finished"));
    }

    @Test
    void should_show_the_count_expected_and_found() {
        assertThat(shouldHaveLatencyValues("response time", 200, 195).create())
                .isEqualTo(String.format("%nExpecting the response time to have 200 values but it had 195"));
    }
}
