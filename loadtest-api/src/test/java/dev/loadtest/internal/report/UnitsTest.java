package dev.loadtest.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Numbers printed as h2load prints them ({@code util::format_duration}, {@code util::utos_funit}). */
class UnitsTest {

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
    void should_format_durations_like_h2load(long nanos, String expected) {
        assertThat(Units.duration(Duration.ofNanos(nanos))).isEqualTo(expected);
        assertThat(Units.durationNanos(nanos)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
            "128900,   128us",
            "999600,   999us",
            "999936,   999us",    // 1 ms as HdrHistogram gives it back for min()
            "500,      0us",
    })
    void should_truncate_microseconds_like_h2load(long nanos, String expected) {
        assertThat(Units.durationNanos(nanos)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} bytes -> {1}")
    @CsvSource({
            "0,            0B",
            "512,          512B",
            "1023,         1023B",
            "1024,         1.00KB",
            "149996,       146.48KB",
            "148000,       144.53KB",
            "1048575,      1024.00KB",
            "1048576,      1.00MB",
            "1174405,      1.12MB",
            "1073741824,   1.00GB",
    })
    void should_format_byte_counts_with_1024_based_units_like_h2load(long bytes, String expected) {
        assertThat(Units.bytes(bytes)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "0,          0.00%",
            "0.9333333,  93.33%",
            "0.75,       75.00%",
            "1,          100.00%",
    })
    void should_format_fractions_as_percentages_with_two_decimals(double fraction, String expected) {
        assertThat(Units.percent(fraction)).isEqualTo(expected);
    }

    @Test
    void should_not_depend_on_the_default_locale() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(Units.duration(Duration.ofMillis(1010))).isEqualTo("1.01s");
            assertThat(Units.bytes(149_996)).isEqualTo("146.48KB");
            assertThat(Units.percent(0.5)).isEqualTo("50.00%");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
