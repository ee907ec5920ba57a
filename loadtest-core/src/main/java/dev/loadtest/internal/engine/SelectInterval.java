package dev.loadtest.internal.engine;

import org.apache.hc.core5.util.TimeValue;

/**
 * How often HttpCore's I/O reactor checks its connections' connect and socket timeouts: its select interval.
 *
 * <p>At every interval each I/O thread walks all its connections (SingleCoreIOReactor.validateActiveChannels), about
 * 240 ns a connection on a busy 2-core machine, most of it cache misses. With 10,000 connections on one thread and a
 * fixed 20 ms that walk was 12 % of the I/O thread's samples in the steady state (perf, bench/README.md "10,000
 * connections"), the thread every response waits for. So the interval grows with the connections a thread holds:
 * 20 ms up to 1,000 of them, then 20 µs per connection (200 ms for 10,000), at most HttpCore's own default of 1 s;
 * the walk stays near 1 % of the thread.
 *
 * <p>What it costs: HttpCore's connect timeout and socket timeout fire up to one interval late. The request timeout
 * is the run's timer's, not HttpCore's, and is not affected: the timer closes an overdue request's connection, and
 * the close wakes the selector (HttpCore's IOSessionImpl.close). So a run with a connection per session keeps the
 * interval of its bound (maxBacklog), fixed when the reactor starts, while the timer's checks follow the sessions
 * it holds (TimerCadence.holding).
 */
final class SelectInterval {

    /** The interval for few connections: HttpCore's default of 1 s would fire timeouts up to a second late. */
    static final long MIN_MILLIS = 20;
    /** HttpCore's default, and the most a timeout may be late. */
    static final long MAX_MILLIS = 1_000;
    /** Per connection a thread holds, so that the walk stays a small share of the thread. */
    private static final long MICROS_PER_CONNECTION = 20;

    private SelectInterval() {
    }

    /** The select interval for {@code connections} spread over {@code threads} I/O threads. */
    static TimeValue of(int connections, int threads) {
        long perThread = (connections + Math.max(1, threads) - 1L) / Math.max(1, threads);
        long millis = perThread * MICROS_PER_CONNECTION / 1_000;
        return TimeValue.ofMilliseconds(Math.max(MIN_MILLIS, Math.min(MAX_MILLIS, millis)));
    }
}
