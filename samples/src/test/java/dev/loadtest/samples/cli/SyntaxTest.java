package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Stage;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyntaxTest {

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource({
        "10s, 10000000000",
        "10, 10000000000",          // a plain number is seconds, as h2load -D
        "1.5, 1500000000",
        "500ms, 500000000",
        "250us, 250000",
        "1m, 60000000000",
        "1h, 3600000000000",
        "0, 0",
        "' 2s ', 2000000000",
    })
    void should_read_durations_as_h2load_writes_them(String text, long nanos) {
        assertThat(Syntax.duration(text)).isEqualTo(Duration.ofNanos(nanos));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "10x|'10x' is not a duration",
        "-1s|'-1s' is not a duration",
        "s|'s' is not a duration",
        "1.s|'1.s' is not a duration",
        "1 000s|'1 000s' is not a duration",
        "''|'' is not a duration",
        "366d|'366d' is not a duration",
        "9000h|'9000h' is too long a duration",
    })
    void should_refuse_malformed_durations(String text, String message) {
        assertThatThrownBy(() -> Syntax.duration(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"100, 100", "10k, 10000", "10K, 10000", "1.5k, 1500", "2M, 2000000", "1G, 1000000000", "0, 0"})
    void should_read_counts_with_si_suffixes_as_wrk(String text, long count) {
        assertThat(Syntax.count(text)).isEqualTo(count);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "1.5|'1.5' is not a whole number",
        "1.0005k|'1.0005k' is not a whole number",
        "ten|'ten' is not a count",
        "-5|'-5' is not a count",
        "5kb|'5kb' is not a count",
    })
    void should_refuse_malformed_counts(String text, String message) {
        assertThatThrownBy(() -> Syntax.count(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"65536, 65536", "64k, 65536", "64K, 65536", "64kb, 65536", "64KiB, 65536", "1m, 1048576",
            "1.5MiB, 1572864", "1g, 1073741824", "512b, 512", "0.5k, 512", "0, 0"})
    void should_read_sizes_in_powers_of_1024(String text, long bytes) {
        assertThat(Syntax.size(text)).isEqualTo(bytes);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "1.5|'1.5' is not a whole number of bytes",
        "0.1k|'0.1k' is not a whole number of bytes",
        "64 kilobytes|'64 kilobytes' is not a size: use e.g. 65536, 64k, 1m (k = 1024 bytes)",
        "-1k|'-1k' is not a size",
        "1t|'1t' is not a size",
        "99999999999g|'99999999999g' is too large a size",
    })
    void should_refuse_malformed_sizes(String text, String message) {
        assertThatThrownBy(() -> Syntax.size(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"1000, 1000, 1000", "2.5k, 2500, 2500", "0.5, 0.5, 0.5", "100:1k, 100, 1000", "0:500, 0, 500",
        "1k:0, 1000, 0"})
    void should_read_rates_and_ramps(String text, double from, double to) {
        assertThat(Syntax.RateSpec.parse(text)).isEqualTo(new Syntax.RateSpec(from, to));
        assertThat(Syntax.RateSpec.parse(text).isRamp()).isEqualTo(from != to);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "0|'0' is a rate of 0",
        "0:0|'0:0' is a rate of 0",
        "1:2:3|'1:2:3' is not a rate",
        "fast|'fast' is not a rate",
        "11M|'11M' is too high a rate",
        ":100|'' is not a rate",
    })
    void should_refuse_malformed_rates(String text, String message) {
        assertThatThrownBy(() -> Syntax.RateSpec.parse(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "1000/10s|1000|1000|10000",
        "2000:500/5s|2000|500|5000",
        "0:2k/30|0|2000|30000",
        "0.5/250ms|0.5|0.5|250",
    })
    void should_read_stages(String text, double from, double to, long millis) {
        assertThat(Syntax.stage(text)).isEqualTo(new Stage(from, to, Duration.ofMillis(millis)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "1000|'1000' is not a stage",
        "1000/|'' is not a duration",
        "1000/0s|'1000/0s' lasts 0s",
        "0/10s|'0' is a rate of 0",
        "x/10s|'x' is not a rate",
    })
    void should_refuse_malformed_stages(String text, String message) {
        assertThatThrownBy(() -> Syntax.stage(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"50/10s|50|10000", "1k/500ms|1000|500"})
    void should_read_concurrency_stages(String text, int concurrency, long millis) {
        assertThat(Syntax.concurrencyStage(text)).isEqualTo(Stage.concurrency(concurrency, Duration.ofMillis(millis)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"50|'50' is not a concurrency stage", "0/1s|'0/1s': the requests in flight",
        "5/0|'5/0' lasts 0s"})
    void should_refuse_malformed_concurrency_stages(String text, String message) {
        assertThatThrownBy(() -> Syntax.concurrencyStage(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "p99=25ms|99|25|p99",
        "p99.9=40ms|99.9|40|p99.9",
        "P50=5|50|5000|p50",
        "99.99=1s|99.99|1000|p99.99",
        "max=2s|100|2000|max",
        "p0=1ms|0|1|p0",
    })
    void should_read_latency_limits(String text, double percentile, long millis, String name) {
        Syntax.LatencyLimit limit = Syntax.LatencyLimit.parse(text);

        assertThat(limit).isEqualTo(new Syntax.LatencyLimit(percentile, Duration.ofMillis(millis)));
        assertThat(limit.name()).isEqualTo(name);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "p99|'p99' is not a latency limit",
        "p101=1ms|'p101=1ms': a percentile must be within [0, 100]",
        "pmedian=1ms|'pmedian=1ms' names no percentile",
        "p99=fast|'fast' is not a duration",
    })
    void should_refuse_malformed_latency_limits(String text, String message) {
        assertThatThrownBy(() -> Syntax.LatencyLimit.parse(text)).hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"0.01, 0.01", "1%, 0.01", "0, 0", "100%, 1", "2.5 %, 0.025", "1, 1"})
    void should_read_fractions_and_percentages(String text, double fraction) {
        assertThat(Syntax.fraction(text)).isEqualTo(fraction);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"150%|'150%' is over 100%", "2|'2' is over 100%", "-1%|'-1%' is not a fraction",
        "one|'one' is not a fraction"})
    void should_refuse_malformed_fractions(String text, String message) {
        assertThatThrownBy(() -> Syntax.fraction(text)).hasMessageStartingWith(message);
    }
}
