package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Result;
import org.junit.jupiter.api.Test;

class ErrorsAssertTest {

    static final Result REFUSED = result().error(ErrorCategory.REFUSED, 3, "Connection refused").build();

    @Test
    void should_pass_on_what_happened() {
        assertThatCode(() -> {
            assertThat(result().build()).errors().isEmpty().doesNotContain(ErrorCategory.RESET);
            assertThat(REFUSED).errors().contains(ErrorCategory.REFUSED).hasCount(ErrorCategory.REFUSED, 3)
                    .doesNotContain(ErrorCategory.TLS);
        }).doesNotThrowAnyException();
    }

    @Test
    void should_fail_is_empty_listing_the_errors() {
        assertThatThrownBy(() -> assertThat(REFUSED).errors().isEmpty())
                .hasMessage(String.format("%nExpecting no errors but had: connection refused: 3 (Connection refused)"));
    }

    @Test
    void should_fail_counts() {
        assertThatThrownBy(() -> assertThat(REFUSED).errors().doesNotContain(ErrorCategory.REFUSED))
                .hasMessage(String.format("%nExpecting 0 errors of category connection refused but had 3%n"
                        + "errors: connection refused: 3 (Connection refused)"));
        assertThatThrownBy(() -> assertThat(REFUSED).errors().hasCount(ErrorCategory.REFUSED, 2))
                .hasMessageStartingWith("%nExpecting 2 errors of category connection refused but had 3".formatted());
    }

    @Test
    void should_fail_contains() {
        assertThatThrownBy(() -> assertThat(REFUSED).errors().contains(ErrorCategory.REQUEST_TIMEOUT))
                .hasMessage(String.format("%nExpecting errors of category request timeout but had none%n"
                        + "errors: connection refused: 3 (Connection refused)"));
    }
}
