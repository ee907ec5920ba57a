package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.LoadTest;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.PermitServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link CapacityBudget} run by JUnit's own engine against a server of known capacity (4 permits x 10 ms =
 * 400 req/s). Short steps (0.5 s + 1 s): budgets that must pass ask for half the capacity, those that must fail
 * an impossible latency, so that each fixture is one to three steps.
 */
class CapacityBudgetTest {

    static PermitServer server;

    @BeforeAll
    static void start() {
        server = PermitServer.start(4, Duration.ofMillis(10));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder template() {
        return LoadTest.target(server.uri()).clients(16);
    }

    @KitFixture
    static class Holds {
        static CapacityAnswer answer;

        @Test
        @CapacityBudget(minRate = 200, p99 = "1s", maxErrorRate = 0.001, startRate = 100, stepDuration = "1s",
                stepWarmUp = "500ms")
        void holds_half_its_capacity(CapacityTester capacity) {
            answer = capacity.search(template());
        }
    }

    @Test
    void should_pass_as_soon_as_a_step_at_the_minimum_rate_holds() {
        Kit.run(Holds.class).testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));

        assertThat(Holds.answer.conclusion()).isEqualTo(CapacityAnswer.Conclusion.MAX_RATE_HELD);
        assertThat(Holds.answer.heldRate()).hasValue(200);
        // no ceiling search, no confirmation: the steps stop at 200 req/s (one more if our scheduler lagged)
        assertThat(Holds.answer.steps()).allSatisfy(s -> assertThat(s.rate()).isLessThanOrEqualTo(200));
    }

    @KitFixture
    static class ImpossibleLatency {
        @Test
        @CapacityBudget(minRate = 200, p50 = "1ms", startRate = 100, stepDuration = "1s", stepWarmUp = "500ms")
        void faster_than_its_service_time(CapacityTester capacity) {
            capacity.search(template());
        }
    }

    @Test
    void should_fail_with_required_and_actual_then_the_steps() {
        String message = Kit.failureMessage(Kit.run(ImpossibleLatency.class));

        assertThat(message).startsWith("capacity budget breached: required >= 200 req/s within p50 response time "
                + "<= 1ms, error rate <= 1% (default), not overloaded, actual none held, failed already at the starting "
                + "rate, 100 req/s: p50 response time: required <= 1ms, actual ");
        assertThat(message).contains("step  phase", "the objective fails even at the starting rate");
    }

    @KitFixture
    static class NoObjective {
        @Test
        @CapacityBudget(minRate = 200)
        void no_limits(CapacityTester capacity) {
            capacity.search(template());
        }
    }

    @KitFixture
    static class CannotCarry {
        @Test
        @CapacityBudget(minRate = 20_000, p99 = "50ms", startRate = 5_000)
        void one_connection_for_5000(CapacityTester capacity) {
            capacity.search(LoadTest.target(server.uri()).clients(1));
        }
    }

    @KitFixture
    static class NoSearch {
        @Test
        @CapacityBudget(minRate = 200, p99 = "50ms")
        void forgot_to_search(CapacityTester capacity) {
        }
    }

    @Test
    void should_refuse_bad_budgets_and_templates_before_any_load() {
        long before = server.received();

        assertThat(Kit.failureMessage(Kit.run(NoObjective.class))).isEqualTo("@CapacityBudget on "
                + NoObjective.class.getName() + ".no_limits(): sets no objective: give a response time (p50 ... p999) "
                + "or maxErrorRate, or every rate would hold");
        assertThat(Kit.failureMessage(Kit.run(CannotCarry.class))).startsWith("startRate (5000 req/s) is above what "
                + "the template's connections can carry: 1 clients x 1 streams / 1 ms = 1000 req/s at most");
        assertThat(Kit.failureMessage(Kit.run(NoSearch.class))).isEqualTo(NoSearch.class.getName()
                + ".forgot_to_search() has a @CapacityBudget but ran no search through its CapacityTester: take a "
                + "CapacityTester parameter and call capacity.search(...)");
        assertThat(server.received()).isEqualTo(before);
    }
}
