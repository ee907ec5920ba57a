package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static dev.loadtest.junit.testing.Results.result;
import static dev.loadtest.junit.testing.Results.step;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Result;
import dev.loadtest.spi.SessionsBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Assertions on the steps and sessions of a scenario run, on hand-made results. */
class StepAssertTest {

    private static final Result SHOP = result()
            .steps(step("login", 100, 0, Duration.ofMillis(2)), step("checkout", 95, 5, Duration.ofMillis(70)))
            .sessions(new SessionsBuilder().started(100).completed(93).failed(5).failedAt(Map.of("checkout", 5L))
                    .failureReasons(Map.of("checkout", List.of("status 503"))).build())
            .build();

    @Test
    void should_reach_a_step_by_name_and_assert_its_own_figures() {
        assertThatCode(() -> assertThat(SHOP).step("login").hasNoErrors().hasDone(100).hasStatusCount(200, 100)
                .responseTime().hasPercentileAtMost(99, Duration.ofMillis(3)))
                .doesNotThrowAnyException();
        assertThatCode(() -> assertThat(SHOP).step("checkout").hasFailed(5).hasSucceeded(95).hasErrorRateAtMost(0.05)
                .serviceTime().hasCount(100))
                .doesNotThrowAnyException();
    }

    @Test
    void should_name_the_step_in_its_failures() {
        assertThatThrownBy(() -> assertThat(SHOP).step("checkout").hasNoErrors())
                .hasMessage(String.format("[step checkout] %nExpecting step checkout to have no errors but 5 of 100 "
                        + "requests failed (0 errored, 0 timeout)%nstatus codes: {200=95, 503=5}%nerrors: none"));
        assertThatThrownBy(() -> assertThat(SHOP).step("checkout").responseTime()
                .hasPercentileAtMost(99, Duration.ofMillis(60)))
                .hasMessageStartingWith("[step checkout] ").hasMessageContaining("response time");
        assertThatThrownBy(() -> assertThat(SHOP).step("checkout").responseTime().percentile(99)
                .isLessThan(Duration.ofMillis(60)))
                .hasMessageStartingWith("[step checkout: p99 of the response time]");
        assertThatThrownBy(() -> assertThat(SHOP).as("shop run").step("checkout").hasStatusCount(503, 0))
                .hasMessageStartingWith("[shop run: step checkout]");
    }

    @Test
    void should_fail_on_a_step_the_run_did_not_have_listing_its_steps() {
        assertThatThrownBy(() -> assertThat(SHOP).step("basket"))
                .hasMessage(String.format("%nExpecting a step named basket but the run's steps were: login, checkout"));
        assertThatThrownBy(() -> assertThat(result().build()).step("basket"))
                .hasMessage(String.format("%nExpecting a step named basket but the run had no steps: it ran single "
                        + "requests, not a scenario"));
    }

    @Test
    void should_assert_the_sessions_and_say_where_they_failed() {
        assertThatCode(() -> assertThat(SHOP).sessions().hasStarted(100).hasCompleted(93).hasFailed(5)
                .hasFailedAt("checkout", 5).hasFailedAt("login", 0))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(SHOP).sessions().hasNoFailures())
                .hasMessage(String.format("%nExpecting no session to fail but 5 of 100 failed%nsessions: 100 started, "
                        + "93 completed, 5 failed, 2 unfinished; failed at checkout: 5 (status 503)"));
        assertThatThrownBy(() -> assertThat(SHOP).sessions().hasCompleted(100))
                .hasMessageStartingWith(String.format("%nExpecting 100 sessions completed but had 93%n"));
        assertThatThrownBy(() -> assertThat(SHOP).sessions().hasFailedAt("login", 1))
                .hasMessageStartingWith(String.format("%nExpecting 1 sessions failed at step login but had 0%n"));
    }

    @Test
    void should_fail_on_sessions_of_a_run_without_a_scenario() {
        assertThatThrownBy(() -> assertThat(result().build()).sessions())
                .hasMessage(String.format("%nExpecting the sessions of a scenario run but the run had none: it ran "
                        + "single requests, not a scenario"));
    }

    @Test
    void should_assert_the_token_requests_as_a_step_and_fail_without_a_token_provider() {
        Result r = dev.loadtest.spi.ResultBuilder.from(SHOP)
                .tokenRequests(java.util.Optional.of(step("token", 2, 1, Duration.ofMillis(5)))).build();

        assertThatCode(() -> assertThat(r).tokenRequests().hasDone(3).hasFailed(1)).doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(r).tokenRequests().hasNoErrors())
                .hasMessageStartingWith(String.format("[step token] %nExpecting step token to have no errors"));
        assertThatThrownBy(() -> assertThat(SHOP).tokenRequests())
                .hasMessage(String.format("%nExpecting the requests of a token provider but the run had none: its "
                        + "scenario had no token provider, or it ran no scenario"));
    }

    @Test
    void should_assert_the_session_durations() {
        Result r = result().sessions(new SessionsBuilder().started(3).completed(3)
                .duration(dev.loadtest.junit.testing.Results.histogram(Duration.ofSeconds(1), 3)).build()).build();

        assertThatCode(() -> assertThat(r).sessions().hasNoFailures().duration()
                .hasPercentileAtMost(95, Duration.ofMillis(1_100))).doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(r).sessions().duration().hasPercentileAtMost(95, Duration.ofMillis(900)))
                .hasMessageContaining("session duration");
    }
}
