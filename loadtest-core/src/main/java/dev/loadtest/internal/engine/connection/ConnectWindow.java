package dev.loadtest.internal.engine.connection;

import java.util.ArrayDeque;

/**
 * The run's window of connects: at most {@code width} connects handed to HttpCore lately and not yet answered
 * (connected, failed, timed out); the rest wait here, in order, and each goes out as a connect ahead of it is answered
 * or has been out long enough that HttpCore has surely opened its socket (the slot's bound,
 * {@code ConnectionSlot.PLACE_HOLD_NANOS}): a connect that hangs (a target that drops SYNs) stays out on its own clock
 * and timeout without holding a place.
 *
 * <p>Why: HttpCore's I/O reactor opens every connect queued with it in one pass before it handles any I/O event
 * ({@code SingleCoreIOReactor.processPendingConnectionRequests}, up to 10,000 a pass). Handed 10,000 connects at
 * once, no connection carries a request until the last socket is opened, every connect time includes that whole pass,
 * and on a busy machine the pass outlasts the run clock's hold ({@code Phase.holdClock}). Through the window a pass
 * opens at most {@code width} sockets, the connections that are up carry requests while the rest connect, and a
 * connect's time (and its timeouts) count from when it leaves the window, so they are its own.
 *
 * <p>A connect enters with {@link #enter}: when there is room it takes a place and the caller connects at once, on
 * its own thread (the common case, and every reconnect of a run with few connections: no added latency); else its
 * {@link Waiter} waits. Each place taken is given back once with {@link #release}, which hands it to the first waiter
 * that still wants it, on the releasing thread. {@link #close} at the run's end drops the waiters: no queued connect
 * outlives the run.
 *
 * <p>Thread-safe. No waiter is called under this window's lock, and {@link #release} must not be called under a
 * slot's lock (it takes the next waiter's): two slots releasing at once would otherwise wait on each other.
 */
public final class ConnectWindow {

    /**
     * Connects outstanding with HttpCore per I/O thread. A connect's time is mostly its wait for the reactor's pass
     * over the connects ahead of it: on loopback 10,000 connects through a window of 32, 128, 256 and 1,024 measured
     * 4, 15, 30 and 120 ms mean connect time with the connections idle, 30, 100-155, 210-250 and 570-880 ms while the
     * connected ones carried requests (10,000 at once: 1.2 s idle, 1.7-2.9 s loaded); every width connected all 10,000
     * in the same wall time within the noise (bench/README, "A window of connects"). Narrower is truer on loopback, but
     * a window lets at most {@code width / RTT} connects a second out (by arithmetic, not measured: 256 would open
     * 5,000 a second per I/O thread to a target 50 ms away, 32 only 640), and a connect holds its place 250 ms at
     * most ({@code ConnectionSlot.PLACE_HOLD_NANOS}, plus up to a timer check's spacing), so some 500 to 1,000 a
     * second go out per I/O thread however slow the target. The window does not bring 10,000 connections up within
     * the run clock's 3 s hold on a busy machine: in {@code -c 10000 -D 2} runs on the loaded 2-core machine it opened
     * 10,000, 6,145 and 4,608 (without it 10,000, 3,071 and 10,000, which did 3,661, 26 and 21 requests against its
     * 23,178, 10,250 and 14,275); it lets the connections that are up carry requests while the rest connect.
     */
    public static final int PER_IO_THREAD = 256;

    /** A connect waiting for a place. */
    @FunctionalInterface
    public interface Waiter {
        /**
         * It has a place now: it hands its connect to HttpCore and returns true (then it gives the place back with
         * {@link #release} once that connect is answered or has been out a while), or false if it no longer
         * connects (its slot closed, gave up or has no more work), and the place passes on. Called without the
         * window's lock.
         */
        boolean open();
    }

    private final int width;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private int outstanding;
    private boolean closed;

    /** A window of {@code width} connects at once. */
    public ConnectWindow(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("connect window width (" + width + ") must be >= 1");
        }
        this.width = width;
    }

    /** The run's window: {@link #PER_IO_THREAD} connects for each of its {@code ioThreads} I/O threads. */
    public static ConnectWindow forIoThreads(int ioThreads) {
        // HttpCore hands connects to its I/O threads in turn, so a window of this width keeps about PER_IO_THREAD
        // outstanding on each
        return new ConnectWindow(PER_IO_THREAD * Math.max(1, ioThreads));
    }

    /** What {@link #enter} did with a connect. */
    public enum Entry {
        /** It has a place: the caller connects now, and releases it when the connect is answered or out a while. */
        NOW,
        /** It waits: its {@link Waiter#open} is called when a place is free. */
        QUEUED,
        /** The window is closed (the run ends): no connect. */
        CLOSED
    }

    /** A connect asks for a place: one now if there is room and nobody waits, else {@code waiter} waits its turn. */
    public synchronized Entry enter(Waiter waiter) {
        if (closed) {
            return Entry.CLOSED;
        }
        if (outstanding < width && waiting.isEmpty()) {
            outstanding++;
            return Entry.NOW;
        }
        waiting.addLast(waiter);
        return Entry.QUEUED;
    }

    /**
     * A connect that had a place was answered, has been out a while, or was given up: the place goes to the first
     * waiter that still connects, else it is free. Once per place taken. Never under a slot's lock (see the class
     * comment).
     */
    public void release() {
        while (true) {
            Waiter next;
            synchronized (this) {
                next = closed ? null : waiting.pollFirst();
                if (next == null) {
                    outstanding--;
                    return;
                }
            }
            if (next.open()) {
                return;   // the place is its, until it releases it
            }
        }
    }

    /**
     * A place taken with {@link #enter} whose connect never went out because the reactor refused it (it is shutting
     * down, and the run with it): free again, not passed on. Safe under a slot's lock.
     */
    public synchronized void giveBack() {
        outstanding--;
    }

    /** The run ends: connects waiting are dropped, and none enters any more. */
    public synchronized void close() {
        closed = true;
        waiting.clear();
    }

    /** Places held: connects handed to HttpCore lately and not yet answered. */
    public synchronized int outstanding() {
        return outstanding;
    }

    /** Connects waiting for a place (a waiter that no longer connects still counts, until its turn comes). */
    public synchronized int waiting() {
        return waiting.size();
    }

    @Override
    public synchronized String toString() {
        return "connect window " + outstanding + "/" + width + ", " + waiting.size() + " waiting";
    }
}
