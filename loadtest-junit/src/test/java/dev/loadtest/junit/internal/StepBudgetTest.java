package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import static dev.loadtest.junit.testing.Results.result;
import static dev.loadtest.junit.testing.Results.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Result;
import dev.loadtest.junit.LatencyBudget;
import dev.loadtest.junit.LatencyKind;
import dev.loadtest.junit.PerformanceBudget;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Budgets on one step of a scenario run: checked on the step's figures, apart from the run's. */
class StepBudgetTest {

    /** login: 100 × 200 in 2 ms; checkout: 95 × 200 and 5 × 503 in 70 ms; the run itself: 200 × 200 in 1 ms. */
    static final Result SHOP = result()
            .steps(step("login", 100, 0, Duration.ofMillis(2)), step("checkout", 95, 5, Duration.ofMillis(70)))
            .build();

    private static Budget p99(String step, long millis) {
        return new Budget.OfStep(step, Budget.Latency.percentile(99, Duration.ofMillis(millis),
                LatencyKind.RESPONSE_TIME));
    }

    @Test
    void should_check_a_steps_latency_on_the_steps_own_figures() {
        assertThat(p99("checkout", 80).check(SHOP, 1)).isEqualTo(new LimitCheck("p99 response time of step checkout",
                "<= 80ms", "70.06ms", true));
        assertThat(p99("checkout", 50).check(SHOP, 1).met()).isFalse();
        assertThat(p99("login", 1).check(SHOP, 1).actual()).startsWith("2");
        assertThat(p99("checkout", 20).check(SHOP, 2)).isEqualTo(new LimitCheck("p99 response time of step checkout",
                "<= 40ms (20ms × 2)", "70.06ms", false));
    }

    @Test
    void should_check_a_steps_error_rate_statuses_and_throughput() {
        assertThat(new Budget.OfStep("checkout", new Budget.ErrorRate(0.01)).check(SHOP, 1))
                .isEqualTo(new LimitCheck("error rate of step checkout", "<= 1%",
                        "5% (5 of 100 requests failed: statuses {503=5})", false));
        assertThat(new Budget.OfStep("login", new Budget.ErrorRate(0)).check(SHOP, 1).met()).isTrue();
        assertThat(new Budget.OfStep("checkout", new Budget.Only2xx()).check(SHOP, 1))
                .isEqualTo(new LimitCheck("non-2xx responses of step checkout", "none", "5 {503=5}", false));
        // the step's responses over the run's 1 s
        assertThat(new Budget.OfStep("login", new Budget.Throughput(150)).check(SHOP, 1))
                .isEqualTo(new LimitCheck("throughput of step login", ">= 150 req/s", "100 req/s", false));
    }

    @Test
    void should_breach_a_budget_of_a_step_the_run_does_not_have_naming_the_steps_there_are() {
        assertThat(p99("basket", 80).check(SHOP, 1)).isEqualTo(new LimitCheck("p99 response time of step basket",
                "<= 80ms", "no step named basket (the run's steps were login, checkout)", false));
        assertThat(p99("basket", 80).check(result().build(), 1).toString())
                .isEqualTo("p99 response time of step basket: required <= 80ms, actual no step named basket (the run "
                        + "had no steps: it ran single requests, not a scenario)");
    }

    @Test
    void should_refuse_a_budget_of_the_whole_run_on_a_step() {
        assertThatThrownBy(() -> new Budget.OfStep("checkout", new Budget.VerdictOk()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a verdict budget is of the whole run, not of a step");
    }

    static class Annotated {
        @PerformanceBudget(p99 = "50ms", maxErrorRate = 0.01)
        @PerformanceBudget(step = "checkout", p99 = "80ms", noNon2xx = true)
        @LatencyBudget(step = "login", percentile = 99.9, max = "20ms")
        void shop() {
        }

        @PerformanceBudget(step = "checkout", requireVerdictOk = true)
        void verdictOfAStep() {
        }

        @LatencyBudget(step = "checkout", percentile = 99, max = "80ms")
        @PerformanceBudget(step = "checkout", p99 = "90ms")
        void twice() {
        }
    }

    private static List<Budget> resolve(String method) throws NoSuchMethodException {
        Method m = Annotated.class.getDeclaredMethod(method);
        return BudgetResolver.resolve(List.of(), Annotated.class, m).budgets();
    }

    @Test
    void should_read_budgets_of_steps_beside_the_runs_from_repeated_annotations() throws Exception {
        assertThat(resolve("shop")).extracting(Budget::name).containsExactly("p99 response time", "error rate",
                "p99 response time of step checkout", "non-2xx responses of step checkout",
                "p99.9 response time of step login");
        assertThat(resolve("shop")).extracting(b -> b.check(SHOP, 1).met())
                .containsExactly(true, true, true, false, true);   // the run itself had no failure
    }

    @Test
    void should_refuse_a_verdict_or_a_budget_given_twice_for_one_step() {
        assertThatThrownBy(() -> resolve("verdictOfAStep")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("@PerformanceBudget(step = \"checkout\") on " + Annotated.class.getName()
                        + ".verdictOfAStep() sets requireVerdictOk, which is of the whole run, not of a step: put it "
                        + "on a @PerformanceBudget without a step");
        assertThatThrownBy(() -> resolve("twice")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sets the p99 response time of step checkout budget a second time");
    }
}
