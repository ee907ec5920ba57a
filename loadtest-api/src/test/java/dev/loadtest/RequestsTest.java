package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestsTest {

    @Test
    void should_count_responses_as_done_minus_errored() {
        // 10 done: 7 succeeded, 3 failed of which 2 errored (no response) and 1 got a 404
        Requests r = new Requests(10, 10, 10, 7, 3, 2, 1, 0);

        assertThat(r.responded()).isEqualTo(8);
        assertThat(r.done()).isEqualTo(r.succeeded() + r.failed());
    }

    @Test
    void should_count_requests_in_flight_at_the_end() {
        // 6 sent and 2 never issued, 5 of the sent finished: one was still on the wire
        assertThat(new Requests(10, 6, 5, 4, 3, 3, 0, 2).inFlightAtEnd()).isEqualTo(1);
        assertThat(new Requests(10, 10, 10, 10, 0, 0, 0, 0).inFlightAtEnd()).isZero();
        assertThat(new Requests(10, 5, 5, 5, 4, 4, 0, 4).inFlightAtEnd()).isZero();
    }

    @Test
    void should_not_count_never_issued_requests_as_done() {
        // h2load's -n 10 against a closed port: 0 done, 10 failed, 10 errored
        Requests r = new Requests(10, 0, 0, 0, 10, 10, 0, 10);

        assertThat(r.responded()).isZero();
        assertThat(r.ended()).isEqualTo(10).isEqualTo(r.succeeded() + r.failed());
        assertThat(r.inFlightAtEnd()).isZero();
        assertThat(r.retried()).as("retried without a value is 0").isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8})
    void should_reject_a_negative_count(int field) {
        long[] counts = {10, 10, 10, 10, 0, 0, 0, 0, 0};
        counts[field] = -1;

        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Requests(counts[0], counts[1], counts[2], counts[3], counts[4], counts[5],
                        counts[6], counts[7], counts[8]))
                .withMessageEndingWith("must be >= 0");
    }

    @Test
    @Disabled("Requests.java:26 says only 'request counts must be >= 0': the message should name the count and"
            + " its value, e.g. 'failed (-1) must be >= 0'")
    void should_name_the_negative_count_and_its_value() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Requests(10, 10, 10, 10, -1, 0, 0, 0))
                .withMessage("failed (-1) must be >= 0");
    }

    @Test
    void should_rate_errors_over_the_ended_requests_so_never_issued_ones_keep_it_within_100_percent() {
        // 10 due, 2 never issued, 8 done of which 2 got a 503: failed 4 of 10 ended (over done it would be 4 of 8)
        Requests r = new Requests(10, 8, 8, 6, 4, 2, 0, 2);

        assertThat(r.errorRate()).isEqualTo(0.4);
        // every request never issued: 10 of 10 failed, not 10 of 0
        assertThat(new Requests(10, 0, 0, 0, 10, 10, 0, 10).errorRate()).isEqualTo(1.0);
    }

    @Test
    void should_have_no_error_rate_when_nothing_ended() {
        assertThat(new Requests(10, 3, 0, 0, 0, 0, 0, 0).errorRate()).isNaN();
        assertThat(Requests.errorRate(0, 0)).isNaN();
        assertThat(Requests.errorRate(1, 4)).isEqualTo(0.25);
    }
}
