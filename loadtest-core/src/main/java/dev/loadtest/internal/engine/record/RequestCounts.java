package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import java.util.EnumMap;

/**
 * A thread's counts of requests and of their errors by category (each with its first message), as it records a
 * whole run ({@link WorkerStats}) or one step of a scenario ({@link StepStats}): one way of counting for both, so
 * that a run's figures are the sum of its steps'. Single writer, as its subclasses.
 */
class RequestCounts extends Counts {

    final EnumMap<ErrorCategory, long[]> errors = new EnumMap<>(ErrorCategory.class);
    final EnumMap<ErrorCategory, String> errorSamples = new EnumMap<>(ErrorCategory.class);

    /** A measured request that was sent failed: errored, a timeout when {@code timedOut}, in its category. */
    public void failed(ErrorCategory category, String message, boolean timedOut) {
        errored++;
        if (timedOut) {
            timeout++;
        }
        error(category, message, 1);
    }

    /** {@code n} measured requests never went out: errored and never issued, in one category. */
    public void notIssued(ErrorCategory category, String message, long n) {
        notIssued += n;
        errored += n;
        error(category, message, n);
    }

    /**
     * A measured response, recorded as responded just before, failed its scenario step (a check or a required
     * extraction) with a status of 200-399: moved from succeeded to failed, as a failed check moves it.
     */
    public void judgedFailed(int status) {
        if (status >= 200 && status < 400) {
            succeeded--;
            checkFailed++;
        }
    }

    /** {@code n} errors of one category at once (a client that gives up its remaining requests). */
    void error(ErrorCategory category, String message, long n) {
        if (n <= 0) {
            return;
        }
        errors.computeIfAbsent(category, c -> new long[1])[0] += n;
        errorSamples.putIfAbsent(category, message);
    }
}
