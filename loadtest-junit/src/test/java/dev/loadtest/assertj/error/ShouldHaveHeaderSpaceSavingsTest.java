package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveHeaderSpaceSavings.shouldHaveHeaderSpaceSavingsAtLeast;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Traffic;
import org.junit.jupiter.api.Test;

class ShouldHaveHeaderSpaceSavingsTest {

    @Test
    void should_show_the_savings_and_the_header_bytes_behind_them() {
        Traffic http1 = new Traffic(4000, 1200, 1200, 2800, 900);

        assertThat(shouldHaveHeaderSpaceSavingsAtLeast(0.5, http1).create())
                .isEqualTo(String.format("%nExpecting header space savings of at least 50%% but were 0%% "
                        + "(1200 header bytes for 1200 decoded)"));
    }
}
