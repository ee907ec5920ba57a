package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.record.RecordedRate;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.WorkerStats;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler hands the requests of a rate-driven run to the clients at their due times, round robin, on its
 * own thread; these tests stand in for the clients and look at what they are handed (never at how late).
 */
class SchedulerTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/");

    /**
     * A client that notes the due times it is handed, those it missed and the end of the schedule; one that is
     * {@linkplain #holdUntil held} keeps the scheduler's thread in its first due until released, as a saturated
     * generator falls behind its schedule.
     */
    private static final class Target implements Scheduler.Target {
        final List<Long> dues = new CopyOnWriteArrayList<>();
        final List<Long> missed = new CopyOnWriteArrayList<>();
        final Set<WorkerStats> statsSeen = ConcurrentHashMap.newKeySet();
        final CountDownLatch ended = new CountDownLatch(1);
        final CountDownLatch holding = new CountDownLatch(1);
        volatile CountDownLatch holdUntil;

        @Override
        public void onDue(long dueNanos, WorkerStats schedulerStats) {
            dues.add(dueNanos);
            statsSeen.add(schedulerStats);
            CountDownLatch release = holdUntil;
            if (release != null) {
                holdUntil = null;
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void onMissed(long dueNanos, WorkerStats schedulerStats) {
            missed.add(dueNanos);
            statsSeen.add(schedulerStats);
        }

        @Override
        public void onScheduleEnded() {
            ended.countDown();
        }
    }

    private final List<Target> targets = List.of(new Target(), new Target(), new Target());
    private Scheduler scheduler;

    @AfterEach
    void stop() throws InterruptedException {
        if (scheduler != null) {
            scheduler.stop();
        }
    }

    private Scheduler scheduler(LoadTest test, Phase phase, Runnable prime) {
        return new Scheduler(phase, RateSchedule.of(test), targets, targets.size(),
                test.requests().orElse(Long.MAX_VALUE), new Recorders((thread, error) -> { }), prime, 0);
    }

    @Test
    void should_hand_out_a_counted_run_round_robin_at_the_schedule_due_times_then_end_it() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(2000).requests(10).build();
        Phase phase = new Phase(test, System.nanoTime());
        scheduler = scheduler(test, phase, () -> { });
        scheduler.start(1);
        scheduler.awaitPrimed();
        long start = System.nanoTime();
        phase.startClock(start);
        scheduler.go();

        for (Target t : targets) {
            assertThat(t.ended.await(10, TimeUnit.SECONDS)).as("the schedule's end reached every client").isTrue();
        }
        long halfMillisecond = 500_000;
        assertThat(targets.get(0).dues).containsExactly(start, start + 3 * halfMillisecond, start + 6 * halfMillisecond,
                start + 9 * halfMillisecond);
        assertThat(targets.get(1).dues).containsExactly(start + halfMillisecond, start + 4 * halfMillisecond,
                start + 7 * halfMillisecond);
        assertThat(targets.get(2).dues).containsExactly(start + 2 * halfMillisecond, start + 5 * halfMillisecond,
                start + 8 * halfMillisecond);
        // whatever a client cannot issue is recorded in the scheduler thread's own stats, one object for all
        Set<WorkerStats> stats = ConcurrentHashMap.newKeySet();
        targets.forEach(t -> stats.addAll(t.statsSeen));
        assertThat(stats).hasSize(1);
    }

    @Test
    void should_prime_before_the_clock_starts_and_hand_out_nothing_until_go() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(1000).requests(3).build();
        AtomicBoolean primed = new AtomicBoolean();
        scheduler = scheduler(test, new Phase(test, System.nanoTime()), () -> primed.set(true));
        scheduler.start(2);
        scheduler.awaitPrimed();

        assertThat(primed).isTrue();
        Thread.sleep(50);
        assertThat(targets).allSatisfy(t -> assertThat(t.dues).isEmpty());
    }

    @Test
    void should_stop_handing_out_when_stopped_and_not_end_a_timed_schedule() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(1000).duration(Duration.ofSeconds(30)).build();
        Phase phase = new Phase(test, System.nanoTime());
        scheduler = scheduler(test, phase, () -> { });
        scheduler.start(3);
        scheduler.awaitPrimed();
        phase.startClock(System.nanoTime());
        scheduler.go();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (targets.get(0).dues.size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }

        scheduler.stop();
        List<Integer> atStop = new ArrayList<>();
        targets.forEach(t -> atStop.add(t.dues.size()));
        Thread.sleep(50);

        assertThat(targets.get(0).dues).hasSizeGreaterThanOrEqualTo(3);
        assertThat(targets).extracting(t -> t.dues.size()).containsExactlyElementsOf(atStop);
        assertThat(targets).allSatisfy(t -> assertThat(t.ended.getCount()).as("a timed run's schedule never ends early").isOne());
    }

    @Test
    void should_end_at_once_when_stopped_before_go() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(1000).requests(3).build();
        scheduler = scheduler(test, new Phase(test, System.nanoTime()), () -> { });
        scheduler.start(4);
        scheduler.awaitPrimed();

        scheduler.stop();

        assertThat(targets).allSatisfy(t -> {
            assertThat(t.dues).isEmpty();
            assertThat(t.missed).as("nothing fell due: the clock never started").isEmpty();
            assertThat(t.ended.getCount()).isOne();
        });
    }

    @Test
    void should_count_the_measured_dues_it_had_not_handed_out_when_stopped_behind_its_schedule() throws Exception {
        // 1 s of warm-up then 1 s measured at 100 req/s, the clock started 10 s ago: every due of the schedule
        // (requests 100 to 199 measured) has passed, and the first client holds the scheduler in the first due
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(100).warmUp(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).build();
        long start = System.nanoTime() - TimeUnit.SECONDS.toNanos(10);
        WorkerStats stats = stopBehind(test, start);

        assertThat(targets.get(0).dues).as("handed out: the first due, of the warm-up").containsExactly(start);
        List<Long> missed = new ArrayList<>();
        targets.forEach(t -> missed.addAll(t.missed));
        long tenMillis = TimeUnit.MILLISECONDS.toNanos(10);
        assertThat(missed).as("the measured dues, not the warm-up's nor those past the measured end").hasSize(100)
                .allSatisfy(due -> assertThat(due).isBetween(start + 100 * tenMillis, start + 199 * tenMillis));
        assertThat(targets.get(1).missed).as("each missed by the client it was due to, round robin")
                .contains(start + 100 * tenMillis);
        assertThat(RecordedRate.scheduled(stats)).isEqualTo(100);
        assertThat(RecordedRate.lagCount(stats)).isEqualTo(100);
        assertThat(RecordedRate.leastLagNanos(stats)).as("late by at least the 8 s from the measured end to the stop")
                .isGreaterThanOrEqualTo(TimeUnit.SECONDS.toNanos(8) * 999 / 1000);
    }

    @Test
    void should_count_no_missed_due_past_the_end_of_a_timed_run() throws Exception {
        // 1 s at 100 req/s (one stage): requests 0 to 99 fall due in it, none after, though 10 s passed
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(100).duration(Duration.ofSeconds(1)).build();
        long start = System.nanoTime() - TimeUnit.SECONDS.toNanos(10);
        WorkerStats stats = stopBehind(test, start);

        List<Long> missed = new ArrayList<>();
        targets.forEach(t -> missed.addAll(t.missed));
        assertThat(missed).as("requests 1 to 99: the first was handed out").hasSize(99)
                .allSatisfy(due -> assertThat(due).isBetween(start, start + TimeUnit.SECONDS.toNanos(1)));
        assertThat(RecordedRate.scheduled(stats)).as("the handed out one and the missed").isEqualTo(100);
        assertThat(RecordedRate.dropped(stats)).as("the test's clients count their missed ones themselves").isZero();
    }

    @Test
    void should_count_no_missed_due_beyond_a_counted_run_limit() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(3).rate(100).requests(10).build();
        long start = System.nanoTime() - TimeUnit.SECONDS.toNanos(10);
        WorkerStats stats = stopBehind(test, start);

        List<Long> missed = new ArrayList<>();
        targets.forEach(t -> missed.addAll(t.missed));
        assertThat(missed).as("requests 1 to 9: the first was handed out").hasSize(9);
        assertThat(RecordedRate.scheduled(stats)).isEqualTo(10);
        assertThat(targets).allSatisfy(t -> assertThat(t.ended.getCount()).as("a stopped schedule did not end").isOne());
    }

    /**
     * Runs {@code test}'s schedule from {@code start} with the first client holding the scheduler in its first due
     * until the scheduler is stopped; returns the scheduler thread's stats once {@link Scheduler#stop} returned.
     */
    private WorkerStats stopBehind(LoadTest test, long start) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        targets.get(0).holdUntil = release;
        Phase phase = new Phase(test, start);
        scheduler = scheduler(test, phase, () -> { });
        scheduler.start(5);
        scheduler.awaitPrimed();
        scheduler.go();
        assertThat(targets.get(0).holding.await(10, TimeUnit.SECONDS)).isTrue();

        Thread stopper = new Thread(() -> {
            try {
                scheduler.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();
        // stop() has set its flag once it waits for the scheduler's thread
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (stopper.getState() != Thread.State.TIMED_WAITING && stopper.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        release.countDown();
        stopper.join();
        Set<WorkerStats> seen = ConcurrentHashMap.newKeySet();
        targets.forEach(t -> seen.addAll(t.statsSeen));
        assertThat(seen).hasSize(1);
        return seen.iterator().next();
    }
}
