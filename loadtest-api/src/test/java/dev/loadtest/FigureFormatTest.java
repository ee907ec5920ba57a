package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureFormatTest {

    @Test
    void should_print_rates_percentages_and_factors_without_exponents() {
        assertThat(FigureFormat.rate(2000)).isEqualTo("2000 req/s");
        assertThat(FigureFormat.rate(1733.918)).isEqualTo("1733.92 req/s");
        assertThat(FigureFormat.rate(1e9)).isEqualTo("1000000000 req/s");
        assertThat(FigureFormat.percent(0.001)).isEqualTo("0.1%");
        assertThat(FigureFormat.percent(1)).isEqualTo("100%");
        assertThat(FigureFormat.percent(0)).isEqualTo("0%");
        assertThat(FigureFormat.percent(2.0 / 3)).isEqualTo("66.6667%");
        assertThat(FigureFormat.factor(2)).isEqualTo("2");
        assertThat(FigureFormat.factor(1e-12)).isEqualTo("0.000000000001");
        assertThat(FigureFormat.percentileName(99.9)).isEqualTo("p99.9");
        assertThat(FigureFormat.percentileName(50)).isEqualTo("p50");
        assertThat(FigureFormat.number(Double.NaN)).isEqualTo("NaN");
    }
}
