package dev.loadtest;

import java.util.concurrent.CompletableFuture;

/**
 * A load test under way, as returned by {@link LoadTest#start()}.
 *
 * <pre>{@code
 * LoadTestRun run = LoadTest.target(uri).clients(10).duration(Duration.ofMinutes(1)).start();
 * // ... later, from any thread:
 * run.stop();
 * Result partial = run.result().join();
 * }</pre>
 */
public interface LoadTestRun {

    /** Completes with the {@link Result} when the run ends, normally or by {@link #stop()}. */
    CompletableFuture<Result> result();

    /**
     * Ends the run early: no new request is sent, connections are closed, and {@link #result()}
     * completes with the figures measured so far, marked {@linkplain Result#stopped() stopped}.
     * Idempotent and safe from any thread.
     */
    void stop();
}
