package dev.loadtest;

import java.util.Objects;

/**
 * The figures of a rate-driven (open-model) run: how much was offered, how much was achieved, and
 * how well our own scheduler kept time.
 *
 * <pre>{@code
 * result.rate().ifPresent(rate ->
 *         System.out.printf("offered %.0f req/s, achieved %.0f req/s, %d dropped%n",
 *                 rate.offered(), rate.achieved(), rate.dropped()));
 * }</pre>
 *
 * <p><b>What the corrected latency contains.</b> A rate-driven run's response time ({@link Result#responseTime()})
 * counts from each request's due time on the schedule to its response's end: the server's time, the time the request
 * waited for a free stream or connection ({@code late}), our scheduler's lag, and within that lag our scheduler's
 * resolution ({@link LoadTest#scheduleResolution()}, 1 ms unless set): the scheduler wakes at most once a resolution
 * and sends every request due by then, so a request goes out up to that long after its due time, never before it,
 * as wrk2's millisecond timers send its requests up to about a millisecond late into its corrected latency. The
 * service time ({@link Result#serviceTime()}, uncorrected, h2load's "time for request") counts from the send, so
 * neither the wait for a stream nor the scheduler's lag is in it. At rates where requests fall due further apart than
 * the resolution, each goes out at its due time (the lag is then the machine's wake-up latency alone).
 *
 * @param offered requests scheduled per second of the measured phase: the schedule's rate, also when our
 *     scheduler fell behind it (the shortfall shows in {@code dropped} and {@code schedulerLag})
 * @param achieved requests put on the wire per second of the measured phase: what the server let us
 *     send, as its responses freed the streams (responses still in flight at the end do not lower it)
 * @param scheduled requests that fell due in the measured phase, before the run ended, whether or not our
 *     scheduler had handed them to a connection by then
 * @param dropped due requests never sent (not in {@code done}): given up because the backlog was full, or not yet
 *     handed to a connection by our scheduler when the run ended, behind its schedule
 * @param late requests sent after waiting for a free stream or connection (their response time counts
 *     from the due time all the same)
 * @param backlogAtEnd due requests still waiting for a stream when the run ended
 * @param schedulerLag how late our scheduler handed each due request to its connection, its resolution included
 *     (up to one {@link LoadTest#scheduleResolution()} by design); one it had not handed over when the run ended,
 *     late until then
 */
public record Rate(double offered, double achieved, long scheduled, long dropped, long late, long backlogAtEnd,
                   LatencyHistogram schedulerLag) {

    /**
     * Checks that {@code schedulerLag} is not {@code null}.
     */
    public Rate {
        Objects.requireNonNull(schedulerLag, "schedulerLag must not be null");
    }

    /** {@code achieved / offered}; 0 when nothing was offered. */
    public double achievedRatio() {
        return offered == 0 ? 0 : achieved / offered;
    }
}
