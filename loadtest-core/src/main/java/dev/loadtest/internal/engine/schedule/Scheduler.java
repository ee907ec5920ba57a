package dev.loadtest.internal.engine.schedule;

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
 * so a saturated generator is caught.
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
    }

    private final Phase phase;
    private final RateSchedule schedule;
    private final List<? extends Target> clients;
    private final long limit;
    private final Recorders recorders;
    private final Runnable prime;
    private volatile boolean stopped;
    private final CountDownLatch primed = new CountDownLatch(1);
    private final CountDownLatch clockStarted = new CountDownLatch(1);
    private Thread thread;

    /**
     * @param limit requests to hand out at most (a counted run's), else {@link Long#MAX_VALUE}
     * @param prime loads and initialises the send path's classes, on the scheduler's thread before the clock
     *              starts, so the JVM's class loading is not taken for our lag on the first requests of a run
     *              (see {@link Phase#startClock})
     */
    public Scheduler(Phase phase, RateSchedule schedule, List<? extends Target> clients, long limit, Recorders recorders,
              Runnable prime) {
        this.phase = phase;
        this.schedule = schedule;
        this.clients = clients;
        this.limit = limit;
        this.recorders = recorders;
        this.prime = prime;
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
        for (long k = 0; k < limit && !stopped; k++) {
            if (!handOut(k, start, stats)) {
                break;
            }
        }
        if (phase.isCounted() && !stopped) {
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
        long now = System.nanoTime();
        while (due > now && !stopped) {
            LockSupport.parkNanos(due - now);
            now = System.nanoTime();
        }
        if (stopped) {
            return false;
        }
        if (phase.isMeasured(due)) {
            stats.scheduled(now - due);
        }
        clients.get((int) (k % clients.size())).onDue(due, stats);
        return true;
    }

    /** Stops handing out requests and waits (bounded) for the thread to end. */
    public void stop() throws InterruptedException {
        stopped = true;
        clockStarted.countDown();
        if (thread != null) {
            LockSupport.unpark(thread);
            thread.join(5_000);
        }
    }
}
