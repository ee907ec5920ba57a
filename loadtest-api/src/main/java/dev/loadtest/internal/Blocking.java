package dev.loadtest.internal;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * How a blocking {@code run()} waits for what its {@code start()} began ({@code LoadTest.run()},
 * {@code Capacity.run()}), so that both keep the same contract: an interrupt stops the work and still returns
 * its partial outcome, and a failure surfaces as the unchecked exception it was.
 */
public final class Blocking {

    private Blocking() {
    }

    /**
     * Waits for the outcome. If the calling thread is interrupted, {@code stop} is called and the wait goes on
     * for the partial outcome, which the stopped work still completes; the interrupt flag is set again before
     * returning, so that the caller's own code sees it. The outcome is asked of the run again after a stop, as
     * a run's handle may hand out a new future each time.
     *
     * @param what names the work in the message of a checked failure: {@code "load test"}
     */
    public static <T> T await(Supplier<? extends Future<T>> outcome, Runnable stop, String what) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return outcome.get().get();
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.run();
                } catch (ExecutionException e) {
                    throw failure(e, what);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The exception to throw for work that failed: its cause itself when unchecked (thrown from here, an
     * {@link Error} included), else an {@link IllegalStateException} "{@code what} failed: cause" to be thrown
     * by the caller ({@code throw Blocking.failure(e, "step")}, so that the compiler sees the throw).
     */
    public static RuntimeException failure(ExecutionException e, String what) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException re) {
            throw re;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(what + " failed: " + cause, cause);
    }
}
