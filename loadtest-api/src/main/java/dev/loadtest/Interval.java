package dev.loadtest;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures of one interval of a run's timeline (default 1 s), like h2load --interval or vegeta -every.
 *
 * <pre>{@code
 * for (Interval i : result.intervals()) {
 *     System.out.printf("%s %.0f req/s p99 %s%n", i.start(), i.requestsPerSecond(), i.responseTime().p99());
 * }
 * }</pre>
 *
 * @param start from the start of the measured phase
 * @param length the interval's length (the last one may be shorter)
 * @param started requests sent
 * @param done requests finished (responses and errors)
 * @param statusCodes responses by status code
 * @param errored requests ended by an error
 * @param bytes bytes received
 * @param responseTime from the due time (rate-driven) or the send (closed model) to the response's end
 * @param serviceTime from the send to the response's end
 * @param responseTimeHistogram the interval's whole response time distribution, from which
 *     {@code responseTime} is derived; empty in results read from files written before intervals kept
 *     their histograms. The engine's intervals add up exactly to the run's {@link Result#responseTime()}.
 *     Comparisons with a baseline ({@link Results#compare(Result, Result)}) resample these.
 * @param serviceTimeHistogram the same for the service time
 * @param checkFailed responses of status 200-399 in this interval that failed a response check
 *     ({@link Requests#checkFailed()}); 0 without checks and in results read from files written before checks
 */
public record Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                       long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime,
                       Optional<LatencyHistogram> responseTimeHistogram,
                       Optional<LatencyHistogram> serviceTimeHistogram, long checkFailed) {

    /**
     * Checks that no field is {@code null}.
     */
    public Interval {
        Objects.requireNonNull(start);
        Objects.requireNonNull(length);
        Objects.requireNonNull(statusCodes);
        Objects.requireNonNull(responseTime);
        Objects.requireNonNull(serviceTime);
        Objects.requireNonNull(responseTimeHistogram, "responseTimeHistogram");
        Objects.requireNonNull(serviceTimeHistogram, "serviceTimeHistogram");
    }

    /** An interval of a run without response checks ({@code checkFailed} 0). */
    public Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                    long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime,
                    Optional<LatencyHistogram> responseTimeHistogram, Optional<LatencyHistogram> serviceTimeHistogram) {
        this(start, length, started, done, statusCodes, errored, bytes, responseTime, serviceTime,
                responseTimeHistogram, serviceTimeHistogram, 0);
    }

    /** An interval that keeps only the summaries of its latencies, not their histograms. */
    public Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                    long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime) {
        this(start, length, started, done, statusCodes, errored, bytes, responseTime, serviceTime,
                Optional.empty(), Optional.empty());
    }

    /**
     * An interval with its latency histograms, the summaries derived from them.
     *
     * @param responseTime the response time distribution of the interval
     * @param serviceTime the service time distribution of the interval
     */
    public static Interval of(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                              long errored, long bytes, LatencyHistogram responseTime, LatencyHistogram serviceTime) {
        return new Interval(start, length, started, done, statusCodes, errored, bytes, LatencySummary.of(responseTime),
                LatencySummary.of(serviceTime), Optional.of(responseTime), Optional.of(serviceTime), 0);
    }

    /** This interval with its count of responses that failed a response check. */
    public Interval withCheckFailed(long checkFailed) {
        return new Interval(start, length, started, done, statusCodes, errored, bytes, responseTime, serviceTime,
                responseTimeHistogram, serviceTimeHistogram, checkFailed);
    }

    /** Responses (any status) per second of this interval. */
    public double requestsPerSecond() {
        double seconds = length.toNanos() / 1e9;
        return seconds > 0 ? (done - errored) / seconds : 0;
    }

    /** The figures with durations as people write them: {@code Interval[start=1s, length=1s, ...]}. */
    @Override
    public String toString() {
        return "Interval[start=" + DurationFormat.format(start) + ", length=" + DurationFormat.format(length)
                + ", started=" + started + ", done=" + done + ", statusCodes=" + statusCodes + ", errored=" + errored
                + ", bytes=" + bytes + ", responseTime=" + responseTime + ", serviceTime=" + serviceTime
                + (checkFailed == 0 ? "" : ", checkFailed=" + checkFailed) + "]";
    }

    /**
     * Requests of this interval that failed: ended by an error, answered with a status of 400 or more, or
     * answered with another status but failing a response check.
     */
    public long failed() {
        long failed = errored + checkFailed;
        for (var e : statusCodes.counts().entrySet()) {
            if (e.getKey() >= 400) {
                failed += e.getValue();
            }
        }
        return failed;
    }
}
