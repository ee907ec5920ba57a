package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The text report's units as h2load prints them ({@code util::utos_funit}); its durations: {@link DurationFormatTest}. */
class TextReportUnitsTest {

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
        assertThat(TextReport.bytes(bytes)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "0,          0.00%",
            "0.9333333,  93.33%",
            "0.75,       75.00%",
            "1,          100.00%",
    })
    void should_format_fractions_as_percentages_with_two_decimals(double fraction, String expected) {
        assertThat(TextReport.percent(fraction)).isEqualTo(expected);
    }

    @Test
    void should_not_depend_on_the_default_locale() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(TextReport.bytes(149_996)).isEqualTo("146.48KB");
            assertThat(TextReport.percent(0.5)).isEqualTo("50.00%");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
