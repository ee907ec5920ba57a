package dev.loadtest.internal.engine.scenario;

import dev.loadtest.ErrorCategory;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Due steps waiting for a connection: the run's shared queue, a user's (a connection per user) or one session's (a
 * connection per session). Once every connection that serves it has given up, the queue is {@linkplain #lose lost}:
 * what waits in it, and what is added later, fails its session with the connection's error instead of waiting for
 * ever ({@link ScenarioRun} does the failing).
 *
 * <p>Thread-safe without a lock: a step added after the loss sees it (the loss is written before the queue is drained,
 * the step is added before the loss is read), so each waiting step is failed once, by whoever polls it.
 */
final class StepQueue {

    /** Why no connection will carry this queue's steps: the error its last connection gave up with. */
    record Loss(ErrorCategory category, String message) {
    }

    private final Queue<StepCall> calls = new ConcurrentLinkedQueue<>();
    private volatile Loss loss;

    void add(StepCall call) {
        calls.add(call);
    }

    /** The next waiting step, or null. */
    StepCall poll() {
        return calls.poll();
    }

    boolean isEmpty() {
        return calls.isEmpty();
    }

    /** No connection will carry these steps any more; the first loss stays. */
    void lose(ErrorCategory category, String message) {
        if (loss == null) {
            loss = new Loss(category, message);
        }
    }

    /** Why the queue is lost, or null while a connection may still carry its steps. */
    Loss loss() {
        return loss;
    }
}
