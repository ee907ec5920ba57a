package dev.loadtest.internal.engine;

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
final class Scheduler implements Runnable {

    private final EngineRun run;
    private final Phase phase;
    private final RateSchedule schedule;
    private final List<Client> clients;
    private final long limit;
    private volatile boolean stopped;
    private final CountDownLatch primed = new CountDownLatch(1);
    private final CountDownLatch clockStarted = new CountDownLatch(1);
    private Thread thread;

    Scheduler(EngineRun run, RateSchedule schedule, List<Client> clients) {
        this.run = run;
        this.phase = run.phase();
        this.schedule = schedule;
        this.clients = clients;
        this.limit = run.test().requests().orElse(Long.MAX_VALUE);
    }

    /** Starts the thread, which primes the send path and then waits for {@link #go()}. */
    void start(int runId) {
        thread = new Thread(this, "loadtest-scheduler-" + runId);
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits (at most 10 s) until the thread has primed the send path, so that it is not part of the run. */
    void awaitPrimed() {
        try {
            primed.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts handing out requests: the run's clock has started ({@link Phase#startClock}). */
    void go() {
        clockStarted.countDown();
    }

    @Override
    public void run() {
        WorkerStats stats = run.recorders().get();
        try {
            prime();
        } finally {
            primed.countDown();
        }
        try {
            clockStarted.await();
        } catch (InterruptedException e) {
            return;
        }
        long start = phase.startNanos;
        int n = clients.size();
        for (long k = 0; k < limit && !stopped; k++) {
            long offset = schedule.dueOffsetNanos(k);
            if (offset < 0) {
                break;
            }
            long due = start + offset;
            if (due > phase.measureEndNanos) {
                break;
            }
            long now = System.nanoTime();
            while (due > now && !stopped) {
                LockSupport.parkNanos(due - now);
                now = System.nanoTime();
            }
            if (stopped) {
                break;
            }
            if (phase.isMeasured(due)) {
                stats.scheduled++;
                WorkerStats.record(stats.schedulerLag, now - due);
            }
            clients.get((int) (k % n)).onDue(due, stats);
        }
        if (phase.isCounted() && !stopped) {
            // a counted run ends when its last request is done; a timed one runs to its deadline
            for (Client client : clients) {
                client.onScheduleEnded();
            }
        }
    }

    /**
     * Loads and initialises the classes of the send path before the run's clock starts, so the JVM's class
     * loading is not taken for our lag on the first requests of a run (see {@link Phase#startClock}). The
     * Timeline is built after the clock starts, so its classes are loaded here too.
     */
    private void prime() {
        run.templates().get(0).newRequest();
        org.apache.hc.core5.http.protocol.HttpCoreContext.create();
        new Backlog(1).offerLast(0);
        Timeline.class.getName();
        WorkerStats.record(dev.loadtest.LatencyHistogram.newHistogram(), 1);
        try {
            Class.forName(Exchange.class.getName(), true, Exchange.class.getClassLoader());
            Class.forName(org.apache.hc.core5.http.nio.command.RequestExecutionCommand.class.getName(), true,
                    Exchange.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Stops handing out requests and waits (bounded) for the thread to end. */
    void stop() throws InterruptedException {
        stopped = true;
        clockStarted.countDown();
        if (thread != null) {
            LockSupport.unpark(thread);
            thread.join(5_000);
        }
    }
}
