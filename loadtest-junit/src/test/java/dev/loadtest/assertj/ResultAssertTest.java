package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultAssertTest {

    static final Result CLEAN = result().build();
    static final Result FAILING = result().requests(new Requests(200, 200, 200, 195, 5, 0, 0, 0))
            .statuses(Map.of(200, 195L, 503, 5L)).verdict(Verdict.ERRORS).build();

    @Test
    void should_pass_on_a_clean_result() {
        assertThatCode(() -> assertThat(CLEAN).hasNoErrors().hasStatusCount(200, 200).hasVerdict(Verdict.OK)
                .hasDone(200).hasSucceeded(200).hasFailed(0).hasErrorRateAtMost(0))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_has_no_errors_on_failed_requests() {
        assertThatThrownBy(() -> assertThat(FAILING).hasNoErrors()).isInstanceOf(AssertionError.class)
                .hasMessage(String.format("%nExpecting result to have no errors but 5 of 200 requests failed (0 errored, 0 timeout)"
                        + "%nstatus codes: {200=195, 503=5}%nerrors: none"));
    }

    @Test
    void should_fail_has_no_errors_on_connection_errors_alone() {
        Result refusedOnce = result().error(ErrorCategory.REFUSED, 1, "Connection refused").build();

        assertThatThrownBy(() -> assertThat(refusedOnce).hasNoErrors())
                .hasMessageContaining("errors occurred although no request failed");
    }

    @Test
    void should_fail_has_status_count() {
        assertThatThrownBy(() -> assertThat(FAILING).hasStatusCount(200, 200))
                .hasMessage(String.format("%nExpecting 200 responses with status 200 but had 195%nstatus codes: {200=195, 503=5}"));
    }

    @Test
    void should_fail_has_verdict() {
        assertThatThrownBy(() -> assertThat(FAILING).hasVerdict(Verdict.OK))
                .hasMessage(String.format("%nExpecting verdict ok but was errors: 5 of 200 requests failed"));
    }

    @Test
    void should_fail_request_counts() {
        assertThatThrownBy(() -> assertThat(FAILING).hasSucceeded(200))
                .hasMessageStartingWith("%nExpecting 200 requests succeeded but had 195".formatted());
        assertThatThrownBy(() -> assertThat(FAILING).hasFailed(0))
                .hasMessageStartingWith("%nExpecting 0 requests failed but had 5".formatted());
        assertThatThrownBy(() -> assertThat(FAILING).hasDone(201))
                .hasMessageStartingWith("%nExpecting 201 requests done but had 200".formatted());
    }

    @Test
    void should_check_the_error_rate() {
        assertThatCode(() -> assertThat(FAILING).hasErrorRateAtMost(0.025)).doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(FAILING).hasErrorRateAtMost(0.001))
                .hasMessage(String.format("%nExpecting an error rate of at most 0.1%% but was 2.5%% (5 of 200 requests failed)"));
        assertThatThrownBy(() -> assertThat(FAILING).hasErrorRateAtMost(2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max error rate (2.0) must be within [0, 1]");
    }

    @Test
    void should_carry_its_description_to_the_parts() {
        assertThatThrownBy(() -> assertThat(FAILING).as("checkout").statusCodes().hasCount(503, 0))
                .hasMessageStartingWith("[checkout] %nExpecting 0 responses with status 503".formatted());
        assertThatThrownBy(() -> assertThat(FAILING).as("checkout").responseTime().percentile(99)
                .isLessThan(java.time.Duration.ofNanos(1)))
                .hasMessageStartingWith("[checkout: p99 of the response time]");
    }

    @Test
    @SuppressWarnings("deprecation")
    void should_keep_latency_as_the_deprecated_name_of_the_response_time_assertions() {
        assertThatThrownBy(() -> assertThat(FAILING).as("checkout").latency().percentile(99)
                .isLessThan(java.time.Duration.ofNanos(1)))
                .hasMessageStartingWith("[checkout: p99 of the response time]");
    }

    @Test
    void should_fail_on_a_null_result() {
        assertThatThrownBy(() -> assertThat((Result) null).hasNoErrors())
                .hasMessageContaining("Expecting actual not to be null");
    }
}
