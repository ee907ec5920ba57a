package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveNoErrors.shouldHaveNoErrors;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.presentation.StandardRepresentation.STANDARD_REPRESENTATION;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import java.util.Map;
import org.assertj.core.description.TextDescription;
import org.junit.jupiter.api.Test;

class ShouldHaveNoErrorsTest {

    @Test
    void should_say_how_many_requests_failed_how_and_with_which_statuses_and_errors() {
        Result r = result().requests(new Requests(200, 200, 200, 192, 8, 3, 1, 0))
                .statuses(Map.of(200, 192L, 503, 5L))
                .error(ErrorCategory.RESET, 2, "Connection reset")
                .error(ErrorCategory.REQUEST_TIMEOUT, 1, "").build();

        String message = shouldHaveNoErrors(r).create(new TextDescription("Test"), STANDARD_REPRESENTATION);

        assertThat(message).isEqualTo(String.format("[Test] %n"
                + "Expecting result to have no errors but 8 of 200 requests failed (3 errored, 1 timeout)%n"
                + "status codes: {200=192, 503=5}%n"
                + "errors: request timeout: 1; connection reset or closed: 2 (Connection reset)"));
    }

    @Test
    void should_say_when_errors_occurred_although_no_request_failed() {
        Result r = result().error(ErrorCategory.REFUSED, 1, "Connection refused").build();

        assertThat(shouldHaveNoErrors(r).create()).isEqualTo(String.format("%n"
                + "Expecting result to have no errors but errors occurred although no request failed%n"
                + "status codes: {200=200}%n"
                + "errors: connection refused: 1 (Connection refused)"));
    }

    @Test
    void should_list_errors_by_category() {
        Result r = result().error(ErrorCategory.GOAWAY, 4, "GOAWAY NO_ERROR").build();

        assertThat(shouldHaveNoErrors(r.errors()).create())
                .isEqualTo(String.format("%nExpecting no errors but had: GOAWAY: 4 (GOAWAY NO_ERROR)"));
    }
}
