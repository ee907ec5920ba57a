package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationFormatTest {

    @Test
    void should_print_durations_as_people_write_them() {
        assertThat(DurationFormat.format(Duration.ofNanos(7_806_975))).isEqualTo("7.81ms");
        assertThat(DurationFormat.format(Duration.ofMillis(25))).isEqualTo("25ms");
        assertThat(DurationFormat.format(Duration.ofNanos(412_500))).isEqualTo("412.5us");
        assertThat(DurationFormat.format(Duration.ofNanos(1))).isEqualTo("1ns");
        assertThat(DurationFormat.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
        assertThat(DurationFormat.format(Duration.ZERO)).isEqualTo("0ns");
        assertThat(DurationFormat.format(Duration.ofMillis(-3))).isEqualTo("-3ms");
        assertThat(DurationFormat.format(Duration.ofDays(400 * 365))).isEqualTo("12614400000s");
    }

    @Test
    void should_print_every_digit_when_asked_for_the_exact_value() {
        assertThat(DurationFormat.exact(Duration.ofNanos(10_005_247))).isEqualTo("10.005247ms");
        assertThat(DurationFormat.exact(Duration.ofNanos(1_000_000_001))).isEqualTo("1.000000001s");
    }

    @Test
    void should_print_every_digit_beside_a_limit_only_where_rounding_would_hide_a_difference() {
        assertThat(DurationFormat.beside(Duration.ofNanos(10_002_431), Duration.ofMillis(10))).isEqualTo("10.002431ms");
        assertThat(DurationFormat.beside(Duration.ofNanos(10_105_247), Duration.ofMillis(10))).isEqualTo("10.11ms");
        assertThat(DurationFormat.beside(Duration.ofMillis(10), Duration.ofMillis(10))).isEqualTo("10ms");
        assertThat(DurationFormat.beside(Duration.ofNanos(1_001), Duration.ofNanos(1_000))).isEqualTo("1.001us");
    }

    @Test
    void should_print_h2loads_columns_whatever_the_default_locale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(DurationFormat.fixed(Duration.ofMillis(25))).isEqualTo("25.00ms");
            assertThat(DurationFormat.fixed(Duration.ofNanos(128_999))).isEqualTo("128us");
            assertThat(DurationFormat.fixed(Duration.ofMillis(1010))).isEqualTo("1.01s");
            assertThat(DurationFormat.fixedNanos(1_234_567.8)).isEqualTo("1.23ms");
        } finally {
            Locale.setDefault(before);
        }
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
            "0,             0us",
            "128000,        128us",
            "999000,        999us",
            "1000000,       1.00ms",
            "12090000,      12.09ms",
            "12094999,      12.09ms",
            "12095001,      12.10ms",
            "999999999,     1000.00ms",
            "1000000000,    1.00s",
            "1010000000,    1.01s",
            "61000000000,   61.00s",
    })
    void should_print_h2loads_columns_as_its_util_format_duration(long nanos, String expected) {
        assertThat(DurationFormat.fixed(Duration.ofNanos(nanos))).isEqualTo(expected);
        assertThat(DurationFormat.fixedNanos(nanos)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
            "128900,   128us",
            "999600,   999us",
            "999936,   999us",    // 1 ms as HdrHistogram gives it back for min()
            "500,      0us",
    })
    void should_truncate_microseconds_like_h2load(long nanos, String expected) {
        assertThat(DurationFormat.fixedNanos(nanos)).isEqualTo(expected);
    }

    @Test
    void should_print_settings_as_typed() {
        assertThat(DurationFormat.setting(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(DurationFormat.setting(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(DurationFormat.setting(Duration.ofHours(1).plusSeconds(5))).isEqualTo("1h5s");
        assertThat(DurationFormat.setting(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(DurationFormat.setting(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(DurationFormat.setting(Duration.ofNanos(1_500))).isEqualTo("1.5us");
        assertThat(DurationFormat.setting(Duration.ZERO)).isEqualTo("0s");
    }

    @Test
    void should_parse_back_what_it_prints() {
        for (Duration d : List.of(Duration.ofNanos(7_806_975), Duration.ofMillis(25), Duration.ofNanos(412_500),
                Duration.ofSeconds(3), Duration.ofNanos(1))) {
            assertThat(DurationFormat.parse(DurationFormat.exact(d))).isEqualTo(d);
        }
        assertThat(DurationFormat.parse("1.5 s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationFormat.parse("250µs")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(DurationFormat.parse("2min")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationFormat.parse("PT0.025S")).isEqualTo(Duration.ofMillis(25));
    }

    @Test
    void should_say_what_is_wrong_with_a_text() {
        assertThatThrownBy(() -> DurationFormat.parse("25"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("is not a duration: write a number and a unit (ns, us, ms, s, m), e.g. \"25ms\"");
        assertThatThrownBy(() -> DurationFormat.parse("PT-1S")).hasMessage("must not be negative");
    }

    @Test
    void should_give_the_value_types_a_human_to_string() {
        LatencySummary summary = new LatencySummary(2, Duration.ofMillis(1), Duration.ofNanos(7_806_975),
                Duration.ofMillis(7), Duration.ofMillis(8), Duration.ofMillis(9), Duration.ofMillis(9),
                Duration.ofMillis(10));

        assertThat(summary.toString()).isEqualTo("LatencySummary[count=2, min=1ms, mean=7.81ms, p50=7ms, p90=8ms,"
                + " p99=9ms, p999=9ms, max=10ms]").doesNotContain("PT");
        assertThat(Stage.rate(500, Duration.ofSeconds(10))).hasToString("Stage[rate=500.0 req/s, duration=10s]");
        assertThat(Stage.ramp(0, 2000, Duration.ofMinutes(1)))
                .hasToString("Stage[rate=0.0 -> 2000.0 req/s, duration=1m]");
        assertThat(new Progress(0.5, Duration.ofMillis(1500), 10, 0, 20).toString()).contains("elapsed=1.5s");
        org.HdrHistogram.Histogram h = LatencyHistogram.newHistogram();
        h.recordValue(7_806_975);
        assertThat(LatencyHistogram.of(h).toString()).contains("max=7.81ms").doesNotContain("PT");
    }
}
