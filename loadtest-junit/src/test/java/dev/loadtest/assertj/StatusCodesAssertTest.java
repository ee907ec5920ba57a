package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.StatusCodes;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusCodesAssertTest {

    static final StatusCodes MIXED = new StatusCodes(Map.of(200, 195L, 204, 1L, 503, 5L));

    @Test
    void should_pass_on_matching_counts() {
        assertThatCode(() -> assertThat(MIXED).hasCount(200, 195).hasCount(404, 0).hasCountOfClass(2, 196)
                .doesNotContain(404)).doesNotThrowAnyException();
        assertThatCode(() -> assertThat(new StatusCodes(Map.of(200, 1L, 201, 1L))).containsOnlyClass(2))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_counts() {
        assertThatThrownBy(() -> assertThat(MIXED).hasCount(200, 200))
                .hasMessage(String.format("%nExpecting 200 responses with status 200 but had 195%n"
                        + "status codes: {200=195, 204=1, 503=5}"));
        assertThatThrownBy(() -> assertThat(MIXED).hasCountOfClass(5, 0))
                .hasMessage(String.format("%nExpecting 0 5xx responses but had 5%nstatus codes: {200=195, 204=1, 503=5}"));
        assertThatThrownBy(() -> assertThat(MIXED).doesNotContain(503))
                .hasMessageStartingWith("%nExpecting 0 responses with status 503 but had 5".formatted());
    }

    @Test
    void should_fail_contains_only_class() {
        assertThatThrownBy(() -> assertThat(MIXED).containsOnlyClass(2))
                .hasMessage(String.format("%nExpecting only 2xx responses but had 5 others: {503=5}"));
    }
}
