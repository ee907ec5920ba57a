package dev.loadtest.internal.capacity;

import dev.loadtest.FigureFormat;
import dev.loadtest.Capacity;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityAnswer.Conclusion;
import dev.loadtest.CapacityListener;
import dev.loadtest.CapacityRun;
import dev.loadtest.CapacityStep;
import dev.loadtest.CapacityStep.Outcome;
import dev.loadtest.CapacityStep.Phase;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Objective;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.internal.Blocking;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * The capacity search's loop (see {@link Capacity} for the rules): doubling, bisecting, confirming, one step at
 * a time on a thread of its own. State lives in this object and is touched by that thread only, but for the
 * stop flag and the step under way, which {@link #stop()} reads from any thread.
 */
public final class Search implements CapacityRun {

    private static final System.Logger LOG = System.getLogger(Search.class.getName());

    /**
     * What to search.
     *
     * @param step the test of one step at a rate
     * @param runner starts a step's test
     */
    public record Plan(Objective objective, double startRate, double maxRate, double resolution, boolean confirm,
                       List<CapacityListener> listeners, DoubleFunction<LoadTest> step,
                       Function<LoadTest, LoadTestRun> runner) {
    }

    private final Plan plan;
    private final StepJudge judge;
    private final CompletableFuture<CapacityAnswer> answer = new CompletableFuture<>();
    private final List<CapacityListener> listeners;
    private volatile boolean stopped;
    private volatile LoadTestRun current;

    private final List<CapacityStep> steps = new ArrayList<>();
    private final TreeSet<Double> heldRates = new TreeSet<>();
    private double held = Double.NaN;
    private double failed = Double.NaN;
    private Duration baseline;

    private Search(Plan plan) {
        this.plan = plan;
        this.judge = new StepJudge(plan.objective());
        this.listeners = new ArrayList<>(plan.listeners());
    }

    /** Starts a search on a new thread. */
    public static CapacityRun start(Plan plan) {
        Search search = new Search(plan);
        Thread thread = new Thread(() -> {
            try {
                search.answer.complete(search.run());
            } catch (Throwable t) {
                search.answer.completeExceptionally(t);
            }
        }, "loadtest-capacity");
        thread.setDaemon(true);   // like the engine's threads: a search never keeps a JVM alive on its own
        thread.start();
        return search;
    }

    @Override
    public CompletableFuture<CapacityAnswer> answer() {
        return answer;
    }

    @Override
    public void stop() {
        stopped = true;
        LoadTestRun run = current;
        if (run != null) {
            run.stop();
        }
    }

    private CapacityAnswer run() throws InterruptedException {
        double rate = plan.startRate();
        Phase phase = Phase.DOUBLING;
        boolean retried = false;
        double tieBroken = Double.NaN;   // the rate whose failed confirmation has been run a third time
        while (true) {
            if (stopped || steps.size() >= Capacity.MAX_STEPS) {
                return answer(Conclusion.STOPPED, OptionalDouble.empty());
            }
            int number = steps.size() + 1;
            double r = rate;
            Phase p = phase;
            notify(l -> l.onStepStart(number, p, r));
            Result result;
            try {
                result = runStep(rate);
            } catch (RuntimeException e) {
                if (stopped) {
                    // stopped while the step was starting (in a JVM shutting down, it cannot start): no step
                    return answer(Conclusion.STOPPED, OptionalDouble.empty());
                }
                throw e;
            }
            if (stopped || result.stopped()) {
                add(new CapacityStep(number, phase, rate, result, Outcome.STOPPED, List.of(),
                        "stopped during the step: partial figures, not judged"));
                return answer(Conclusion.STOPPED, OptionalDouble.empty());
            }
            StepJudge.Judgement j = judge.judge(result, baseline);
            if (baseline == null && !result.serviceTime().isEmpty()) {
                baseline = result.serviceTime().percentile(50);
            }
            if (j.outcome() == Outcome.GENERATOR_LIMITED && result.verdict() == Verdict.GENERATOR_SATURATED
                    && !retried) {
                // once can be a passing stall of a busy machine (a GC, another process): run the rate again
                retried = true;
                add(new CapacityStep(number, phase, rate, result, j.outcome(), j.breaches(),
                        j.reason() + "; run again once"));
                continue;
            }
            retried = false;
            add(new CapacityStep(number, phase, rate, result, j.outcome(), j.breaches(), j.reason()));
            switch (j.outcome()) {
                case GENERATOR_LIMITED -> {
                    double achieved = result.rate().map(x -> x.achieved()).orElse(result.requestsPerSecond());
                    return answer(Conclusion.GENERATOR_LIMITED, OptionalDouble.of(achieved));
                }
                case HELD -> {
                    if (phase == Phase.CONFIRMING) {
                        return answer(Double.isNaN(failed) ? Conclusion.MAX_RATE_HELD : Conclusion.FOUND,
                                OptionalDouble.empty());
                    }
                    heldRates.add(rate);
                    held = heldRates.last();
                }
                case FAILED -> {
                    if (phase == Phase.CONFIRMING && tieBroken != rate) {
                        // held once, failed once: a third run decides, so that one noisy step does not ratchet
                        // the answer down
                        tieBroken = rate;
                        continue;
                    }
                    if (phase == Phase.CONFIRMING) {
                        // held once and failed twice: it is not held; go on below it
                        heldRates.remove(rate);
                        Double below = heldRates.lower(rate);
                        held = below == null ? Double.NaN : below;
                    }
                    failed = Double.isNaN(failed) ? rate : Math.min(failed, rate);
                }
                default -> throw new AssertionError(j.outcome());
            }
            if (Double.isNaN(held)) {
                return answer(Conclusion.NOT_HELD_AT_START, OptionalDouble.empty());
            }
            if (Double.isNaN(failed) && held < plan.maxRate()) {
                phase = Phase.DOUBLING;
                rate = Math.min(held * 2, plan.maxRate());
                continue;
            }
            double mid = round((held + failed) / 2);
            if (!Double.isNaN(failed) && (failed - held) / held > plan.resolution() && mid > held && mid < failed) {
                phase = Phase.BISECTING;
                rate = mid;
                continue;
            }
            if (!plan.confirm()) {
                return answer(Double.isNaN(failed) ? Conclusion.MAX_RATE_HELD : Conclusion.FOUND,
                        OptionalDouble.empty());
            }
            phase = Phase.CONFIRMING;
            rate = held;
        }
    }

    private Result runStep(double rate) throws InterruptedException {
        LoadTestRun run = plan.runner().apply(plan.step().apply(rate));
        current = run;
        if (stopped) {
            run.stop();   // stop() came between the check and the assignment
        }
        try {
            return run.result().get();
        } catch (ExecutionException e) {
            throw Blocking.failure(e, "step at " + FigureFormat.rate(rate));
        } finally {
            current = null;
        }
    }

    private void add(CapacityStep step) {
        steps.add(step);
        CapacityAnswer soFar = answer(Conclusion.STOPPED, OptionalDouble.empty());
        notify(l -> l.onStep(step, soFar));
    }

    private CapacityAnswer answer(Conclusion conclusion, OptionalDouble generatorRate) {
        return new CapacityAnswer(plan.objective(), conclusion, Double.isNaN(held) ? OptionalDouble.empty()
                : OptionalDouble.of(held), Double.isNaN(failed) ? OptionalDouble.empty() : OptionalDouble.of(failed),
                generatorRate, steps);
    }

    private void notify(java.util.function.Consumer<CapacityListener> call) {
        for (CapacityListener l : List.copyOf(listeners)) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                listeners.remove(l);
                LOG.log(System.Logger.Level.WARNING, "capacity listener " + l + " threw; it is ignored from now on", e);
            }
        }
    }

    /** Rates of 10 req/s and more as whole numbers, below as hundredths: steps people can read and repeat. */
    static double round(double rate) {
        return rate >= 10 ? Math.round(rate) : Math.round(rate * 100) / 100.0;
    }
}
