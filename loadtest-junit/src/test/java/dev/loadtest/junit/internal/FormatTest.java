package dev.loadtest.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FormatTest {

    @ParameterizedTest
    @CsvSource({
            "0, 0ns", "1, 1ns", "999, 999ns", "1000, 1us", "412500, 412.5us", "25000000, 25ms",
            "31415926, 31.42ms", "1000000000, 1s", "1500000000, 1.5s", "1234567890123, 1234.57s"})
    void should_print_durations_short_and_exact_where_round(long nanos, String text) {
        assertThat(Format.duration(Duration.ofNanos(nanos))).isEqualTo(text);
    }

    @Test
    void should_print_every_digit_only_where_rounding_would_hide_a_difference() {
        assertThat(Format.durationBeside(Duration.ofNanos(10_002_431), Duration.ofMillis(10))).isEqualTo("10.002431ms");
        assertThat(Format.durationBeside(Duration.ofNanos(10_105_247), Duration.ofMillis(10))).isEqualTo("10.11ms");
        assertThat(Format.durationBeside(Duration.ofMillis(10), Duration.ofMillis(10))).isEqualTo("10ms");
        assertThat(Format.durationBeside(Duration.ofNanos(1_001), Duration.ofNanos(1_000))).isEqualTo("1.001us");
    }

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
