package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.StepResultBuilder;
import dev.loadtest.testing.api.SyntheticRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A comparison of scenario runs, step by step. */
class StepComparisonTest {

    /** A step of {@code responses} responses, {@code failed} of them 500, each taking {@code millis}. */
    private static StepResult step(String name, int responses, int failed, long millis) {
        Histogram h = LatencyHistogram.newHistogram();
        h.recordValueWithCount(millis * 1_000_000, responses);
        return new StepResultBuilder(name)
                .requests(new Requests(responses, responses, responses, responses - failed, failed, 0, 0, 0))
                .statusCodes(new StatusCodes(failed == 0 ? Map.of(200, (long) responses)
                        : Map.of(200, (long) responses - failed, 500, (long) failed)))
                .responseTime(LatencyHistogram.of(h)).serviceTime(LatencyHistogram.of(h)).build();
    }

    /** A run of 30 one-second intervals (the same seed: the same run figures) with these steps. */
    private static Result run(StepResult... steps) {
        return ResultBuilder.from(SyntheticRuns.run(1, 30, 1.0)).steps(List.of(steps)).build();
    }

    @Test
    void should_compare_steps_by_name_in_the_baselines_order_then_the_candidates_own() {
        Result baseline = run(step("login", 300, 0, 10), step("basket", 100, 0, 5), step("checkout", 300, 3, 20));
        Result candidate = run(step("checkout", 300, 9, 30), step("login", 300, 0, 10), step("pay", 50, 0, 40));

        Comparison c = Results.compare(baseline, candidate);

        assertThat(c.steps()).extracting(StepComparison::name).containsExactly("login", "basket", "checkout", "pay");
        StepComparison checkout = c.step("checkout").orElseThrow();
        assertThat(checkout.inBoth()).isTrue();
        for (Figure f : List.of(Figure.P50, Figure.P99, Figure.MEAN)) {
            StepComparison.Change change = checkout.figure(f);
            assertThat(change.baseline()).as(f.label()).isCloseTo(20e6, within(20e6 * 0.001));
            assertThat(change.candidate()).as(f.label()).isCloseTo(30e6, within(30e6 * 0.001));
            assertThat(change.change()).as(f.label()).isCloseTo(0.5, within(0.002));
        }
        // 300 responses in each 30 s run; the error rate in percentage points: 1 % to 3 %
        assertThat(checkout.figure(Figure.THROUGHPUT).baseline()).isCloseTo(10.0, within(1e-9));
        assertThat(checkout.figure(Figure.THROUGHPUT).change()).isCloseTo(0.0, within(1e-9));
        assertThat(checkout.figure(Figure.ERROR_RATE).change()).isCloseTo(0.02, within(1e-9));
        assertThat(c.step("login").orElseThrow().figure(Figure.P99).change()).isZero();
    }

    @Test
    void should_report_a_step_run_on_one_side_only_with_its_values_there() {
        Result baseline = run(step("login", 300, 0, 10), step("basket", 100, 0, 5));
        Result candidate = run(step("login", 300, 0, 10), step("pay", 50, 0, 40));

        Comparison c = Results.compare(baseline, candidate);

        StepComparison basket = c.step("basket").orElseThrow();
        assertThat(basket.inBaseline()).isTrue();
        assertThat(basket.inCandidate()).isFalse();
        assertThat(basket.inBoth()).isFalse();
        assertThat(basket.figure(Figure.P50).baseline()).isCloseTo(5e6, within(5e3));
        assertThat(basket.figure(Figure.P50).candidate()).isNaN();
        assertThat(basket.figures()).allSatisfy(f -> assertThat(f.change()).isNaN());
        StepComparison pay = c.step("pay").orElseThrow();
        assertThat(pay.inBaseline()).isFalse();
        assertThat(pay.inCandidate()).isTrue();
        assertThat(pay.figure(Figure.P50).baseline()).isNaN();
        assertThat(c.step("nowhere")).isEmpty();
        assertThat(c.toString()).containsPattern("(?m)^basket +in the baseline only$")
                .containsPattern("(?m)^pay +in the candidate only$");
    }

    @Test
    void should_leave_the_verdict_to_the_runs_figures() {
        Result plain = SyntheticRuns.run(1, 30, 1.0);
        Result slowStep = run(step("checkout", 300, 150, 900));
        Result fastStep = run(step("checkout", 300, 0, 1));

        Comparison withSteps = Results.compare(run(step("checkout", 300, 0, 1)), slowStep);
        Comparison without = Results.compare(plain, plain);

        assertThat(withSteps.step("checkout").orElseThrow().figure(Figure.P99).change()).isGreaterThan(100);
        assertThat(withSteps.verdict()).isEqualTo(without.verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
        assertThat(withSteps.figures()).isEqualTo(without.figures());
        assertThat(Results.compare(slowStep, fastStep).verdict()).isEqualTo(ChangeVerdict.UNCHANGED);
        assertThat(without.steps()).isEmpty();
        assertThat(without.toString()).doesNotContain("steps:");
    }

    @Test
    void should_print_a_row_of_changes_per_step_marking_those_worse_than_their_tolerance() {
        Result baseline = run(step("login", 300, 0, 10), step("checkout", 300, 0, 20));
        Result candidate = run(step("login", 300, 0, 10), step("checkout", 300, 0, 30));

        Comparison c = Results.compare(baseline, candidate);
        List<String> lines = c.toString().lines().toList();

        int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("step ")).findFirst().orElseThrow());
        assertThat(lines.get(head).split(" +")).containsExactly("step", "p50", "p90", "p99", "p99.9", "mean", "rps",
                "errorRate");
        assertThat(lines.get(head - 1)).startsWith("steps: changes of point values");
        String[] login = lines.get(head + 1).split(" +");
        String[] checkout = lines.get(head + 2).split(" +");
        assertThat(login[0]).isEqualTo("login");
        assertThat(checkout[0]).isEqualTo("checkout");
        // p50: +50 % is beyond the default 10 % tolerance; the throughput did not move
        assertThat(lines.get(head + 2)).contains(ComparisonText.change(Figure.P50,
                c.step("checkout").orElseThrow().figure(Figure.P50).change()) + "*");
        assertThat(lines.get(head + 1)).doesNotContain("*");
        assertThat(c.step("checkout").orElseThrow().figure(Figure.THROUGHPUT)
                .isWorseThan(c.options().toleranceOf(Figure.THROUGHPUT))).isFalse();
    }

    @Test
    void should_refuse_a_step_on_neither_side_or_without_its_figures() {
        List<StepComparison.Change> figures = new ArrayList<>();
        for (Figure f : Figure.values()) {
            figures.add(new StepComparison.Change(f, 1, 1, 0));
        }

        assertThatThrownBy(() -> new StepComparison("ghost", false, false, figures))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("step ghost must be in the baseline, the candidate or both");
        assertThatThrownBy(() -> new StepComparison("short", true, true, figures.subList(0, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("figures ([p50, p90]) must hold one change per figure, in the order of Figure");
        assertThatThrownBy(() -> figures.get(0).isWorseThan(Tolerance.defaultFor(Figure.P99)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tolerance (")
                .hasMessageEndingWith(") must be for p50");
    }
}
