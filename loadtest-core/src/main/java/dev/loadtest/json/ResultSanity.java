package dev.loadtest.json;

import dev.loadtest.Interval;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import java.util.HashSet;
import java.util.Set;

/**
 * Refuses a result whose figures cannot all be true of one run, so that a hand-edited, corrupted or forged
 * file is not merged or reported as if it were: well-formed JSON is not enough. Each message names the
 * field by its path and says the rule, e.g.
 * {@code requests.done (12) must be <= requests.total (10): a run does no more requests than it has}.
 *
 * <p>The rules hold for every result the engine writes, and for sums of such results (a merge): they are
 * inequalities between counts, plus the one identity every response keeps, that each response counted in
 * {@code statusCodes} is also counted as succeeded (200-399) or as failed with a status (failed minus
 * errored). A scenario run's steps and token requests keep the same rules, each message naming the step by its
 * place ({@code steps[1].requests.done}); step names are unique.
 */
final class ResultSanity {

    private ResultSanity() {
    }

    /** The result, if every rule holds. */
    static Result check(Result r) throws ResultFormatException {
        if (r.duration().isNegative()) {
            throw new ResultFormatException("durationSeconds: must be >= 0, was " + seconds(r.duration()));
        }
        counts("", r.requests(), r.statusCodes());
        Set<String> stepNames = new HashSet<>();
        for (int i = 0; i < r.steps().size(); i++) {
            StepResult step = r.steps().get(i);
            if (!stepNames.add(step.name())) {
                throw new ResultFormatException("steps[" + i + "].name: \"" + step.name() + "\" is given twice: "
                        + "a scenario's step names are unique, and steps merge by name");
            }
            counts("steps[" + i + "].", step.requests(), step.statusCodes());
        }
        if (r.tokenRequests().isPresent()) {
            counts("tokenRequests.", r.tokenRequests().get().requests(), r.tokenRequests().get().statusCodes());
        }
        for (int i = 0; i < r.intervals().size(); i++) {
            Interval interval = r.intervals().get(i);
            if (interval.start().isNegative()) {
                throw new ResultFormatException("intervals[" + i + "].startMicros: must be >= 0, was "
                        + interval.start().toNanos() / 1_000.0);
            }
            if (interval.length().isNegative()) {
                throw new ResultFormatException("intervals[" + i + "].lengthMicros: must be >= 0, was "
                        + interval.length().toNanos() / 1_000.0);
            }
        }
        return r;
    }

    /**
     * The rules between a run's (or a step's) request counts and status codes.
     *
     * @param at where the figures are: {@code ""} for the run's, {@code "steps[1]."} for a step's
     */
    private static void counts(String at, Requests q, StatusCodes codes) throws ResultFormatException {
        atMost(at + "requests.succeeded", q.succeeded(), at + "requests.done", q.done(),
                "a request succeeds once it is done");
        atMost(at + "requests.done", q.done(), at + "requests.total", q.total(),
                "a run does no more requests than it has");
        atMost(at + "requests.errored", q.errored(), at + "requests.failed", q.failed(),
                "every errored request is a failed one");
        atMost(at + "requests.timeout", q.timeout(), at + "requests.errored", q.errored(), "a timeout is an error");
        atMost(at + "requests.notIssued", q.notIssued(), at + "requests.errored", q.errored(),
                "a request never issued is an error");
        long statuses = 0;
        for (long n : codes.counts().values()) {
            try {
                statuses = Math.addExact(statuses, n);
            } catch (ArithmeticException e) {
                throw new ResultFormatException(at + "statusCodes: the counts overflow when added: no run counts "
                        + "that much");
            }
        }
        long withStatus = q.succeeded() + (q.failed() - q.errored());   // no overflow: both <= Long.MAX_VALUE
        if (q.succeeded() > Long.MAX_VALUE - (q.failed() - q.errored())) {
            throw new ResultFormatException(at + "requests.succeeded (" + q.succeeded() + ") and " + at
                    + "requests.failed (" + q.failed() + ") overflow when added: no run counts that much");
        }
        if (statuses != withStatus) {
            throw new ResultFormatException(at + "statusCodes: the counts add up to " + statuses + ", but " + at
                    + "requests.succeeded + " + at + "requests.failed - " + at + "requests.errored is " + withStatus
                    + ": every response has one status");
        }
    }

    private static void atMost(String field, long value, String limitField, long limit, String why)
            throws ResultFormatException {
        if (value > limit) {
            throw new ResultFormatException(field + " (" + value + ") must be <= " + limitField + " (" + limit + "): "
                    + why);
        }
    }

    private static String seconds(java.time.Duration d) {
        return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
    }
}
