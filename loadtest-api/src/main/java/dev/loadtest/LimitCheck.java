package dev.loadtest;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One limit checked against one run, worded "required X, actual Y": the one outcome of an {@link Objective},
 * a JUnit performance budget and a command-line gate. Its static methods are the one rule of each limit they
 * all check (a response time, a throughput, an error rate), so that the three agree on what holds and on how
 * it reads.
 *
 * <pre>{@code
 * LimitCheck c = LimitCheck.errorRate(result, 0.001);
 * c.met();        // false
 * c.toString();   // "error rate: required <= 0.1%, actual 2.5% (5 of 200 requests failed: statuses {503=5})"
 * }</pre>
 *
 * @param limit what is limited: {@code p99 response time}, {@code throughput}, {@code error rate}
 * @param required the limit: {@code <= 50ms}
 * @param actual what the run had: {@code 212.4ms}
 * @param met whether the run kept the limit
 */
public record LimitCheck(String limit, String required, String actual, boolean met) {

    /** What an actual reads when there was nothing to measure a latency or a throughput on. */
    static final String NO_RESPONSE = "none (no response finished)";

    /** What an error rate's actual reads when no request ended ({@link Requests#errorRate()} is NaN). */
    static final String NO_REQUEST = "none (no request finished)";

    /**
     * Checks the texts.
     *
     * @throws NullPointerException if a text is null
     * @throws IllegalArgumentException if {@code limit} is blank
     */
    public LimitCheck {
        Objects.requireNonNull(limit, "limit must not be null");
        Objects.requireNonNull(required, "required must not be null");
        Objects.requireNonNull(actual, "actual must not be null");
        if (limit.isBlank()) {
            throw new IllegalArgumentException("limit (\"" + limit + "\") must not be blank");
        }
    }

    /**
     * The response time at a percentile at most {@code max}: {@code p99 response time: required <= 50ms, actual
     * 212.4ms}. A run in which no response finished breaks it.
     *
     * @param percentile above 0 and at most 100
     */
    public static LimitCheck responseTime(Result result, double percentile, Duration max) {
        return latency(FigureFormat.percentileName(percentile) + " response time", result.responseTime(),
                h -> h.percentile(percentile), max);
    }

    /**
     * A statistic of a latency distribution at most {@code max}, the rule behind {@link #responseTime}: met when
     * the statistic is at most the limit; broken when the distribution is empty (no response finished).
     *
     * @param limit the name, e.g. {@code mean service time}
     * @param statistic what to take of the distribution, e.g. {@code LatencyHistogram::mean}
     */
    public static LimitCheck latency(String limit, LatencyHistogram latencies,
                                     Function<LatencyHistogram, Duration> statistic, Duration max) {
        String required = "<= " + DurationFormat.format(max);
        if (latencies.isEmpty()) {
            return new LimitCheck(limit, required, NO_RESPONSE, false);
        }
        Duration actual = statistic.apply(latencies);
        return new LimitCheck(limit, required, DurationFormat.beside(actual, max), actual.compareTo(max) <= 0);
    }

    /**
     * Responses per second ({@link Result#requestsPerSecond()}, h2load's req/s) at least {@code min}. A run in
     * which no response finished breaks it, even at a minimum of 0.
     */
    public static LimitCheck throughput(Result result, double min) {
        String required = ">= " + FigureFormat.rate(min);
        if (result.requests().responded() == 0) {
            return new LimitCheck("throughput", required, NO_RESPONSE, false);
        }
        double actual = result.requestsPerSecond();
        return new LimitCheck("throughput", required, FigureFormat.rate(actual), actual >= min);
    }

    /**
     * The {@linkplain Requests#errorRate() error rate} (failed / ended) at most {@code max}; the actual says
     * what failed: the statuses of 400 and more with their counts, the responses that failed a check, the
     * errored requests. A run in which no request ended breaks it: there is no rate to hold.
     *
     * @param max from 0 to 1: {@code 0.001} is 0.1 %
     */
    public static LimitCheck errorRate(Result result, double max) {
        String required = "<= " + FigureFormat.percent(max);
        Requests q = result.requests();
        double rate = q.errorRate();
        if (Double.isNaN(rate)) {
            return new LimitCheck("error rate", required, NO_REQUEST, false);
        }
        return new LimitCheck("error rate", required, FigureFormat.percent(rate) + " (" + q.failed() + " of "
                + q.ended() + " requests failed" + failures(result) + ")", rate <= max);
    }

    /** This check with another requirement text, e.g. one that shows how a scaled limit was derived. */
    public LimitCheck withRequired(String required) {
        return new LimitCheck(limit, required, actual, met);
    }

    /**
     * What the failures were, so a breach says {@code 404} and not only "failed": the exact status codes of 400
     * and more with their counts, then the responses that failed a check, then the errored requests; empty when
     * nothing failed.
     */
    private static String failures(Result result) {
        Map<Integer, Long> failedStatuses = new TreeMap<>(result.statusCodes().counts());
        failedStatuses.keySet().removeIf(code -> code < 400);
        failedStatuses.values().removeIf(n -> n == 0);
        long errored = result.requests().errored();
        long checkFailed = result.requests().checkFailed();
        if (failedStatuses.isEmpty() && errored == 0 && checkFailed == 0) {
            return "";
        }
        StringBuilder s = new StringBuilder(":");
        if (!failedStatuses.isEmpty()) {
            s.append(" statuses ").append(failedStatuses);
        }
        if (checkFailed > 0) {
            s.append(failedStatuses.isEmpty() ? " " : ", ").append(checkFailed).append(" failed a response check");
        }
        if (errored > 0) {
            s.append(failedStatuses.isEmpty() && checkFailed == 0 ? " " : ", ").append(errored).append(" errored");
        }
        return s.toString();
    }

    /** {@code p99 response time: required <= 50ms, actual 212.4ms}. */
    @Override
    public String toString() {
        return limit + ": required " + required + ", actual " + actual;
    }
}
