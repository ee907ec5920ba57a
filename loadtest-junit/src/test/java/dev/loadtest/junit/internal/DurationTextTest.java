package dev.loadtest.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "25ms     | 25000000",
            "25 ms    | 25000000",
            "1.5s     | 1500000000",
            "250us    | 250000",
            "250µs    | 250000",
            "100ns    | 100",
            "2m       | 120000000000",
            "2min     | 120000000000",
            "0.5ms    | 500000",
            ".5ms     | 500000",
            "1.5ns    | 2",
            "10S      | 10000000000",
            "PT0.025S | 25000000",
            "pt1m     | 60000000000",
            "0ms      | 0"})
    void should_read_a_number_and_a_unit_or_iso_8601(String text, long nanos) {
        assertThat(DurationText.parse(text)).isEqualTo(Duration.ofNanos(nanos));
    }

    @ParameterizedTest
    @ValueSource(strings = {"25", "ms", "", "25 sec", "-5ms", "1,5s", "25mss", "1e3ms"})
    void should_refuse_anything_else_saying_what_is_expected(String text) {
        assertThatThrownBy(() -> DurationText.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("is not a duration: write a number and a unit (ns, us, ms, s, m), e.g. \"25ms\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"PT", "P5X", "PTms"})
    void should_refuse_malformed_iso_8601(String text) {
        assertThatThrownBy(() -> DurationText.parse(text)).hasMessage("is not an ISO-8601 duration such as PT0.025S");
    }

    @org.junit.jupiter.api.Test
    void should_refuse_negative_and_overlong_durations() {
        assertThatThrownBy(() -> DurationText.parse("PT-1S")).hasMessage("must not be negative");
        assertThatThrownBy(() -> DurationText.parse("9999999999999999999s"))
                .hasMessage("is too long: at most about 292 years");
    }
}
