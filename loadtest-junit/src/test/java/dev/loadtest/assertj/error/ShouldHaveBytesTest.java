package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveBytes.shouldHaveBytes;
import static dev.loadtest.assertj.error.ShouldHaveBytes.shouldHaveBytesAtLeast;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShouldHaveBytesTest {

    @Test
    void should_name_the_count_and_show_both_values() {
        assertThat(shouldHaveBytes("data", 2800, 2786).create())
                .isEqualTo(String.format("%nExpecting 2800 data bytes but had 2786"));
        assertThat(shouldHaveBytesAtLeast("data", 1024, 14).create())
                .isEqualTo(String.format("%nExpecting at least 1024 data bytes but had 14"));
    }
}
