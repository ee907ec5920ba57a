package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveOnlyStatusClass.shouldHaveOnlyStatusClass;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.StatusCodes;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShouldHaveOnlyStatusClassTest {

    @Test
    void should_show_the_responses_outside_the_class() {
        StatusCodes codes = new StatusCodes(Map.of(200, 190L, 204, 3L, 404, 2L, 503, 5L));

        assertThat(shouldHaveOnlyStatusClass(2, codes).create())
                .isEqualTo(String.format("%nExpecting only 2xx responses but had 7 others: {404=2, 503=5}"));
    }
}
