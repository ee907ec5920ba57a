package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldContainErrorCategory.shouldContainErrorCategory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShouldContainErrorCategoryTest {

    @Test
    void should_show_the_category_missing_and_the_errors_there_were() {
        assertThat(shouldContainErrorCategory(ErrorCategory.REQUEST_TIMEOUT, Map.of()).create())
                .isEqualTo(String.format("%nExpecting errors of category request timeout but had none%nerrors: none"));
    }
}
