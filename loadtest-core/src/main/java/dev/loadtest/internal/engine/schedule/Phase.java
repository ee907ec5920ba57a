package dev.loadtest.internal.engine.schedule;

import dev.loadtest.LoadTest;
import dev.loadtest.spi.Shares;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;

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
    /**
     * Whether the clock waits for the connections ({@link #holdClock}): a timed run's, and a rate-driven run's
     * schedule; a counted closed-model run has no clock to hold.
     */
    private final boolean holdsForConnections;
    /**
     * How long the clock waits at most for connections ({@link #holdClock}): 3 s, or the connect timeout if shorter.
     * A cold TLS handshake takes 0.6 s and more on a busy machine, so 3 s leaves room; the default connect timeout
     * (10 s) would make a timed run whose connects hang last 10 s longer than asked.
     */
    private static final long MAX_HOLD_NANOS = TimeUnit.SECONDS.toNanos(3);
    /** How long the clock waits at most for connections: the connect timeout or 3 s, the shorter. */
    private final long connectCapNanos;
    /**
     * How many clients' first connections hold the clock: none when each arrival's session makes its own
     * ({@link LoadTest#connectionPerSession}), as none is made before the clock; the scheduler being primed still
     * holds it.
     */
    private final int heldClients;
    /** Clients whose first connection is ready to send or has failed; guarded by this. */
    private final BitSet settledClients = new BitSet();
    /** When the clock was held, or -1 when it is not (never held, or started). Guarded by this. */
    private long heldSinceNanos = -1;
    /** Far enough that nothing is measured or due before the held clock starts. */
    private static final long HELD_CLOCK_NANOS = TimeUnit.DAYS.toNanos(365);
    /** Longer than any one I/O event takes: how old a caller's clock reading may be. */
    private static final long FRESH_CLOCK_NANOS = 50_000_000;

    public Phase(LoadTest test, long startNanos) {
        // a scenario run counted in iterations per user ends when its sessions do, as a counted run at its count
        this.counted = test.requests().isPresent() || test.iterations().isPresent();
        this.requests = test.requests().orElse(0);
        this.clients = test.clients();
        this.heldClients = test.connectionPerSession() ? 0 : clients;
        this.warmUpNanos = test.warmUp().toNanos();
        this.durationNanos = counted ? 0 : test.duration().orElseThrow().toNanos();
        this.measuresWholeRun = counted && warmUpNanos == 0;
        this.holdsForConnections = test.isRateDriven() || !counted;
        this.connectCapNanos = Math.min(MAX_HOLD_NANOS, test.connectTimeout().toNanos());
        startClock(startNanos);
    }

    /**
     * Holds the run's clock (its time zero: the schedule, the warm-up, the measured window and the deadline) until
     * every client's first connection is ready to send, as wrk2 does: TCP connected, and over TLS its handshake
     * done. A client whose first connect failed does not hold it. Nor does any client beyond 3 s (or the connect timeout,
     * if shorter) after {@code nowNanos}: a client not ready by then is late, and the run goes on without it,
     * so that a timed run whose connects hang still ends a few seconds after its duration. Until the clock starts
     * nothing is issued nor measured: a closed-model client that is ready waits for it too
     * ({@link ClosedIssuing#next}). A counted closed-model run has no clock and is not held. See {@link #connectionSettled} and {@link #awaitClockStart}.
     */
    public synchronized void holdClock(long nowNanos) {
        if (holdsForConnections) {
            heldSinceNanos = nowNanos;
            startClock(nowNanos + HELD_CLOCK_NANOS);
        }
    }

    /**
     * Client {@code index}'s first connection is ready to send or has failed (or the client ended): it no longer
     * holds the clock. Any later call for the same client is a no-op; on an I/O or the timer thread.
     */
    public synchronized void connectionSettled(int index) {
        if (heldSinceNanos >= 0 && !settledClients.get(index)) {
            settledClients.set(index);
            if (settledClients.cardinality() >= heldClients) {
                notifyAll();
            }
        }
    }

    /**
     * The rule of {@link #holdClock}: whether a held clock may start at {@code nowNanos}, because every client
     * settled, the connect timeout passed since it was held, or the run stopped issuing. True when not held.
     */
    public synchronized boolean mayStartClock(long nowNanos) {
        return heldSinceNanos < 0 || !issuing || settledClients.cardinality() >= heldClients
                || nowNanos - heldSinceNanos >= connectCapNanos;
    }

    /**
     * Waits until a held clock {@linkplain #mayStartClock may start}, then starts it now; returns at once if it is
     * not held. An interrupt starts the clock at once (and stays set).
     */
    public synchronized void awaitClockStart() {
        if (heldSinceNanos < 0) {
            return;
        }
        long now = System.nanoTime();
        while (!mayStartClock(now)) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, heldSinceNanos + connectCapNanos - now);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            now = System.nanoTime();
        }
        heldSinceNanos = -1;
        startClock(System.nanoTime());
    }

    /**
     * Starts the run's clock (its schedule, warm-up, measured window and deadline) at {@code nanos}. A held run
     * ({@link #holdClock}) starts it in {@link #awaitClockStart}, once its requester and I/O threads are up, its
     * connections ready and its scheduler primed, just before the scheduler hands out the first request: in a cold JVM, setting all that up takes
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

    /**
     * Where the run's figures start: the clock's start in a counted run, which measures all it does, else the measured
     * phase's start (after the warm-up). Intervals are cut from here and the run's duration is counted from here.
     */
    public long measuredFromNanos() {
        return counted ? startNanos : measureStartNanos;
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

    /** Stops handing out tickets, at the deadline or on stop(); a held clock waits no longer. */
    public void stopIssuing() {
        issuing = false;
        synchronized (this) {
            notifyAll();
        }
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
