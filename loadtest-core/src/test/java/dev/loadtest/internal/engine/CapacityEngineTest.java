package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.Capacity;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityAnswer.Conclusion;
import dev.loadtest.CapacityStep;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Objective;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.Verdict;
import dev.loadtest.testing.PermitServer;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The capacity search with the engine, against real servers: one whose capacity is known (permits x service
 * time) and one faster than the generator's connections. Short steps (0.5 s warm-up + 1 s) at small rates, so
 * the whole class takes about half a minute on a quiet 2-core machine.
 *
 * <p>Load-sensitive, honestly: when our scheduler lagged (verdict generator-saturated) in most steps and the answer
 * is not within 10 %, the known-capacity test is aborted (skipped, the step table as the reason) rather than
 * failed: the figures were then about the machine. Otherwise it must answer within 10 %. The generator-limited test
 * likewise, when it does not conclude generator-limited and its first step, far below the limit, was itself lagging
 * or slow. Each test first warms the JVM with a short run: the first requests of a cold JVM take up to a second
 * (class loading, JIT), which a 0.5 s step warm-up does not cover.
 */
class CapacityEngineTest {

    private static void warmUp(java.net.URI uri) {
        LoadTest.target(uri).clients(2).rate(100).duration(Duration.ofSeconds(1)).run();
    }

    /** How many steps our scheduler lagged in (verdict generator-saturated). */
    private static long saturatedSteps(CapacityAnswer answer) {
        return answer.steps().stream().filter(s -> s.result().verdict() == Verdict.GENERATOR_SATURATED).count();
    }

    /**
     * Aborts the test (skipped, the step table as the reason) when its answer is wrong on a machine too busy to
     * measure; a wrong answer on a machine that could measure fails it, as does anything the assertions after find.
     */
    private static void assumeRightOrTooBusy(CapacityAnswer answer, boolean right, boolean tooBusy, String toDo) {
        assumeTrue(right || !tooBusy, () -> "this machine is too busy to " + toDo + ": our scheduler lagged in "
                + saturatedSteps(answer) + " of " + answer.steps().size() + " steps\n" + answer);
    }

    private static double offered(LoadTestRun shard) {
        return shard.result().join().rate().orElseThrow().offered();
    }

    @Test
    @Timeout(120)
    void should_find_the_capacity_of_a_server_with_known_capacity_within_ten_percent() {
        try (PermitServer server = PermitServer.start(4, Duration.ofMillis(10))) {
            // 16 connections for 4 permits: above its capacity requests queue in the server, where they show
            warmUp(server.uri());
            LoadTest.Builder template = LoadTest.target(server.uri()).clients(16);
            long start = System.nanoTime();

            // p99 <= 200 ms rather than 50: on a busy machine a stall of 50-100 ms (GC, another build) in a 1 s step
            // breaks a tight p99 below the capacity; above it, the queue grows and "not overloaded" breaks anyway
            CapacityAnswer answer = Capacity.of(template, Objective.empty().maxResponseTime(99, Duration.ofMillis(200)))
                    .startRate(100).stepWarmUp(Duration.ofMillis(500)).stepDuration(Duration.ofSeconds(1)).run();
            System.out.println(answer);

            Duration took = Duration.ofNanos(System.nanoTime() - start);
            // the accuracy claim is for a machine that can measure: when our scheduler lagged in most steps (the
            // machine shared with other builds, the server in this JVM starved of CPU too) and the answer is off,
            // the figures were about the machine, as the steps say; the test is then aborted, not failed
            boolean right = answer.conclusion() == Conclusion.FOUND && answer.capacity().getAsDouble() >= 360
                    && answer.capacity().getAsDouble() <= 440;
            boolean lagged = saturatedSteps(answer) * 2 > answer.steps().size();
            assumeRightOrTooBusy(answer, right, lagged, "measure a capacity");
            assertThat(answer.conclusion()).as("%s", answer).isEqualTo(Conclusion.FOUND);
            assertThat(answer.capacity().getAsDouble()).as("%s", answer).isBetween(360.0, 440.0);
            // a confirmation our scheduler's lag spoiled (the step generator-saturated and not held) is repeated: on a
            // busy machine the search takes those steps more, and only those
            long spoiled = answer.steps().stream().filter(s -> s.phase() == CapacityStep.Phase.CONFIRMING && !s.held()
                    && s.result().verdict() == Verdict.GENERATOR_SATURATED).count();
            assertThat(answer.steps().size()).as("%s", answer).isLessThanOrEqualTo(16 + (int) spoiled);
            // generous: 16 steps of 1.5 s are 24 s
            assertThat(took).as("%s", answer).isLessThan(Duration.ofSeconds(60));
        }
    }

