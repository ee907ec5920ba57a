package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveRequestCount.shouldHaveRequestCount;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Requests;
import org.junit.jupiter.api.Test;

class ShouldHaveRequestCountTest {

    @Test
    void should_show_the_count_and_the_requests_line_of_the_report() {
        Requests q = new Requests(200, 200, 200, 195, 5, 0, 0, 0);

        assertThat(shouldHaveRequestCount("succeeded", 200, 195, q).create())
                .isEqualTo(String.format("%nExpecting 200 requests succeeded but had 195%n"
                        + "requests: 200 total, 200 started, 200 done, 195 succeeded, 5 failed, 0 errored, 0 timeout"));
    }
}
