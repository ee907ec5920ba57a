package dev.loadtest.internal.engine.schedule;

import dev.loadtest.LoadTest;
import dev.loadtest.spi.Shares;

/**
 * When a run measures and whether it still issues requests: the deadline of a timed run and the
 * measured window (warm-up excluded). A counted run's requests are shared out among the clients
 * (see {@link #quota}), as h2load does.
 */
public final class Phase {

    private final boolean counted;
    /** A counted run (no warm-up, no deadline): all it does is measured. */
    private final boolean measuresWholeRun;
    private final long requests;
    private final int clients;
    private final long warmUpNanos;
    private final long durationNanos;
    // Not final: a rate-driven run sets them again in startClock() once its connections are being opened, while
    // an I/O thread may already read them (a connection that completes at once); volatile, so no read tears.
    private volatile long startNanos;
    private volatile long measureStartNanos;
    /** End of the measured window; for a counted run it is open until the run ends. */
    private volatile long measureEndNanos;
    private volatile boolean issuing = true;
    /** Longer than any one I/O event takes: how old a caller's clock reading may be. */
    private static final long FRESH_CLOCK_NANOS = 50_000_000;

    public Phase(LoadTest test, long startNanos) {
        this.counted = test.requests().isPresent();
        this.requests = test.requests().orElse(0);
        this.clients = test.clients();
        this.warmUpNanos = test.warmUp().toNanos();
        this.durationNanos = counted ? 0 : test.duration().orElseThrow().toNanos();
        this.measuresWholeRun = counted && warmUpNanos == 0;
        startClock(startNanos);
    }

    /**
     * Starts the run's clock (its schedule, warm-up, measured window and deadline) at {@code nanos}. A rate-driven
     * run calls it once its requester and I/O threads are up, its clients are connecting and its scheduler is
     * primed, just before the scheduler hands out the first request: in a cold JVM, setting all that up takes
     * 50 to 300 ms on a busy 2-core machine (class loading, the first connect path, thread start), and a schedule
     * whose clock started before would hand its first requests out that late, counting our start-up as the
     * generator's lag (a {@code generator-saturated} verdict) and in their response times. Before the timeline
     * and the timer exist; a client that starts before it reads its measured life again (see
     * {@link ConnectionSlot#requestRate}).
     */
    public void startClock(long nanos) {
        this.startNanos = nanos;
        this.measureStartNanos = nanos + warmUpNanos;
        this.measureEndNanos = counted ? Long.MAX_VALUE : measureStartNanos + durationNanos;
    }

    /** When the run's clock started: its warm-up, if it has one, then its measured phase. */
    public long startNanos() {
        return startNanos;
    }

    /** When the measured phase starts (after the warm-up). */
    public long measureStartNanos() {
        return measureStartNanos;
    }

    /** When the measured phase ends; {@link Long#MAX_VALUE} in a counted run, open until the run ends. */
    public long measureEndNanos() {
        return measureEndNanos;
    }

    public boolean isCounted() {
        return counted;
    }

    /**
     * The requests client {@code index} is to do in a counted run: an equal share, the first
     * {@code requests % clients} clients one more (h2load's split); unlimited in a timed run.
     */
    long quota(int index) {
        if (!counted) {
            return Long.MAX_VALUE;
        }
        return Shares.share(requests, clients, index);
    }

    /**
     * Whether requests may still be issued: false after stop(), and in a timed run from its deadline on
     * (not from the timer's next tick: nothing may be sent past the deadline, as with h2load).
     */
    public boolean isIssuing() {
        return issuing && (counted || System.nanoTime() < measureEndNanos);
    }

    /**
     * {@link #isIssuing()} with a clock reading the caller already has (taken when its event began); within
     * {@link #FRESH_CLOCK_NANOS} of the deadline the clock is read again. Only an event slower than that (a
     * long GC pause across the deadline) could issue past it, and the timer stops issuing within a tick.
     */
    public boolean isIssuing(long now) {
        return issuing && (counted || now < measureEndNanos - FRESH_CLOCK_NANOS || System.nanoTime() < measureEndNanos);
    }

    /** Stops handing out tickets, at the deadline or on stop(). */
    public void stopIssuing() {
        issuing = false;
    }

    public boolean isMeasured(long nanos) {
        return nanos >= measureStartNanos && nanos <= measureEndNanos;
    }

    /**
     * Whether what happens now falls in the measured window. A counted run measures from its start to its
     * end (it has no warm-up), so it needs no clock: HTTP/2 asks this for every frame.
     */
    public boolean isMeasuredNow() {
        return measuresWholeRun || isMeasured(System.nanoTime());
    }
}
