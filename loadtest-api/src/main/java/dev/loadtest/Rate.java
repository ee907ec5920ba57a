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
 * counts from when the schedule put the request to its response's end: the server's time, the time the request
 * waited for a free stream or connection ({@code late}), and our scheduler's lag. The schedule groups the requests
 * falling due within one resolution ({@link LoadTest#scheduleResolution()}, 1 ms unless set) at its end: the
 * scheduler wakes then and sends them together, never one before its own due time, and that end is when the schedule
 * put them, so the grouping is in none of the figures. The lag counts from there too: only genuine lateness (a
 * wake-up that came late on a busy machine, a scheduler behind); a request that fell due while the scheduler was late
 * counts from its own due time, so coordinated omission is still corrected. wrk2 (1 ms timers) counts from each
 * request's ungrouped time, so its response times include its own timer's lateness, up to about a millisecond, and
 * ours do not; {@link java.time.Duration#ZERO} sends every request at its own time, at more CPU a request. The service
 * time ({@link Result#serviceTime()}, uncorrected, h2load's "time for request") counts from the send, so neither the
 * wait for a stream nor the scheduler's lag is in it. At rates where requests fall due further apart than the
 * resolution, each goes out at its own due time.
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
 * @param schedulerLag how late our scheduler handed each due request to its connection, after when the schedule put
 *     it (the grouping to the resolution is not lateness); one it had not handed over when the run ended, late from
 *     its own due time until then
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
