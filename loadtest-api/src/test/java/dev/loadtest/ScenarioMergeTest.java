package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.testing.ScenarioRuns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ScenarioMergeTest {

    private static final LoadTest.Builder WHOLE = LoadTest.target("http://127.0.0.1:1/").clients(6).requests(6_000);
    private static final List<String> STEPS = List.of("login", "catalogue", "checkout");

    /** Every response time of each step over the shards built so far, recorded in one histogram per step. */
    private final Map<String, Histogram> all = new HashMap<>();

    private Result shard(int index) {
        List<StepResult> steps = new ArrayList<>();
        for (int k = 0; k < STEPS.size(); k++) {
            String name = STEPS.get(k);
            Histogram union = all.computeIfAbsent(name, n -> LatencyHistogram.newHistogram());
            // shard 1's checkout fails 7 times with a 503 and 2 times by a reset, so merged counts show each part
            boolean failing = index == 1 && name.equals("checkout");
            steps.add(ScenarioRuns.step(name, 31L * index + k, 100 + 10 * index + k, failing ? 7 : 0, failing ? 2 : 0,
                    union));
        }
        Histogram durations = LatencyHistogram.newHistogram();
        for (int i = 0; i < 50 + index; i++) {
            durations.recordValue(1_000_000L * (index + 1) + i * 1_000L);
        }
        all.computeIfAbsent("sessions", n -> LatencyHistogram.newHistogram()).add(durations);
        SessionsBuilder sessions = new SessionsBuilder().started(60 + index).completed(50 + index)
                .duration(LatencyHistogram.of(durations));
        if (index == 1) {
            sessions.failed(9).failedAt(Map.of("checkout", 9L))
                    .failureReasons(Map.of("checkout", List.of("status 503", "Connection reset")));
        }
        Histogram tokenTimes = all.computeIfAbsent("token", n -> LatencyHistogram.newHistogram());
        StepResult token = ScenarioRuns.step("token", 1000 + index, 1 + index, 0, 0, tokenTimes);
        return ScenarioRuns.run(WHOLE.shard(index, 3).build(), steps, Optional.of(sessions.build()), Optional.of(token));
    }

    @Test
    void should_merge_three_shards_step_by_step_exactly() {
        List<Result> shards = List.of(shard(0), shard(1), shard(2));

        Result merged = Results.merge(shards);

        assertThat(merged.steps()).extracting(StepResult::name).containsExactlyElementsOf(STEPS);
        for (int k = 0; k < STEPS.size(); k++) {
            StepResult step = merged.step(STEPS.get(k)).orElseThrow();
            long responses = 100 + k + 110 + k + 120 + k;
            boolean checkout = k == 2;
            assertThat(step.requests().done()).isEqualTo(responses + (checkout ? 2 : 0));
            assertThat(step.statusCodes().count(200)).isEqualTo(responses - (checkout ? 7 : 0));
            assertThat(step.statusCodes().count(503)).isEqualTo(checkout ? 7 : 0);
            assertThat(step.traffic().totalBytes()).isEqualTo(300 * responses);
            assertThat(step.checks()).containsExactly(new CheckResult("status 200", responses - (checkout ? 7 : 0),
                    checkout ? 7 : 0, Optional.empty()));
            // one histogram of every value of the step, whichever shard recorded it: every percentile exact
            LatencyHistogram expected = LatencyHistogram.of(all.get(STEPS.get(k)));
            assertThat(step.responseTime()).isEqualTo(expected);
            assertThat(step.responseTime().percentile(99)).isEqualTo(expected.percentile(99));
            assertThat(step.serviceTime().count()).isEqualTo(responses);
        }
        StepResult checkout = merged.step("checkout").orElseThrow();
        assertThat(checkout.requests().failed()).isEqualTo(9);
        assertThat(checkout.errorCount(ErrorCategory.RESET)).isEqualTo(2);
        assertThat(checkout.errors().get(ErrorCategory.RESET).sampleMessage()).isEqualTo("Connection reset in checkout");
    }

    @Test
    void should_keep_the_run_the_sum_of_its_steps_after_a_merge() {
        Result merged = Results.merge(shard(2), shard(0), shard(1));

        long done = merged.steps().stream().mapToLong(s -> s.requests().done()).sum();
        LatencyHistogram responseTimes = merged.steps().stream().map(StepResult::responseTime)
                .reduce(LatencyHistogram.EMPTY, LatencyHistogram::plus);
        assertThat(merged.requests().done()).isEqualTo(done);
        assertThat(merged.responseTime()).isEqualTo(responseTimes);
        assertThat(merged.steps()).extracting(StepResult::name).as("the scenario's order, not the shards'")
                .containsExactlyElementsOf(STEPS);
    }

    @Test
    void should_add_sessions_and_token_requests() {
        Result merged = Results.merge(shard(0), shard(1), shard(2));

        Sessions s = merged.sessions().orElseThrow();
        assertThat(s.started()).isEqualTo(60 + 61 + 62);
        assertThat(s.completed()).isEqualTo(50 + 51 + 52);
        assertThat(s.failed()).isEqualTo(9);
        assertThat(s.failedAt()).containsExactly(Map.entry("checkout", 9L));
        assertThat(s.failureReasons()).containsEntry("checkout", List.of("status 503", "Connection reset"));
        assertThat(s.duration()).isEqualTo(LatencyHistogram.of(all.get("sessions")));
        StepResult token = merged.tokenRequests().orElseThrow();
        assertThat(token.name()).isEqualTo("token");
        assertThat(token.requests().done()).isEqualTo(1 + 2 + 3);
        assertThat(token.responseTime()).isEqualTo(LatencyHistogram.of(all.get("token")));
        assertThat(merged.requests().done()).as("the token's requests are not the run's")
                .isEqualTo(merged.steps().stream().mapToLong(x -> x.requests().done()).sum());
    }

    @Test
    void should_keep_at_most_five_distinct_failure_reasons_per_step() {
        List<Result> shards = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Result r = shard(i);
            Sessions s = new SessionsBuilder().started(10).failed(4).failedAt(Map.of("login", 4L))
                    .failureReasons(Map.of("login", List.of("status 401", "status 50" + i, "status 42" + i))).build();
            shards.add(dev.loadtest.spi.ResultBuilder.from(r).sessions(Optional.of(s)).build());
        }

        Sessions merged = Results.merge(shards).sessions().orElseThrow();

        assertThat(merged.failureReasons().get("login"))
                .containsExactly("status 401", "status 500", "status 420", "status 501", "status 421");
        assertThat(merged.failedAt()).containsEntry("login", 12L);
    }

    @Test
    void should_refuse_shards_whose_steps_differ() {
        Result other = dev.loadtest.spi.ResultBuilder.from(shard(1)).steps(shard(1).steps().subList(0, 2)).build();

        assertThatThrownBy(() -> Results.merge(List.of(shard(0), other), List.of("s0.json", "s1.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("s1.json (shard 1/3) is not a shard of the same run: its list of steps ([login, catalogue]) "
                        + "differs from s0.json's ([login, catalogue, checkout])");
    }

    @Test
    void should_merge_runs_without_a_scenario_into_a_run_without_steps() {
        Result a = ScenarioRuns.run(WHOLE.shard(0, 2).build(), List.of(), Optional.empty(), Optional.empty());
        Result b = ScenarioRuns.run(WHOLE.shard(1, 2).build(), List.of(), Optional.empty(), Optional.empty());

        Result merged = Results.merge(a, b);

        assertThat(merged.steps()).isEmpty();
        assertThat(merged.sessions()).isEmpty();
        assertThat(merged.tokenRequests()).isEmpty();
    }
}
