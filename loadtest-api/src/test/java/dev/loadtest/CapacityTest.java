package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.CapacityAnswer.Conclusion;
import dev.loadtest.CapacityStep.Outcome;
import dev.loadtest.CapacityStep.Phase;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The search's rules against simulated servers: no engine, no network, exact answers.
 *
 * <p>Over 400 lines: one test class for {@link Capacity}, as tests mirror classes; each phase of the search
 * (doubling, bisecting, confirming), each way a step fails or the generator limits it, stopping and the
 * listeners are a case each, short because the simulated servers are {@link Simulated}'s.
 */
class CapacityTest {

    private static final LoadTest.Builder TEMPLATE = LoadTest.target("http://127.0.0.1:1/").clients(16).streams(2);
    private static final Objective P99_50MS = Objective.empty().maxResponseTime(99, Duration.ofMillis(50));

    private static Capacity.Builder search(Capacity.StepRunner runner) {
        return Capacity.of(TEMPLATE, P99_50MS).startRate(100).stepRunner(runner);
    }

    private static List<Double> rates(CapacityAnswer answer) {
        return answer.steps().stream().map(CapacityStep::rate).toList();
    }

    @Test
    void should_double_then_bisect_to_the_resolution_then_confirm() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 400))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(rates(answer)).startsWith(100.0, 200.0, 400.0, 800.0, 600.0, 500.0, 450.0);
        double held = answer.heldRate().getAsDouble();
        double failed = answer.failedRate().getAsDouble();
        assertThat(held).isEqualTo(400);
        assertThat(failed).isGreaterThan(400);
        assertThat((failed - held) / held).isLessThanOrEqualTo(0.05);
        assertThat(answer.capacity().getAsDouble()).isEqualTo(400);
        CapacityStep last = answer.steps().get(answer.steps().size() - 1);
        assertThat(last.phase()).isEqualTo(Phase.CONFIRMING);
        assertThat(last.rate()).isEqualTo(400);
        assertThat(last.held()).isTrue();
        assertThat(answer.limitedBy()).contains("objective");
        assertThat(answer.summary()).startsWith("capacity: 400 req/s held (confirmed); " + (long) failed
                + " req/s failed: p99 response time: required <= 50ms, actual ");
    }

    @Test
    void should_say_why_each_failing_step_failed() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 400))).run();

        CapacityStep at800 = answer.steps().stream().filter(s -> s.rate() == 800).findFirst().orElseThrow();
        assertThat(at800.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(at800.breaches()).singleElement().hasToString("p99 response time: required <= 50ms, actual 2.01s");
        assertThat(at800.reason()).isEqualTo("p99 response time: required <= 50ms, actual 2.01s");
        assertThat(answer.steps()).filteredOn(CapacityStep::held).allSatisfy(s -> {
            assertThat(s.breaches()).isEmpty();
            assertThat(s.reason()).isEmpty();
        });
    }

    @Test
    void should_find_a_capacity_that_is_not_a_power_of_two_of_the_start() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 1_234))).resolution(0.02)
                .run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        // the simulated p99 reaches 50 ms 2 % above its capacity: 1,258.68 req/s
        double held = answer.heldRate().getAsDouble();
        double failed = answer.failedRate().getAsDouble();
        assertThat(held).isBetween(1_234.0, 1_258.68);
        assertThat(failed).isGreaterThan(1_258.68);
        assertThat((failed - held) / held).isLessThanOrEqualTo(0.02);
    }

    @Test
    void should_answer_that_the_objective_fails_at_the_starting_rate() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 50))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.NOT_HELD_AT_START);
        assertThat(answer.steps()).hasSize(1);
        assertThat(answer.heldRate()).isEmpty();
        assertThat(answer.failedRate()).hasValue(100);
        assertThat(answer.capacity()).isEmpty();
        assertThat(answer.summary()).startsWith("the objective fails even at the starting rate, 100 req/s: "
                + "p99 response time: required <= 50ms");
    }

    @Test
    void should_count_errors_over_the_limit_as_a_failure_even_when_fast() {
        Objective objective = P99_50MS.maxErrorRate(0.001);
        CapacityAnswer answer = Capacity.of(TEMPLATE, objective).startRate(100).stepRunner(Simulated.runner(rate ->
                rate <= 300 ? Simulated.Figures.ok(rate, Duration.ofMillis(5))
                        : new Simulated.Figures(rate, Duration.ofMillis(1), Duration.ofMillis(1), 0.2,
                        Duration.ofMillis(1)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.heldRate().getAsDouble()).isBetween(300 / 1.05, 300.0);
        assertThat(answer.failedStep().orElseThrow().reason()).startsWith("error rate: required <= 0.1%, actual 20.")
                .contains(" requests failed: statuses {503=");   // LimitCheck says what failed, as budgets do
    }

    @Test
    void should_fail_a_server_that_rejects_everything_at_once_by_the_default_error_rate() {
        CapacityAnswer answer = search(Simulated.runner(rate -> new Simulated.Figures(rate, Duration.ofMillis(1),
                Duration.ofMillis(1), 1.0, Duration.ofMillis(1)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.NOT_HELD_AT_START);
        assertThat(answer.steps().get(0).breaches()).singleElement()
                .hasToString("error rate: required <= 1%, actual 100% (100 of 100 requests failed: statuses {503=100})");
    }

    @Test
    void should_fail_a_step_whose_offered_rate_was_not_achieved_by_a_slowing_server() {
        // the server slows down (service time x 10) and lets fewer requests in: the server, not us
        CapacityAnswer answer = search(Simulated.runner(rate -> rate <= 200 ? Simulated.Figures.ok(rate,
                Duration.ofMillis(5)) : new Simulated.Figures(200, Duration.ofMillis(40), Duration.ofMillis(40), 0,
                Duration.ofMillis(1)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        CapacityStep failed = answer.failedStep().orElseThrow();
        assertThat(failed.breaches()).extracting(Objective.Breach::limit).containsExactly("achieved rate");
        assertThat(failed.reason()).contains("required >= 98% of offered, actual 200 req/s of");
    }

    @Test
    void should_say_limited_by_the_generator_when_the_rate_is_not_achieved_while_the_server_keeps_up() {
        // the server answers in 1 ms whatever the rate, but only 700 req/s go out: our connections are the limit
        CapacityAnswer answer = search(Simulated.runner(rate -> new Simulated.Figures(Math.min(rate, 700),
                rate <= 700 ? Duration.ofMillis(1) : Duration.ofMillis(900), Duration.ofMillis(1), 0,
                Duration.ofMillis(1)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.GENERATOR_LIMITED);
        assertThat(answer.capacity()).isEmpty();
        assertThat(answer.generatorRate()).hasValue(700);
        assertThat(answer.failedRate()).isEmpty();
        assertThat(answer.heldRate()).hasValue(400);
        assertThat(answer.limitedBy()).contains("generator");
        assertThat(answer.summary()).startsWith("limited by the load generator at 700 req/s: no capacity figure");
        assertThat(answer.summary()).contains("16 clients x 2 streams carry about 3199");
        assertThat(answer.steps().get(answer.steps().size() - 1).outcome()).isEqualTo(Outcome.GENERATOR_LIMITED);
    }

    @Test
    void should_say_limited_by_the_generator_when_it_stays_saturated_after_one_more_try() {
        // from 400 req/s our scheduler lags 30 ms and response times break the objective, the server unchanged
        CapacityAnswer answer = search(Simulated.runner(rate -> rate < 400 ? Simulated.Figures.ok(rate,
                Duration.ofMillis(1)) : new Simulated.Figures(rate, Duration.ofMillis(90), Duration.ofMillis(1), 0,
                Duration.ofMillis(30)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.GENERATOR_LIMITED);
        assertThat(rates(answer)).containsExactly(100.0, 200.0, 400.0, 400.0);
        assertThat(answer.steps().get(2).reason()).startsWith("our scheduler fell behind its schedule (lag p99 30.")
                .contains(" > 10ms) while the server kept up: the figures are about this machine, not the server")
                .endsWith("; run again once");
        assertThat(answer.capacity()).isEmpty();
        assertThat(answer.summary()).startsWith("limited by the load generator at 400 req/s");
    }

    @Test
    void should_count_a_step_held_in_spite_of_our_lag_as_held() {
        // lag only adds to response times: a step that holds the objective with it holds
        CapacityAnswer answer = search(Simulated.runner(rate -> {
            Simulated.Figures f = Simulated.queueing(rate, 400);
            return new Simulated.Figures(f.achieved(), f.responseTime(), f.serviceTime(), 0, Duration.ofMillis(20));
        })).run();

        assertThat(answer.steps()).allSatisfy(s -> assertThat(s.result().verdict())
                .isEqualTo(Verdict.GENERATOR_SATURATED));
        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.capacity()).hasValue(400);
    }

    @Test
    void should_count_a_saturated_step_as_failed_when_the_server_itself_slowed_down() {
        CapacityAnswer answer = search(Simulated.runner(rate -> {
            Simulated.Figures f = Simulated.queueing(rate, 400);
            // above 400 req/s the server's service time triples (within the limit), and responses queue
            return rate <= 400 ? f : new Simulated.Figures(f.achieved(), f.responseTime(), Duration.ofMillis(30), 0,
                    Duration.ofMillis(20));
        })).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.capacity()).hasValue(400);
        CapacityStep at800 = answer.steps().get(3);
        assertThat(at800.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(at800.reason()).matches("p99 response time: required <= 50ms, actual 2.01s \\(our scheduler fell "
                + "behind its schedule \\(lag p99 20[.0-9]*ms > 10ms\\), but the server's own service time rose: "
                + "p50 30[.0-9]*ms, 10ms at the first step\\)");
    }

    @Test
    void should_fail_a_saturated_first_step_whose_service_time_alone_breaks_the_objective() {
        // the server takes 100 ms, 70 ms more than our lag of 30 ms can explain
        CapacityAnswer answer = search(Simulated.runner(rate -> new Simulated.Figures(rate, Duration.ofMillis(150),
                Duration.ofMillis(100), 0, Duration.ofMillis(30)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.NOT_HELD_AT_START);
        assertThat(answer.steps()).singleElement().satisfies(s -> assertThat(s.reason())
                .contains("but the server's own service time breaks it: p99 100."));
    }

    @Test
    void should_not_charge_the_server_with_a_stall_of_the_whole_machine() {
        // our lag of 120 ms delayed the reading of responses too: 140 ms of service time is no proof against it
        CapacityAnswer answer = search(Simulated.runner(rate -> new Simulated.Figures(rate, Duration.ofMillis(200),
                Duration.ofMillis(140), 0, Duration.ofMillis(120)))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.GENERATOR_LIMITED);
        assertThat(answer.steps()).hasSize(2);
    }

    @Test
    void should_go_on_when_a_saturated_step_does_not_saturate_again() {
        AtomicInteger at400 = new AtomicInteger();
        CapacityAnswer answer = search(Simulated.runner(rate -> {
            Simulated.Figures f = Simulated.queueing(rate, 500);
            boolean stall = rate == 400 && at400.getAndIncrement() == 0;
            return stall ? new Simulated.Figures(f.achieved(), f.responseTime(), f.serviceTime(), 0,
                    Duration.ofMillis(50)) : f;
        })).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.heldRate().getAsDouble()).isBetween(500 / 1.05, 500.0);
    }

    @Test
    void should_search_below_a_rate_whose_confirmation_fails_twice() {
        AtomicInteger at400 = new AtomicInteger();
        // 400 holds the first time only: a flapping rate is not held
        CapacityAnswer answer = search(Simulated.runner(rate -> rate == 400 && at400.getAndIncrement() > 0
                ? Simulated.queueing(rate, 100) : Simulated.queueing(rate, 400))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.failedRate()).hasValue(400);
        assertThat(answer.heldRate().getAsDouble()).isBetween(380.0, 399.0);
        assertThat(answer.steps()).filteredOn(s -> s.phase() == Phase.CONFIRMING).extracting(CapacityStep::rate)
                .containsExactly(400.0, 400.0, answer.heldRate().getAsDouble());
    }

    @Test
    void should_keep_a_rate_whose_failed_confirmation_a_third_run_overrules() {
        AtomicInteger at400 = new AtomicInteger();
        // the confirmation of 400 is spoilt once (a stall), the third run holds again
        CapacityAnswer answer = search(Simulated.runner(rate -> rate == 400 && at400.getAndIncrement() == 1
                ? Simulated.queueing(rate, 100) : Simulated.queueing(rate, 400))).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(answer.capacity()).hasValue(400);
        assertThat(answer.steps()).filteredOn(s -> s.phase() == Phase.CONFIRMING).extracting(CapacityStep::outcome)
                .containsExactly(Outcome.FAILED, Outcome.HELD);
    }

    @Test
    void should_stop_as_soon_as_a_step_holds_the_max_rate_without_confirming_when_asked() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 10_000))).maxRate(1_000)
                .confirm(false).run();

        assertThat(answer.conclusion()).isEqualTo(Conclusion.MAX_RATE_HELD);
        assertThat(rates(answer)).containsExactly(100.0, 200.0, 400.0, 800.0, 1_000.0);
        assertThat(answer.heldRate()).hasValue(1_000);
        assertThat(answer.capacity()).isEmpty();
        assertThat(answer.limitedBy()).contains("maxRate");
        assertThat(answer.summary()).startsWith("held 1000 req/s, the highest rate searched");
    }

    @Test
    void should_run_each_step_as_the_template_at_the_step_rate_with_the_step_times() {
        List<LoadTest> seen = new ArrayList<>();
        LoadTest.Builder template = LoadTest.target("http://127.0.0.1:1/a").clients(8).streams(3).requests(99)
                .header("X-Test", "1").protocol(Protocol.HTTP_2);
        Capacity.of(template, P99_50MS).startRate(50).maxRate(100).stepDuration(Duration.ofSeconds(2))
                .stepWarmUp(Duration.ofMillis(300)).stepRunner(step -> {
                    seen.add(step);
                    return Simulated.runner(rate -> Simulated.queueing(rate, 1_000)).start(step);
                }).run();
        template.clients(1);   // the search copied the template: this changes nothing

        assertThat(seen).extracting(t -> t.rate().getAsDouble()).containsExactly(50.0, 100.0, 100.0);
        LoadTest step = seen.get(0);
        assertThat(step.requests()).isEmpty();
        assertThat(step.duration()).contains(Duration.ofSeconds(2));
        assertThat(step.warmUp()).isEqualTo(Duration.ofMillis(300));
        assertThat(step.clients()).isEqualTo(8);
        assertThat(step.streams()).isEqualTo(3);
        assertThat(step.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(step.headers()).containsExactly(new Header("X-Test", "1"));
        assertThat(step.isRateDriven()).isTrue();
    }

    @Test
    void should_refuse_an_objective_without_limits() {
        assertThatThrownBy(() -> Capacity.of(TEMPLATE, Objective.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("objective (none) must have at least one limit");
    }

    @Test
    void should_refuse_a_resolution_outside_zero_to_half() {
        for (double bad : new double[] {0, -0.1, 0.51, Double.NaN}) {
            assertThatThrownBy(() -> Capacity.of(TEMPLATE, P99_50MS).resolution(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("resolution (" + bad + ") must be within (0, 0.5]: 0.05 is 5 %");
        }
        assertThat(Capacity.of(TEMPLATE, P99_50MS).resolution(0.5).build().resolution()).isEqualTo(0.5);
    }

    @Test
    void should_refuse_a_starting_rate_the_connections_cannot_carry_before_any_load() {
        AtomicInteger started = new AtomicInteger();
        Capacity.Builder b = Capacity.of(LoadTest.target("http://127.0.0.1:1/").clients(2).streams(3), P99_50MS)
                .startRate(6_001).stepRunner(step -> {
                    started.incrementAndGet();
                    throw new AssertionError("no step may start");
                });

        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
                .hasMessage("startRate (6001 req/s) is above what the template's connections can carry: 2 clients x "
                        + "3 streams / 1 ms = 6000 req/s at most (each request holds its stream for its service "
                        + "time); start lower, or add clients or streams");
        assertThat(started).hasValue(0);
        assertThat(b.startRate(6_000).maxRate(6_000).confirm(false)
                .stepRunner(Simulated.runner(rate -> Simulated.queueing(rate, 10_000))).run().heldRate())
                .hasValue(6_000);
    }

    @Test
    void should_carry_an_open_scenario_with_a_connection_per_session_on_its_sessions_in_flight() {
        // each session in flight holds a connection of its own, one stream, and maxBacklog bounds them: 3 x 1 / 1 ms
        LoadTest.Builder perSession = LoadTest.target("http://127.0.0.1:1/")
                .scenario(Scenario.of("home", Step.of("home", s -> Request.get("/")))).arrivals(10)
                .connectionPerUser().maxBacklog(3);

        assertThatThrownBy(() -> Capacity.of(perSession, P99_50MS).startRate(3_001).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("startRate (3001 req/s) is above what the template's connections can carry: 3 sessions "
                        + "in flight (maxBacklog) x 1 connection each / 1 ms = 3000 req/s at most (each request holds "
                        + "its stream for its service time); start lower, or raise maxBacklog");
        // accepted up to that bound, and a step our connections limit says so in the same terms
        CapacityAnswer answer = Capacity.of(perSession, P99_50MS).startRate(3_000).maxRate(6_000)
                .stepRunner(Simulated.runner(rate -> new Simulated.Figures(Math.min(rate, 3_000),
                        rate <= 3_000 ? Duration.ofMillis(1) : Duration.ofMillis(900), Duration.ofMillis(1), 0,
                        Duration.ofMillis(1)))).run();

        assertThat(answer.heldRate()).hasValue(3_000);
        assertThat(answer.conclusion()).isEqualTo(Conclusion.GENERATOR_LIMITED);
        assertThat(answer.summary()).contains("3 sessions in flight (maxBacklog) x 1 connection each carry about "
                + "2999 req/s at that service time; raise maxBacklog, or machines");
    }

    @Test
    void should_refuse_bad_rates_and_a_template_that_does_not_combine() {
        assertThatThrownBy(() -> Capacity.of(TEMPLATE, P99_50MS).startRate(0))
                .hasMessage("startRate (0.0) must be within (0, 10000000] requests per second");
        assertThatThrownBy(() -> Capacity.of(TEMPLATE, P99_50MS).startRate(200).maxRate(100).build())
                .isInstanceOf(IllegalStateException.class).hasMessage("maxRate (100) must be >= startRate (200)");
        assertThatThrownBy(() -> Capacity.of(LoadTest.target("http://127.0.0.1:1/").protocol(Protocol.NEGOTIATE),
                P99_50MS).build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("protocol (NEGOTIATE) needs https targets");
        assertThatThrownBy(() -> Capacity.of(TEMPLATE, P99_50MS).stepDuration(Duration.ofMillis(10)))
                .hasMessage("stepDuration (PT0.01S) must be within [100 ms, 1 hour]");
    }

    @Test
    void should_keep_the_steps_done_and_the_bounds_when_stopped() throws Exception {
        CountDownLatch thirdStarted = new CountDownLatch(1);
        CompletableFuture<Result> never = new CompletableFuture<>();
        AtomicInteger n = new AtomicInteger();
        CapacityRun run = search(step -> {
            if (n.incrementAndGet() < 3) {
                return Simulated.runner(rate -> Simulated.queueing(rate, 1_000)).start(step);
            }
            thirdStarted.countDown();
            return new LoadTestRun() {
                @Override
                public CompletableFuture<Result> result() {
                    return never;
                }

                @Override
                public void stop() {
                    never.complete(Simulated.result(step, Simulated.Figures.ok(10, Duration.ofMillis(10))));
                }
            };
        }).start();
        assertThat(thirdStarted.await(10, TimeUnit.SECONDS)).isTrue();

        run.stop();
        CapacityAnswer answer = run.answer().get(10, TimeUnit.SECONDS);

        assertThat(answer.conclusion()).isEqualTo(Conclusion.STOPPED);
        assertThat(answer.steps()).extracting(CapacityStep::outcome)
                .containsExactly(Outcome.HELD, Outcome.HELD, Outcome.STOPPED);
        assertThat(answer.heldRate()).hasValue(200);
        assertThat(answer.limitedBy()).isEmpty();
        assertThat(answer.summary()).startsWith("stopped after 3 steps: so far held 200 req/s, failed none");
    }

    @Test
    void should_answer_stopped_when_a_step_cannot_start_because_the_search_is_stopping() throws Exception {
        AtomicReference<CapacityRun> run = new AtomicReference<>();
        CountDownLatch set = new CountDownLatch(1);
        AtomicInteger n = new AtomicInteger();
        CapacityRun search = search(step -> {
            if (n.incrementAndGet() == 1) {
                return Simulated.runner(rate -> Simulated.queueing(rate, 1_000)).start(step);
            }
            try {
                set.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            run.get().stop();
            throw new IllegalStateException("Shutdown in progress");   // as a JVM shutting down refuses a new run
        }).start();
        run.set(search);
        set.countDown();

        CapacityAnswer answer = search.answer().get(10, TimeUnit.SECONDS);

        assertThat(answer.conclusion()).isEqualTo(Conclusion.STOPPED);
        assertThat(answer.steps()).hasSize(1);
        assertThat(answer.heldRate()).hasValue(100);
    }

    @Test
    void should_fail_the_search_when_a_step_cannot_start_for_another_reason() {
        assertThatThrownBy(() -> search(step -> {
            throw new IllegalStateException("no engine");
        }).run()).isInstanceOf(IllegalStateException.class).hasMessage("no engine");
    }

    @Test
    void should_tell_listeners_each_step_and_survive_one_that_throws() {
        List<String> heard = new ArrayList<>();
        AtomicInteger throwing = new AtomicInteger();
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 300))).listener(
                new CapacityListener() {
                    @Override
                    public void onStepStart(int number, Phase phase, double rate) {
                        heard.add("start " + number + " " + phase.label() + " " + rate);
                    }

                    @Override
                    public void onStep(CapacityStep step, CapacityAnswer soFar) {
                        heard.add(step.outcome().label() + " " + soFar.steps().size());
                    }
                }).listener(new CapacityListener() {
                    @Override
                    public void onStep(CapacityStep step, CapacityAnswer soFar) {
                        throwing.incrementAndGet();
                        throw new IllegalStateException("listener bug");
                    }
                }).run();

        assertThat(heard).startsWith("start 1 doubling 100.0", "held 1", "start 2 doubling 200.0", "held 2",
                "start 3 doubling 400.0", "failed 3", "start 4 bisecting 300.0");
        assertThat(heard).hasSize(2 * answer.steps().size());
        assertThat(throwing).hasValue(1);
    }

    @Test
    void should_print_the_steps_as_a_table_then_the_answer() {
        CapacityAnswer answer = search(Simulated.runner(rate -> Simulated.queueing(rate, 400))).run();

        List<String> lines = answer.toString().lines().toList();
        assertThat(lines.get(0)).contains("step", "phase", "offered", "achieved", "resp p99", "serv p50", "errors",
                "verdict", "outcome");
        assertThat(lines.get(1)).matches("\\s+1  doubling\\s+100\\s+100\\s+10.00ms\\s+10.00ms\\s+0.00%\\s+ok\\s+held");
        assertThat(lines).hasSize(answer.steps().size() + 3);
        assertThat(lines.get(lines.size() - 2)).startsWith("capacity: 400 req/s held (confirmed)");
        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("objective: p99 response time <= 50ms, error rate <= 1% (default), not overloaded");
    }
}
