package dev.loadtest;

import java.util.concurrent.CompletableFuture;

/**
 * A capacity search under way, as returned by {@link Capacity#start()}.
 *
 * <pre>{@code
 * CapacityRun search = Capacity.of(template, objective).build().start();
 * // ... later, from any thread (a shutdown hook, say):
 * search.stop();
 * CapacityAnswer soFar = search.answer().join();   // the steps done and the bounds found so far
 * }</pre>
 */
public interface CapacityRun {

    /** Completes with the answer when the search ends, normally or by {@link #stop()}. */
    CompletableFuture<CapacityAnswer> answer();

    /**
     * Ends the search early: the step under way is stopped (its partial result is kept as a
     * {@linkplain CapacityStep.Outcome#STOPPED stopped} step and not judged), no further step starts, and
     * {@link #answer()} completes with the steps done and the bounds so far
     * ({@link CapacityAnswer.Conclusion#STOPPED}). Idempotent and safe from any thread.
     */
    void stop();
}
