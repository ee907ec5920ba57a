package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.internal.engine.connection.StepFeed;
import dev.loadtest.internal.engine.record.RecordedSteps;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.engine.schedule.StepIssuing;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.spi.CapturedResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The sessions' side of a scenario run, without connections: what the run's hooks and a slot would do is done here,
 * on the test's thread, in the orders that are rare on a real run's threads.
 */
class ScenarioRunTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Scenario VISIT = Scenario.of("visit",
            Step.of("home", s -> Request.get("/")).pause(Pause.fixed(Duration.ofMillis(1))),
            Step.of("item", s -> Request.get("/item")));

    /** The run's hooks: a timer whose pauses end at once, and a session's connection that is only its wake-ups. */
    private static final class Hooks implements ScenarioRun.RunHooks {
        final AtomicInteger wakes = new AtomicInteger();
        /** What the connection's I/O thread does as soon as the connection starts. */
        Consumer<StepFeed> started = steps -> { };

        @Override
        public boolean schedule(Runnable task, long delayNanos) {
            task.run();
            return true;
        }

        @Override
        public void exhausted(String message) {
        }

        @Override
        public void requestNotBuilt(String message) {
        }

        @Override
        public void connect(StepFeed sessionSteps, Consumer<Runnable> known) {
            known.accept(wakes::incrementAndGet);
            started.accept(sessionSteps);
        }
    }

    @Test
    void should_wake_a_sessions_own_connection_when_its_first_answer_and_pause_end_before_connect_returns() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(VISIT).arrivals(10).connectionPerUser()
                .duration(Duration.ofSeconds(10)).build();
        Recorders recorders = new Recorders((t, e) -> { });
        Hooks hooks = new Hooks();
        ScenarioRun run = new ScenarioRun(test, new Phase(test, System.nanoTime()), recorders, hooks,
                HttpClientCookieJar::new, null);
        AtomicInteger wakesWhileStarting = new AtomicInteger(-1);
        StepFeed[] own = new StepFeed[1];
        hooks.started = steps -> {
            // a fast I/O thread: the first step answered, its pause over, before the scheduler's connect returns
            own[0] = steps;
            long now = System.nanoTime();
            StepFeed.Call home = steps.next(0, now);
            steps.sent(home, now, true);
            steps.completed(home, 200, CapturedResponse.builder(200).head(), now, now + 1_000, true);
            wakesWhileStarting.set(hooks.wakes.get());
        };

        run.onDue(System.nanoTime(), recorders.get());

        assertThat(wakesWhileStarting.get()).as("the connection heard that the next step fell due").isEqualTo(1);
        assertThat(own[0].next(0, System.nanoTime())).hasToString("step 'item' of session 0");
        assertThat(own[0].hasWork()).isTrue();
    }

    @Test
    void should_count_a_closed_models_step_not_sent_in_the_measured_phase_as_the_run_does_whenever_it_fell_due() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(VISIT).users(1)
                .warmUp(Duration.ofSeconds(1)).duration(Duration.ofSeconds(10)).build();
        long start = System.nanoTime() - 3 * SECOND / 2;   // the warm-up ended half a second ago
        Recorders recorders = new Recorders((t, e) -> { });
        Phase phase = new Phase(test, start);
        ScenarioRun run = new ScenarioRun(test, phase, recorders, new Hooks(), HttpClientCookieJar::new, null);
        run.start(start + SECOND / 2);   // the user's first step fell due in the warm-up

        StepFeed.Call home = run.next(0, System.nanoTime());
        notSent(run, phase, home);

        // the slot counts it in the run's requests by now (StepIssuing) and tells the step so
        assertThat(RecordedSteps.requests(recorders.get(), 2, 0).notIssued()).isEqualTo(1);
        assertThat(RecordedSteps.requests(recorders.get(), 2, 0).errored()).isEqualTo(1);
    }

    @Test
    void should_count_an_open_models_step_not_sent_by_when_it_fell_due() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(VISIT).arrivals(10).clients(2)
                .warmUp(Duration.ofSeconds(1)).duration(Duration.ofSeconds(10)).build();
        long start = System.nanoTime() - 3 * SECOND / 2;
        Recorders recorders = new Recorders((t, e) -> { });
        Phase phase = new Phase(test, start);
        ScenarioRun run = new ScenarioRun(test, phase, recorders, new Hooks(), HttpClientCookieJar::new, null);
        run.onDue(start + SECOND / 2, recorders.get());   // an arrival of the warm-up
        run.onDue(start + 5 * SECOND / 4, recorders.get());   // one of the measured phase

        notSent(run, phase, run.next(0, System.nanoTime()));
        notSent(run, phase, run.next(1, System.nanoTime()));

        assertThat(RecordedSteps.requests(recorders.get(), 2, 0).notIssued()).as("the measured arrival's only")
                .isEqualTo(1);
    }

    @Test
    void should_count_a_step_sent_once_that_cannot_go_out_again_as_failed_as_the_run_does() {
        // sent, dropped unanswered by a GOAWAY, then its connection failed: counted as started when first sent, so
        // the run counts it failed (ConnectionSlot.countNotSent), and its step must too, not never issued
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(VISIT).users(1)
                .duration(Duration.ofSeconds(10)).build();
        long start = System.nanoTime();
        Recorders recorders = new Recorders((t, e) -> { });
        ScenarioRun run = new ScenarioRun(test, new Phase(test, start), recorders, new Hooks(),
                HttpClientCookieJar::new, null);
        run.start(start);

        StepFeed.Call home = run.next(0, System.nanoTime());
        run.sent(home, System.nanoTime(), true);
        run.notSent(home, ErrorCategory.REFUSED, "Connection refused", true, true);

        Requests step = RecordedSteps.requests(recorders.get(), 2, 0);
        assertThat(step.started()).isEqualTo(1);
        assertThat(step.failed()).isEqualTo(1);
        assertThat(step.notIssued()).isZero();
    }

    /** The step will not go out, measured as the slot decides it for the run's own count. */
    private static void notSent(ScenarioRun run, Phase phase, StepFeed.Call call) {
        boolean measured = StepIssuing.measuredWhenNotSent(phase, call.dueNanos(), System.nanoTime());
        run.notSent(call, ErrorCategory.RESET, "Connection reset", measured, false);
    }
}