    @Test
    @Timeout(60)
    void should_say_limited_by_the_generator_when_the_connections_cannot_carry_the_rate() {
        try (TestServer server = TestServer.http1()) {
            // one connection, one request at a time, 1 ms a response: about 900 req/s at most, whatever the server
            warmUp(server.uri("/slow/1"));
            LoadTest.Builder template = LoadTest.target(server.uri("/slow/1")).clients(1).streams(1);

            CapacityAnswer answer = Capacity.of(template, Objective.empty().maxResponseTime(99, Duration.ofSeconds(2)))
                    .startRate(200).stepWarmUp(Duration.ofMillis(500)).stepDuration(Duration.ofSeconds(1)).run();

            // a machine so busy that the server in this JVM slows down with our scheduler (service time up 3.5x at
            // 200 req/s, the scheduler 66 ms late at p99) makes a step look failed by the server: aborted, as above.
            // The first step, 200 req/s, is far below the limit: only there does lag or a slow service time say the
            // machine, not the generator's limit, was measured (service time counts from the send: /slow/1 is 1 ms)
            Result first = answer.steps().get(0).result();
            boolean busy = first.verdict() == Verdict.GENERATOR_SATURATED
                    || first.serviceTime().median().compareTo(Duration.ofMillis(3)) > 0;
            assumeRightOrTooBusy(answer, answer.conclusion() == Conclusion.GENERATOR_LIMITED, busy,
                    "tell the generator's limit");
            assertThat(answer.conclusion()).as("%s", answer).isEqualTo(Conclusion.GENERATOR_LIMITED);
            assertThat(answer.capacity()).isEmpty();
            assertThat(answer.summary()).startsWith("limited by the load generator at ");
            assertThat(answer.generatorRate().getAsDouble()).isLessThan(1_000);
        }
    }

    @Test
    @Timeout(60)
    void should_drive_shards_with_each_step_divided_among_them_and_judged_on_the_merge() {
        try (PermitServer server = PermitServer.start(4, Duration.ofMillis(10))) {
            warmUp(server.uri());
            List<LoadTest> shardTests = new CopyOnWriteArrayList<>();
            List<LoadTestRun> shardRuns = new CopyOnWriteArrayList<>();
            // two shards in this JVM stand for two machines: each runs its share, the merge is the step's result
            Capacity.StepRunner twoShards = step -> {
                List<LoadTestRun> runs = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    LoadTest shard = step.newBuilder().shard(k, 2).build();
                    shardTests.add(shard);
                    runs.add(shard.start());
                }
                shardRuns.addAll(runs);
                return new LoadTestRun() {
                    @Override
                    public CompletableFuture<Result> result() {
                        return CompletableFuture.allOf(runs.stream().map(LoadTestRun::result)
                                .toArray(CompletableFuture[]::new))
                                .thenApply(v -> Results.merge(runs.stream().map(r -> r.result().join()).toList()));
                    }

                    @Override
                    public void stop() {
                        runs.forEach(LoadTestRun::stop);
                    }
                };
            };

            // a loose p99: this test is about how steps are divided and merged, not about a busy machine's stalls
            CapacityAnswer answer = Capacity.of(LoadTest.target(server.uri()).clients(16),
                    Objective.empty().maxResponseTime(99, Duration.ofSeconds(1)))
                    .startRate(100).maxRate(200).stepWarmUp(Duration.ofMillis(500)).stepDuration(Duration.ofSeconds(1))
                    .stepRunner(twoShards).run();

            assertThat(answer.conclusion()).as("%s", answer).isEqualTo(Conclusion.MAX_RATE_HELD);
            assertThat(shardTests).allSatisfy(t -> assertThat(t.clients()).isEqualTo(8));
            // each step ran as two shards of half its rate (a step our lagging scheduler spoilt is run again)
            assertThat(shardTests).hasSize(2 * answer.steps().size());
            for (int i = 0; i < answer.steps().size(); i++) {
                double half = answer.steps().get(i).rate() / 2;
                assertThat(shardTests.get(2 * i).rate()).hasValue(half);
                assertThat(shardTests.get(2 * i + 1).rate()).hasValue(half);
            }
            for (int i = 0; i < answer.steps().size(); i++) {
                Result whole = answer.steps().get(i).result();
                assertThat(whole.test().shardCount()).isEqualTo(1);
                assertThat(whole.test().clients()).isEqualTo(16);
                // the step's offered rate is its shards' together, exactly: each shard's is half the step's rate
                // only on a machine that ran its scheduler on time (due times a starved scheduler had not handed out
                // when the shard's run ended are not in it), which is not what this test is about
                double shards = offered(shardRuns.get(2 * i)) + offered(shardRuns.get(2 * i + 1));
                assertThat(whole.rate().get().offered()).as("step %d of %s", i, answer)
                        .isCloseTo(shards, within(1e-9))
                        // no more than the step's rate (its due times, one more at each shard's end at most)
                        .isLessThanOrEqualTo(answer.steps().get(i).rate() * 1.02)
                        // and not collapsed: a starved scheduler hands out some due times late, not most of them
                        .isGreaterThan(answer.steps().get(i).rate() * 0.5);
            }
        }
    }
}
