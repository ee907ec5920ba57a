package dev.loadtest;

import java.time.Duration;
import java.util.Objects;

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
 */
public record Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                       long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime) {

    /**
     * Checks that no field is {@code null}.
     */
    public Interval {
        Objects.requireNonNull(start);
        Objects.requireNonNull(length);
        Objects.requireNonNull(statusCodes);
        Objects.requireNonNull(responseTime);
        Objects.requireNonNull(serviceTime);
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
                + ", bytes=" + bytes + ", responseTime=" + responseTime + ", serviceTime=" + serviceTime + "]";
    }
}
