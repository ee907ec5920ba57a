package dev.loadtest.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void should_print_rates_percentages_and_factors_without_exponents() {
        assertThat(Format.rate(2000)).isEqualTo("2000 req/s");
        assertThat(Format.rate(1733.918)).isEqualTo("1733.92 req/s");
        assertThat(Format.rate(1e9)).isEqualTo("1000000000 req/s");
        assertThat(Format.percent(0.001)).isEqualTo("0.1%");
        assertThat(Format.percent(1)).isEqualTo("100%");
        assertThat(Format.percent(0)).isEqualTo("0%");
        assertThat(Format.percent(2.0 / 3)).isEqualTo("66.6667%");
        assertThat(Format.factor(2)).isEqualTo("2");
        assertThat(Format.factor(1e-12)).isEqualTo("0.000000000001");
        assertThat(Format.percentileName(99.9)).isEqualTo("p99.9");
        assertThat(Format.percentileName(50)).isEqualTo("p50");
        assertThat(Format.number(Double.NaN)).isEqualTo("NaN");
    }
}
