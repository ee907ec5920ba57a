package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static final Requests CLEAN = new Requests(100, 100, 100, 100, 0, 0, 0, 0, 0);
    private static final Requests ONE_FAILED = new Requests(100, 100, 100, 99, 1, 0, 0, 0, 0);
    private static final Map<ErrorCategory, ErrorCount> NO_ERRORS = Map.of();

    @Test
    void should_be_ok_when_no_rule_applies() {
        assertThat(Verdict.of(CLEAN, NO_ERRORS, Optional.empty(), false)).isEqualTo(Verdict.OK);
        assertThat(Verdict.of(CLEAN, NO_ERRORS, Optional.of(rate(0.98, Duration.ofMillis(9))), false))
                .as("98 % of the offered rate is still ok").isEqualTo(Verdict.OK);
    }

    @Test
    void should_take_the_first_rule_that_applies_in_the_order_of_the_constants() {
        Optional<Rate> saturatedAndOverloaded = Optional.of(rate(0.5, Duration.ofMillis(11)));
        assertThat(Verdict.of(ONE_FAILED, NO_ERRORS, saturatedAndOverloaded, true))
                .isEqualTo(Verdict.GENERATOR_SATURATED);
        assertThat(Verdict.of(ONE_FAILED, NO_ERRORS, Optional.of(rate(0.5, Duration.ZERO)), true))
                .isEqualTo(Verdict.STALLED);
        assertThat(Verdict.of(ONE_FAILED, NO_ERRORS, Optional.of(rate(0.5, Duration.ZERO)), false))
                .isEqualTo(Verdict.ERRORS);
        assertThat(Verdict.of(CLEAN, Map.of(ErrorCategory.RESET, new ErrorCount(1, "reset")), Optional.empty(), false))
                .as("an error without a failed request").isEqualTo(Verdict.ERRORS);
        assertThat(Verdict.of(CLEAN, NO_ERRORS, Optional.of(rate(0.97, Duration.ZERO)), false))
                .isEqualTo(Verdict.OVERLOADED);
    }

    @Test
    void should_call_a_run_whose_generator_was_saturated_so_in_either_model_before_any_other_rule() {
        assertThat(Verdict.of(ONE_FAILED, NO_ERRORS, Optional.empty(), true, true))
                .as("closed model").isEqualTo(Verdict.GENERATOR_SATURATED);
        assertThat(Verdict.of(CLEAN, NO_ERRORS, Optional.of(rate(0.5, Duration.ZERO)), false, true))
                .as("open model, no lag").isEqualTo(Verdict.GENERATOR_SATURATED);
        assertThat(Verdict.of(CLEAN, NO_ERRORS, Optional.empty(), false, false)).isEqualTo(Verdict.OK);
        assertThat(Verdict.of(ONE_FAILED, NO_ERRORS, Optional.empty(), false, false)).isEqualTo(Verdict.ERRORS);
    }

    private static Rate rate(double achievedRatio, Duration lagP99) {
        Histogram lag = LatencyHistogram.newHistogram();
        lag.recordValue(Math.max(1, lagP99.toNanos()));
        return new Rate(1000, 1000 * achievedRatio, 1000, 0, 0, 0, LatencyHistogram.of(lag));
    }
}
