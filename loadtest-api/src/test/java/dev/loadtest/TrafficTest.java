package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrafficTest {

    @Test
    void should_compute_header_space_savings_as_h2load() {
        // 1 - headerBytes / decodedHeaderBytes
        assertThat(new Traffic(10_000, 1_000, 4_000, 9_000, 500).headerSpaceSavings()).isEqualTo(0.75);
        assertThat(new Traffic(10_000, 1_522, 6_584, 5_000, 500).headerSpaceSavings())
                .isCloseTo(1 - 1522.0 / 6584, within(1e-12));
    }

    @Test
    void should_save_nothing_on_http_1_1() {
        assertThat(new Traffic(10_000, 2_000, 2_000, 8_000, 500).headerSpaceSavings()).isZero();
    }

    @Test
    void should_save_nothing_without_headers() {
        assertThat(new Traffic(0, 0, 0, 0, 0).headerSpaceSavings()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void should_reject_a_negative_byte_count(int field) {
        long[] counts = {100, 10, 10, 90, 50};
        counts[field] = -1;

        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Traffic(counts[0], counts[1], counts[2], counts[3], counts[4]))
                .withMessageEndingWith("must be >= 0");
    }

    @Test
    @Disabled("Traffic.java:20 says only 'byte counts must be >= 0': the message should name the count and its"
            + " value, e.g. 'headerBytes (-1) must be >= 0'")
    void should_name_the_negative_byte_count_and_its_value() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Traffic(100, -1, 10, 90, 50))
                .withMessage("headerBytes (-1) must be >= 0");
    }
}
