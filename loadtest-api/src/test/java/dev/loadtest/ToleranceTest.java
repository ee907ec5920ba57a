package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToleranceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "p99=10%         | P99        | 0.10",
        "p99:10%         | P99        | 0.10",
        "p99 +10 %       | P99        | 0.10",
        "p99.9=25%       | P999       | 0.25",
        "p50=2.5%        | P50        | 0.025",
        "mean=10%        | MEAN       | 0.10",
        "rps=5%          | THROUGHPUT | 0.05",
        "rps -5%         | THROUGHPUT | 0.05",
        "errorRate=0.1pp | ERROR_RATE | 0.001",
        "errorRate +0.1 pp | ERROR_RATE | 0.001",
    })
    void parses_the_written_forms(String text, Figure figure, double amount) {
        Tolerance t = Tolerance.parse(text);
        assertThat(t.figure()).isEqualTo(figure);
        assertThat(t.amount()).isCloseTo(amount, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void says_its_direction_and_unit() {
        assertThat(Tolerance.parse("p99=10%")).hasToString("p99 +10 %");
        assertThat(Tolerance.parse("rps=5%")).hasToString("rps -5 %");
        assertThat(Tolerance.parse("errorRate=0.1pp")).hasToString("errorRate +0.1 pp");
    }

    @Test
    void refuses_malformed_text_naming_it_and_the_rule() {
        assertThatThrownBy(() -> Tolerance.parse("p99"))
                .hasMessage("tolerance (p99) must be FIGURE=AMOUNT, e.g. p99=10%, rps=5% or errorRate=0.1pp");
        assertThatThrownBy(() -> Tolerance.parse("p98=10%")).hasMessageContaining("tolerance (p98=10%): figure (p98) "
                + "must be one of p50, p90, p99, p99.9, mean, rps, errorRate");
        assertThatThrownBy(() -> Tolerance.parse("errorRate=1%"))
                .hasMessageContaining("in percentage points, e.g. errorRate=0.1pp");
        assertThatThrownBy(() -> Tolerance.parse("p99=1pp")).hasMessageContaining("relative, in %");
        assertThatThrownBy(() -> Tolerance.parse("rps +5%")).hasMessageContaining("rps gets worse downwards");
        assertThatThrownBy(() -> Tolerance.parse("p99 -5%")).hasMessageContaining("p99 gets worse upwards");
        assertThatThrownBy(() -> Tolerance.parse("rps=100%")).hasMessageContaining("must be below 100 %");
        assertThatThrownBy(() -> Tolerance.of(Figure.P99, Double.NaN)).hasMessageContaining("finite number >= 0");
    }
}
