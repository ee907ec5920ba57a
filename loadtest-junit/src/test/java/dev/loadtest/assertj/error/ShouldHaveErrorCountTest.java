package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveErrorCount.shouldHaveErrorCount;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import org.junit.jupiter.api.Test;

class ShouldHaveErrorCountTest {

    @Test
    void should_show_the_category_the_counts_and_all_errors() {
        var errors = result().error(ErrorCategory.REFUSED, 3, "Connection refused").build().errors();

        assertThat(shouldHaveErrorCount(ErrorCategory.REFUSED, 0, errors).create())
                .isEqualTo(String.format("%nExpecting 0 errors of category connection refused but had 3%n"
                        + "errors: connection refused: 3 (Connection refused)"));
        assertThat(shouldHaveErrorCount(ErrorCategory.RESET, 1, errors).create())
                .isEqualTo(String.format("%nExpecting 1 errors of category connection reset or closed but had 0%n"
                        + "errors: connection refused: 3 (Connection refused)"));
    }
}
