package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveErrorRateAtMost.shouldHaveErrorRateAtMost;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Requests;
import org.junit.jupiter.api.Test;

class ShouldHaveErrorRateAtMostTest {

    @Test
    void should_show_the_rate_and_the_counts_it_comes_from() {
        assertThat(shouldHaveErrorRateAtMost(0.001, new Requests(200, 200, 200, 195, 5, 5, 0, 0)).create())
                .isEqualTo(String.format("%nExpecting an error rate of at most 0.1%% but was 2.5%% "
                        + "(5 of 200 requests failed)"));
    }

    @Test
    void should_say_when_no_request_finished() {
        assertThat(shouldHaveErrorRateAtMost(0.5, new Requests(0, 0, 0, 0, 0, 0, 0, 0)).create())
                .isEqualTo(String.format("%nExpecting an error rate of at most 50%% but no request finished"));
    }
}
