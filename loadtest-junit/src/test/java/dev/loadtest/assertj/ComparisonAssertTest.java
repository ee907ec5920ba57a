package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Result;
import dev.loadtest.testing.api.SyntheticRuns;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonAssertTest {

    private static final Result BASE = SyntheticRuns.run(1, 30, 1.0);

    @Test
    void passes_when_nothing_regressed() {
        assertThat(SyntheticRuns.run(2, 30, 1.0)).comparedTo(BASE).hasNotRegressed().hasNotRegressed("p99=10%")
                .isUnchangedOrImproved("p50=10%");
    }

    @Test
    void fails_with_each_regressed_figure_as_required_and_actual() {
        Result slow = SyntheticRuns.run(2, 30, 1.3);
        assertThatThrownBy(() -> assertThat(slow).comparedTo(BASE).hasNotRegressed("p99=10%", "rps=5%"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting the result not to have regressed from its baseline but it did:")
                .hasMessageContaining("  p99 response time: required a change of at most +10 % (regressed when the "
                        + "whole 97.5 % interval lies beyond), actual +30.0 %")
                .hasMessageContaining("  throughput: required a change of no less than -5 %")
                .hasMessageNotContaining("  p50 response time: required")
                .hasMessageContaining("verdict: REGRESSED (p99, rps)");
    }

    @Test
    void an_inconclusive_comparison_passes_has_not_regressed_but_fails_is_unchanged_or_improved() {
        Result shortBase = SyntheticRuns.run(1, 5, 1.0);
        Result shortRun = SyntheticRuns.run(2, 5, 1.0);
        assertThat(shortRun).comparedTo(shortBase).hasNotRegressed();
        assertThatThrownBy(() -> assertThat(shortRun).comparedTo(List.of(shortBase)).isUnchangedOrImproved())
                .hasMessageContaining("Expecting the result to be shown unchanged or improved from its baseline but "
                        + "it was INCONCLUSIVE")
                .hasMessageContaining("to decide it: a longer run: at least 10 intervals per run");
    }

    @Test
    void refuses_results_of_different_tests_unless_allowed() {
        Result other = SyntheticRuns.run(SyntheticRuns.TEST.newBuilder().streams(4).build(), 2, 30, 500, 1.0, 0, true);
        assertThatThrownBy(() -> assertThat(other).comparedTo(BASE).hasNotRegressed())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("streams (baseline 1, candidate 4)");
        assertThat(other).comparedTo(BASE).allowingDifferentTests().hasNotRegressed();
    }
}
