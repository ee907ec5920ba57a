package dev.loadtest.internal.engine.schedule;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.WorkerStats;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands out the requests of a rate-driven run at their due times, round robin over the clients, on a
 * thread of its own: the responses never hold it back, so a slow server shows in the response times
 * instead of hiding (coordinated omission). How late it hands each request over is its lag, recorded
 * so a saturated generator is caught. It wakes at most once a resolution ({@link #quantumNanos}, the run's
 * {@link dev.loadtest.LoadTest#scheduleResolution()}) and hands out every request due by then, never one early
 * ({@link #wakeFor}).
 *
 * <p>The grouping is part of the schedule, not lateness: a request held for a wake-up aimed at time W, after its own
 * due time, is handed out due at W ({@link #effectiveDue}), so its response time, service time, lateness and our lag
 * count from W, when the server could first see it; a request that fell due after W (the wake-up came late, or the
 * scheduler was behind) keeps its own due time, so coordinated omission is corrected as before.
 *
 * <p>When it stops while behind its schedule (a saturated generator, a starved core), the measured requests that
 * fell due before the stop but were not handed out yet are counted all the same, each as scheduled (its lag up to
 * the stop) and never issued ({@link Target#onMissed}): the offered rate stays the schedule's, as in wrk2, and the
 * shortfall shows as our lag and in the dropped requests.
 */
public final class Scheduler implements Runnable {

    /** A client the scheduler hands requests to. */
    public interface Target {
        /**
         * A request falls due at {@code dueNanos}, on the scheduler's thread; what the client cannot issue it
         * records in {@code schedulerStats}, the scheduler thread's own.
         */
        void onDue(long dueNanos, WorkerStats schedulerStats);

        /** The schedule has no more requests (a counted run handed out all of them). */
        void onScheduleEnded();

        /**
         * A measured request fell due at {@code dueNanos} but the scheduler stopped before handing it over: record it,
         * on the scheduler's thread in {@code schedulerStats}, as one that fell due and was never issued.
         */
        void onMissed(long dueNanos, WorkerStats schedulerStats);
    }

    private final Phase phase;
    private final RateSchedule schedule;
    private final List<? extends Target> clients;
    /**
     * The most requests one wake-up hands out: as many as can start at once without queueing behind one another
     * (a run of requests: its clients times their streams). See {@link #wakeFor}.
     */
    private final int width;
    private final long limit;
    private final Recorders recorders;
    private final Runnable prime;
    private final SchedulerClock clock;
    /**
     * Its resolution ({@link dev.loadtest.LoadTest#scheduleResolution()}): it wakes at most once in this long and then
     * hands out every request already due. A wake-up costs a context switch and two system calls (a futex wait, and
     * glibc's futex wake on the way out of it), about as much CPU as the request's own write: at 10,000 req/s it woke
     * about once a request.
     */
    private final long quantumNanos;
    /**
     * The aim of its last wake-up: the time {@link #wakeFor} chose for it, which the requests it gathered are handed
     * out due at ({@link #effectiveDue}); it wakes next a quantum after it at the earliest. Before the first, a
     * quantum before the schedule's start: no request is due before the start, so none is grouped there, and the first
     * goes out at its own time. Only its thread uses it.
     */
    private long lastAim;
    private volatile boolean stopped;
    /** When {@link #stop()} was first called; written before {@link #stopped}, so read after it. */
    private volatile long stopNanos;
    /** {@link #go()} was called: the schedule's clock runs (a scheduler stopped before has nothing due). */
    private volatile boolean going;
    private final CountDownLatch primed = new CountDownLatch(1);
    private final CountDownLatch clockStarted = new CountDownLatch(1);
    private Thread thread;

    /**
     * @param width the most requests a wake-up hands out ({@link #width(LoadTest)}); at least 1
     * @param limit requests to hand out at most (a counted run's), else {@link Long#MAX_VALUE}
     * @param prime loads and initialises the send path's classes, on the scheduler's thread before the clock
     *              starts, so the JVM's class loading is not taken for our lag on the first requests of a run
     *              (see {@link Phase#startClock})
     * @param quantumNanos its resolution: see {@link #quantumNanos}
     */
    public Scheduler(Phase phase, RateSchedule schedule, List<? extends Target> clients, int width, long limit,
              Recorders recorders, Runnable prime, long quantumNanos) {
        this(phase, schedule, clients, width, limit, recorders, prime, SchedulerClock.SYSTEM, quantumNanos);
    }

    /** As above, with the clock it reads and sleeps on. */
    Scheduler(Phase phase, RateSchedule schedule, List<? extends Target> clients, int width, long limit,
              Recorders recorders, Runnable prime, SchedulerClock clock, long quantumNanos) {
        if (width < 1) {
            throw new IllegalArgumentException("width (" + width + ") must be >= 1");
        }
        this.width = width;
        this.clock = clock;
        this.quantumNanos = quantumNanos;
        this.phase = phase;
        this.schedule = schedule;
        this.clients = clients;
        this.limit = limit;
        this.recorders = recorders;
        this.prime = prime;
    }

    /**
     * The most requests (a scenario's: arrivals) one wake-up hands out in a run of {@code test}: as many as can
     * start at once without queueing behind one another. A run of requests, and a scenario on the run's shared slots
     * (its sessions' steps take the slots' streams): every stream of every client. A scenario with a connection per
     * session: each arrival opens a connection of its own, so up to the bound of its sessions in flight.
     */
    public static int width(LoadTest test) {
        long width = test.connectionPerSession() ? test.maxBacklog() : (long) test.clients() * test.streams();
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, width));
    }

    /** Starts the thread, which primes the send path and then waits for {@link #go()}. */
    public void start(int runId) {
        thread = new Thread(this, "loadtest-scheduler-" + runId);
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits (at most 10 s) until the thread has primed the send path, so that it is not part of the run. */
    public void awaitPrimed() {
        try {
            primed.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts handing out requests: the run's clock has started ({@link Phase#startClock}). */
    public void go() {
        going = true;
        clockStarted.countDown();
    }

    @Override
    public void run() {
        WorkerStats stats = recorders.get();
        try {
            prime.run();
        } finally {
            primed.countDown();
        }
        try {
            clockStarted.await();
        } catch (InterruptedException e) {
            return;
        }
        long start = phase.startNanos();
        lastAim = start - quantumNanos;
        long k = 0;
        while (k < limit && !stopped && handOut(k, start, stats)) {
            k++;
        }
        if (stopped) {
            if (going) {
                countMissed(k, start, stats);
            }
        } else if (phase.isCounted()) {
            // a counted run ends when its last request is done; a timed one runs to its deadline
            for (Target client : clients) {
                client.onScheduleEnded();
            }
        }
    }

    /**
     * Waits until request {@code k} of the schedule that started at {@code start} falls due and hands it to its
     * client; false when there is none (past the schedule's or the measured phase's end) or the scheduler stopped.
     *
     * <p>A method of its own, not the body of {@link #run}'s loop, so that the JIT compiles it: it runs once a
     * request, so C1 compiles it after a few hundred requests and C2 after a few thousand, while a loop body is
     * only compiled on-stack after tens of thousands of iterations, a minute at 1,000 req/s, and until then the
     * scheduler ran it in the interpreter (about 7 % of its CPU samples at 1k req/s, 16-24 s into a run).
     */
    private boolean handOut(long k, long start, WorkerStats stats) {
        long offset = schedule.dueOffsetNanos(k);
        if (offset < 0) {
            return false;
        }
        long due = start + offset;
        if (due > phase.measureEndNanos()) {
            return false;
        }
        long now = clock.nanoTime();
        if (due > now) {
            long wake = wakeFor(k, due, start);
            while (wake > now && !stopped) {
                clock.parkNanos(wake - now);
                now = clock.nanoTime();
            }
            lastAim = wake;
        }
        if (stopped) {
            return false;
        }
        long effective = effectiveDue(due);
        if (phase.isMeasured(effective)) {
            stats.scheduled(now - effective);
        }
        clients.get((int) (k % clients.size())).onDue(effective, stats);
        return true;
    }

    /**
     * The time request due at {@code due} is handed out due at: the aim of the wake-up that hands it out when that
     * came after its due time (the schedule grouped it there: the server sees it then, and it is not late), else its
     * own due time (it fell due after the aim, while the scheduler overslept or was behind: its lateness counts). A
     * request handed out without a park belongs to the last park's wake-up. The aim is never past the measured
     * phase's end ({@link #wakeFor}), so a request due in it stays in it; one due in the warm-up and grouped past its
     * end becomes measured as a whole: its client and {@link #handOut} read the same time.
     */
    private long effectiveDue(long due) {
        return Math.max(due, lastAim);
    }

    /**
     * When to wake for request {@code k}, due at {@code due} and not yet due: at its due time, unless that is within
     * the quantum of the last wake-up's aim; then at the quantum's end, and the requests that fell due meanwhile go
     * out together in that one wake-up, each due at its aim ({@link #effectiveDue}), less than a quantum after its
     * own due time. Requests spaced at least a quantum apart keep their exact times, and so do those due in the last
     * quantum of the measured phase: the timer stops the scheduler at its end, and a request still held back then
     * would be dropped.
     *
     * <p>A wake-up hands out at most {@link #width} requests (they go round robin over the clients, so at most a
     * client's streams to each): it wakes by the due time of request {@code k + width - 1}, the last of the round
     * that starts with {@code k}, if that comes before the quantum's end. One more request in a wake-up would wait
     * on its connection for a free stream (counted {@code late}, a burst on that connection) because of our
     * grouping rather than the server; with few streams at a high rate the scheduler wakes more often instead.
     */
    private long wakeFor(long k, long due, long start) {
        long earliestWake = lastAim + quantumNanos;
        if (due >= earliestWake || due > phase.measureEndNanos() - quantumNanos) {
            return due;
        }
        long roundEnd = schedule.dueOffsetNanos(k + width - 1);
        return roundEnd < 0 ? earliestWake : Math.max(due, Math.min(earliestWake, start + roundEnd));
    }

    /**
     * Counts the measured requests from {@code k} on that fell due before the stop (and before the measured phase's
     * end, within a counted run's limit) but were not handed out: scheduled, with their lag up to the stop, and
     * missed ({@link Target#onMissed}) by the client each was due to. Warm-up dues are not measured, so not counted.
     */
    private void countMissed(long k, long start, WorkerStats stats) {
        long stop = stopNanos;
        long end = Math.min(stop, phase.measureEndNanos());
        for (; k < limit; k++) {
            long offset = schedule.dueOffsetNanos(k);
            if (offset < 0 || start + offset > end) {
                return;
            }
            long due = start + offset;
            if (phase.isMeasured(due)) {
                stats.scheduled(stop - due);
                clients.get((int) (k % clients.size())).onMissed(due, stats);
            }
        }
    }

    /**
     * Stops handing out requests and waits (bounded) for the thread to end, after it has counted the measured
     * requests that fell due before this call and were not handed out (see {@link #countMissed}).
     */
    public void stop() throws InterruptedException {
        if (!stopped) {
            stopNanos = clock.nanoTime();
        }
        stopped = true;
        clockStarted.countDown();
        if (thread != null) {
            LockSupport.unpark(thread);
            thread.join(5_000);
        }
    }
}
