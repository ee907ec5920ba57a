package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.testing.api.SyntheticRuns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    private static final List<Figure> LATENCIES = List.of(Figure.P50, Figure.P90, Figure.P99, Figure.MEAN);

    @Test
    void identical_runs_are_unchanged_with_no_change() {
        Result run = SyntheticRuns.run(1, 30, 1.0);
        Comparison c = Results.compare(run, SyntheticRuns.run(1, 30, 1.0));
        assertThat(c.verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
        for (FigureChange f : c.figures()) {
            // p99.9 rests on 15 values per run here: its interval may reach beyond 10 % (it is not gated)
            if (f.figure() != Figure.P999) {
                assertThat(f.verdict()).as(f.figure().label()).isEqualTo(ChangeVerdict.UNCHANGED);
            }
            assertThat(f.change()).as(f.figure().label()).isZero();
            assertThat(f.low()).as(f.figure().label()).isLessThanOrEqualTo(0);
            assertThat(f.high()).as(f.figure().label()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void independent_runs_of_one_distribution_are_never_regressed() {
        int regressed = 0;
        for (int pair = 0; pair < 10; pair++) {
            Comparison c = Results.compare(SyntheticRuns.run(100 + pair, 30, 1.0),
                    SyntheticRuns.run(200 + pair, 30, 1.0));
            if (c.verdict() == ChangeVerdict.REGRESSED) {
                regressed++;
            }
        }
        assertThat(regressed).isZero();
    }

    @Test
    void a_distribution_shifted_by_30_percent_is_regressed() {
        Comparison c = Results.compare(SyntheticRuns.run(1, 30, 1.0), SyntheticRuns.run(2, 30, 1.3));
        assertThat(c.verdict()).isEqualTo(ChangeVerdict.REGRESSED);
        for (Figure f : LATENCIES) {
            FigureChange change = c.figure(f);
            assertThat(change.verdict()).as(f.label()).isEqualTo(ChangeVerdict.REGRESSED);
            assertThat(change.low()).as(f.label()).isGreaterThan(0.10).isLessThan(0.30);
            assertThat(change.high()).as(f.label()).isGreaterThan(0.30).isLessThan(0.50);
        }
        // a closed model slows down by as much: 1 / 1.3 is -23 %
        assertThat(c.figure(Figure.THROUGHPUT).verdict()).isEqualTo(ChangeVerdict.REGRESSED);
        assertThat(c.figure(Figure.THROUGHPUT).change()).isBetween(-0.26, -0.20);
        assertThat(c.gatedWith(ChangeVerdict.REGRESSED)).isNotEmpty();
        assertThat(c.toString()).contains("verdict: REGRESSED").contains("p99");
    }

    @Test
    void a_2_percent_shift_is_not_regressed() {
        Comparison c = Results.compare(SyntheticRuns.run(1, 30, 1.0), SyntheticRuns.run(2, 30, 1.02));
        assertThat(c.verdict()).isNotEqualTo(ChangeVerdict.REGRESSED);
        assertThat(c.figure(Figure.P50).verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
    }

    @Test
    void a_distribution_faster_by_30_percent_is_improved() {
        Comparison c = Results.compare(SyntheticRuns.run(1, 30, 1.0), SyntheticRuns.run(2, 30, 0.7));
        assertThat(c.figure(Figure.P50).verdict()).isEqualTo(ChangeVerdict.IMPROVED);
        assertThat(c.figure(Figure.THROUGHPUT).verdict()).isEqualTo(ChangeVerdict.IMPROVED);
        assertThat(c.verdict()).isIn(ChangeVerdict.IMPROVED, ChangeVerdict.INCONCLUSIVE);
    }

    @Test
    void too_few_intervals_are_inconclusive_and_say_how_many_are_needed() {
        Comparison c = Results.compare(SyntheticRuns.run(1, 5, 1.0), SyntheticRuns.run(2, 5, 1.3));
        assertThat(c.verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
        for (FigureChange f : c.figures()) {
            assertThat(f.verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
            assertThat(f.hasInterval()).isFalse();
            assertThat(f.decidedBy()).contains("at least 10 intervals per run").contains("the shortest run has 5");
        }
        assertThat(c.figure(Figure.P50).change()).isBetween(0.2, 0.4);   // the point estimate is still given
    }

    @Test
    void a_percentile_needs_enough_responses() {
        Result few = SyntheticRuns.run(SyntheticRuns.TEST, 1, 20, 100, 1.0, 0, true);   // 2,000 per run
        Comparison c = Results.compare(few, SyntheticRuns.run(SyntheticRuns.TEST, 2, 20, 100, 1.0, 0, true));
        assertThat(c.figure(Figure.P999).verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
        assertThat(c.figure(Figure.P999).decidedBy()).contains("p99.9 needs at least 10000 per run");
        assertThat(c.figure(Figure.P99).decidedBy()).doesNotContain("needs at least");
    }

    @Test
    void a_change_across_the_tolerance_is_inconclusive_and_says_what_would_decide() {
        // +10 % against a 10 % tolerance: the interval straddles it
        Comparison c = Results.compare(SyntheticRuns.run(1, 12, 1.0), SyntheticRuns.run(2, 12, 1.1));
        FigureChange p90 = c.figure(Figure.P90);
        assertThat(p90.verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
        assertThat(p90.low()).isLessThan(0.10);
        assertThat(p90.high()).isGreaterThan(0.10);
        assertThat(p90.decidedBy()).matches("(a longer run: about \\d+ intervals per run .*|the change is at the tolerance.*)");
    }

    @Test
    void is_deterministic_for_a_seed_and_moves_with_another() {
        Result a = SyntheticRuns.run(1, 30, 1.0);
        Result b = SyntheticRuns.run(2, 30, 1.1);
        FigureChange one = Results.compare(a, b).figure(Figure.P99);
        FigureChange two = Results.compare(a, b).figure(Figure.P99);
        assertThat(two).isEqualTo(one);
        FigureChange other = Comparison.of(List.of(a), List.of(b), Comparison.Options.DEFAULTS.withSeed(7))
                .figure(Figure.P99);
        assertThat(other.change()).isEqualTo(one.change());
        assertThat(other.low()).isNotEqualTo(one.low());
    }

    @Test
    void error_rate_changes_in_percentage_points() {
        Result base = SyntheticRuns.run(SyntheticRuns.TEST, 1, 30, 500, 1.0, 0.0, true);
        Result worse = SyntheticRuns.run(SyntheticRuns.TEST, 2, 30, 500, 1.0, 0.02, true);
        FigureChange errors = Results.compare(base, worse).figure(Figure.ERROR_RATE);
        assertThat(errors.change()).isBetween(0.019, 0.021);
        assertThat(errors.verdict()).isEqualTo(ChangeVerdict.REGRESSED);
        Comparison lenient = Results.compare(List.of(base), worse,
                Comparison.Options.DEFAULTS.withTolerances("errorRate=5pp"));
        assertThat(lenient.figure(Figure.ERROR_RATE).verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
    }

    @Test
    void only_the_figures_given_a_tolerance_are_gated() {
        Comparison c = Results.compare(List.of(SyntheticRuns.run(1, 30, 1.0)), SyntheticRuns.run(2, 30, 1.3),
                Comparison.Options.DEFAULTS.withTolerances("p99=50%"));
        assertThat(c.figure(Figure.P99).gated()).isTrue();
        assertThat(c.figure(Figure.P50).gated()).isFalse();
        assertThat(c.figure(Figure.P50).verdict()).isEqualTo(ChangeVerdict.REGRESSED);   // still reported
        assertThat(c.figure(Figure.P99).verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
        assertThat(c.verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
    }

    @Test
    void results_of_different_tests_are_refused_naming_what_differs() {
        LoadTest other = SyntheticRuns.TEST.newBuilder().clients(8).method("POST").build();
        Result base = SyntheticRuns.run(1, 30, 1.0);
        Result cand = SyntheticRuns.run(other, 2, 30, 500, 1.0, 0, true);
        assertThatThrownBy(() -> Results.compare(base, cand))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("different tests")
                .hasMessageContaining("clients (baseline 4, candidate 8)")
                .hasMessageContaining("method (baseline GET, candidate POST)")
                .hasMessageContaining("allowDifferent");
        Comparison allowed = Comparison.of(List.of(base), List.of(cand),
                Comparison.Options.DEFAULTS.withAllowDifferent(true));
        assertThat(allowed.figures()).hasSize(Figure.values().length);
        LoadTest longer = SyntheticRuns.TEST.newBuilder().duration(Duration.ofMinutes(5)).build();
        assertThat(Results.compare(base, SyntheticRuns.run(longer, 2, 30, 500, 1.0, 0, true)).figures())
                .as("a longer run of the same test is comparable").isNotEmpty();
    }

    @Test
    void runs_without_interval_histograms_compare_counts_but_not_latencies() {
        Result old = SyntheticRuns.run(SyntheticRuns.TEST, 1, 30, 500, 1.0, 0, false);
        Comparison c = Results.compare(old, SyntheticRuns.run(2, 30, 1.3));
        assertThat(c.figure(Figure.P99).verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
        assertThat(c.figure(Figure.P99).decidedBy()).contains("interval histograms");
        assertThat(c.figure(Figure.P99).change()).isBetween(0.2, 0.4);
        assertThat(c.figure(Figure.THROUGHPUT).verdict()).isEqualTo(ChangeVerdict.REGRESSED);
    }

    @Test
    void the_spread_between_baseline_runs_widens_the_interval() {
        Result candidate = SyntheticRuns.run(50, 30, 1.12);
        List<Result> spread = new ArrayList<>();
        double[] levels = {0.85, 1.0, 1.15, 0.9, 1.1};
        for (int i = 0; i < levels.length; i++) {
            spread.add(SyntheticRuns.run(60 + i, 30, levels[i]));
        }
        List<Result> tight = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            tight.add(SyntheticRuns.run(60 + i, 30, 1.0));
        }
        FigureChange wide = Results.compare(spread, candidate).figure(Figure.P50);
        FigureChange narrow = Results.compare(tight, candidate).figure(Figure.P50);
        assertThat(wide.high() - wide.low()).isGreaterThan(3 * (narrow.high() - narrow.low()));
        assertThat(wide.verdict()).isEqualTo(ChangeVerdict.INCONCLUSIVE);
    }

    @Test
    void interleaved_pairs_cancel_drift() {
        List<Result> a = new ArrayList<>();
        List<Result> same = new ArrayList<>();
        List<Result> slower = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            double drift = 1 + 0.08 * i;   // the machine slows down over the pairs, by 56 % in all
            a.add(SyntheticRuns.run(300 + i, 12, drift));
            same.add(SyntheticRuns.run(400 + i, 12, drift));
            slower.add(SyntheticRuns.run(500 + i, 12, drift * 1.3));
        }
        Comparison aa = Comparison.ofPairs(a, same, Comparison.Options.DEFAULTS);
        assertThat(aa.isPaired()).isTrue();
        assertThat(aa.figure(Figure.P50).verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
        assertThat(aa.verdict()).isNotEqualTo(ChangeVerdict.REGRESSED);
        Comparison ab = Comparison.ofPairs(a, slower, Comparison.Options.DEFAULTS);
        assertThat(ab.figure(Figure.P50).verdict()).isEqualTo(ChangeVerdict.REGRESSED);
        assertThatThrownBy(() -> Comparison.ofPairs(a, slower.subList(0, 3), Comparison.Options.DEFAULTS))
                .hasMessageContaining("8 baseline runs and 3 candidate runs");
    }

    @Test
    void options_are_checked() {
        assertThatThrownBy(() -> Comparison.Options.DEFAULTS.withConfidence(1.2))
                .hasMessage("confidence (1.2) must be within (0.5, 1), e.g. 0.95");
        assertThatThrownBy(() -> Comparison.Options.DEFAULTS.withResamples(10))
                .hasMessage("resamples (10) must be within [200, 100000]");
        assertThatThrownBy(() -> new Comparison.Options(List.of(Tolerance.parse("p99=1%"), Tolerance.parse("p99=2%")),
                0.95, 2000, 1, false)).hasMessageContaining("give p99 twice");
        assertThat(Comparison.Options.DEFAULTS.withTolerances("p99=1%", "p99=2%").toleranceOf(Figure.P99).amount())
                .isEqualTo(0.02);
        assertThatThrownBy(() -> Results.compare(List.of(), SyntheticRuns.run(1, 30, 1.0)))
                .hasMessageContaining("at least one baseline");
    }
}
