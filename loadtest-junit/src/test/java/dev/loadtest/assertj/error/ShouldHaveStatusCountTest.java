package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveStatusCount.shouldHaveStatusClassCount;
import static dev.loadtest.assertj.error.ShouldHaveStatusCount.shouldHaveStatusCount;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.presentation.StandardRepresentation.STANDARD_REPRESENTATION;

import dev.loadtest.StatusCodes;
import java.util.Map;
import org.assertj.core.description.TextDescription;
import org.junit.jupiter.api.Test;

class ShouldHaveStatusCountTest {

    static final StatusCodes CODES = new StatusCodes(Map.of(200, 195L, 503, 5L));

    @Test
    void should_show_the_count_expected_the_count_found_and_all_counts() {
        assertThat(shouldHaveStatusCount(200, 200, CODES).create(new TextDescription("Test"), STANDARD_REPRESENTATION))
                .isEqualTo(String.format("[Test] %nExpecting 200 responses with status 200 but had 195%n"
                        + "status codes: {200=195, 503=5}"));
    }

    @Test
    void should_word_a_status_class_as_nxx() {
        assertThat(shouldHaveStatusClassCount(5, 0, CODES).create())
                .isEqualTo(String.format("%nExpecting 0 5xx responses but had 5%nstatus codes: {200=195, 503=5}"));
    }
}
