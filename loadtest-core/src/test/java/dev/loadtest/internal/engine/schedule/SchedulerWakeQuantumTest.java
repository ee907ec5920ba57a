package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.WorkerStats;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's timer resolution (its quantum): it wakes at most once a quantum and hands out every request already
 * due then, never one before its due time, each due at the wake-up's aim unless it fell due after it. On a fake clock, whose sleeps last exactly as asked (or a set amount
 * more), so the tests look at which requests go out in which wake-up, not at how fast the machine is.
 */
class SchedulerWakeQuantumTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/");
    private static final long MICROS = 1_000;
    private static final long MILLIS = 1_000_000;
    private static final long T0 = 5_000 * MILLIS;

    /** A clock that moves only when the scheduler sleeps: by what it asked, plus {@code oversleep}. */
    private static final class FakeClock implements SchedulerClock {
        private final long oversleep;
        private volatile long now = T0;
        final List<Long> wakeUps = new CopyOnWriteArrayList<>();

        FakeClock(long oversleep) {
            this.oversleep = oversleep;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void parkNanos(long nanos) {
            now += nanos + oversleep;
            wakeUps.add(now);
        }
    }

    /**
     * A hand-out: the request's due time in the schedule ({@code scheduled}), the due time it was handed out with
     * ({@code due}: what its response time and the scheduler's lag count from) and the clock's time then ({@code at});
     * {@code at - due} is the lag the scheduler records for it.
     */
    private record HandOut(long scheduled, long due, long at) {
        long lag() {
            return at - due;
        }
    }

    private static final class Target implements Scheduler.Target {
        private final FakeClock clock;
        private final RateSchedule schedule;
        private final int index;
        private final int clients;
        final List<HandOut> handOuts = new CopyOnWriteArrayList<>();

        Target(FakeClock clock, RateSchedule schedule, int index, int clients) {
            this.clock = clock;
            this.schedule = schedule;
            this.index = index;
            this.clients = clients;
        }

        @Override
        public void onDue(long dueNanos, WorkerStats schedulerStats) {
            // round robin: this client's n-th request is request n * clients + index of the schedule
            long k = (long) handOuts.size() * clients + index;
            handOuts.add(new HandOut(T0 + schedule.dueOffsetNanos(k), dueNanos, clock.nanoTime()));
        }

        @Override
        public void onScheduleEnded() {
        }

        @Override
        public void onMissed(long dueNanos, WorkerStats schedulerStats) {
        }
    }

    private Scheduler scheduler;

    @AfterEach
    void stop() throws InterruptedException {
        if (scheduler != null) {
            scheduler.stop();
        }
    }

    /**
     * Runs {@code test}'s schedule from T0 on {@code clock} to its end over its clients (round robin), at most
     * clients x streams requests a wake-up; all hand-outs, in the schedule's order.
     */
    private List<HandOut> run(LoadTest test, FakeClock clock, long quantum, int expected) throws InterruptedException {
        List<Target> targets = new ArrayList<>();
        RateSchedule schedule = RateSchedule.of(test);
        for (int i = 0; i < test.clients(); i++) {
            targets.add(new Target(clock, schedule, i, test.clients()));
        }
        Phase phase = new Phase(test, T0);
        scheduler = new Scheduler(phase, schedule, targets, test.clients() * test.streams(),
                test.requests().orElse(Long.MAX_VALUE), new Recorders((thread, error) -> { }), () -> { }, clock, quantum);
        scheduler.start(1);
        scheduler.awaitPrimed();
        scheduler.go();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (targets.stream().mapToInt(t -> t.handOuts.size()).sum() < expected && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        scheduler.stop();
        List<HandOut> all = new ArrayList<>();
        targets.forEach(t -> all.addAll(t.handOuts));
        all.sort((a, b) -> Long.compare(a.scheduled(), b.scheduled()));
        assertThat(all).as("every request of the schedule handed out").hasSize(expected);
        return all;
    }

    @Test
    void should_hand_out_the_requests_due_within_a_quantum_in_one_wake_up_never_before_their_due_time()
            throws Exception {
        // 10,000 req/s: a request every 100 us; a quantum of 1 ms gathers ten into each wake-up, one a client
        LoadTest test = LoadTest.target(TARGET).clients(10).rate(10_000).requests(200).build();
        FakeClock clock = new FakeClock(0);

        List<HandOut> handOuts = run(test, clock, MILLIS, 200);

        assertThat(handOuts).allSatisfy(h -> {
            assertThat(h.at() - h.scheduled()).as("never early, held by less than the quantum").isBetween(0L, MILLIS - 1);
            assertThat(h.due()).as("due at the wake-up's aim, when the server sees it").isEqualTo(h.at());
            assertThat(h.lag()).as("a wake-up on time: no lag").isZero();
        });
        assertThat(clock.wakeUps).as("request 1 at its time (100 us), then one wake-up a millisecond to 20.1 ms")
                .hasSize(21);
        for (int i = 1; i < clock.wakeUps.size(); i++) {
            assertThat(clock.wakeUps.get(i) - clock.wakeUps.get(i - 1)).isEqualTo(MILLIS);
        }
        assertThat(handOuts.stream().filter(h -> h.at() == clock.wakeUps.get(5)).count())
                .as("a wake-up hands out the ten requests that fell due since the last").isEqualTo(10);
    }

    @Test
    void should_hand_each_client_at_most_one_request_a_wake_up() throws Exception {
        // 10,000 req/s over 2 clients, a quantum of 1 ms: a wake-up every 200 us (a round of the clients), not 1 ms,
        // so that no connection is handed a second request before the first's response could come
        LoadTest test = LoadTest.target(TARGET).clients(2).rate(10_000).requests(200).build();
        FakeClock clock = new FakeClock(0);

        List<HandOut> handOuts = run(test, clock, MILLIS, 200);

        assertThat(handOuts).allSatisfy(h -> assertThat(h.at() - h.scheduled()).isBetween(0L, 100 * MICROS));
        assertThat(clock.wakeUps).as("request 1 at its time, then one wake-up every 200 us").hasSize(100);
        for (long wakeUp : clock.wakeUps) {
            assertThat(handOuts.stream().filter(h -> h.at() == wakeUp).count()).isBetween(1L, 2L);
        }
    }

    @Test
    void should_hand_a_connection_as_many_requests_a_wake_up_as_it_has_streams() throws Exception {
        // HTTP/2 -c 1 -m 100 at 10,000 req/s: the one connection takes 100 requests at once, so a wake-up a
        // millisecond hands it the ten that fell due, not one wake-up a request
        LoadTest test = LoadTest.target(TARGET).clients(1).streams(100).rate(10_000).requests(200).build();
        FakeClock clock = new FakeClock(0);

        List<HandOut> handOuts = run(test, clock, MILLIS, 200);

        assertThat(clock.wakeUps).as("request 1 at its time (100 us), then one wake-up a millisecond").hasSize(21);
        assertThat(handOuts).allSatisfy(h -> assertThat(h.at() - h.scheduled()).isBetween(0L, MILLIS - 1));
    }

    @Test
    void should_keep_exact_times_for_requests_spaced_wider_than_the_quantum() throws Exception {
        // 1,000 req/s: a request every millisecond, a quantum of 250 us
        LoadTest test = LoadTest.target(TARGET).clients(2).rate(1_000).requests(50).build();
        FakeClock clock = new FakeClock(0);

        List<HandOut> handOuts = run(test, clock, 250 * MICROS, 50);

        assertThat(handOuts).allSatisfy(h -> assertThat(h.at()).isEqualTo(h.due()).isEqualTo(h.scheduled()));
        assertThat(clock.wakeUps).as("one wake-up a request, the first due at once").hasSize(49);
    }

    @Test
    void should_aim_each_wake_up_a_quantum_after_the_last_aim_when_the_sleeps_overrun() throws Exception {
        // each sleep lasts 300 us longer than asked (a busy machine): the aims stay on their 1 ms grid, so the
        // overruns do not add up, and nothing goes out early
        LoadTest test = LoadTest.target(TARGET).clients(10).rate(10_000).requests(200).build();
        long oversleep = 300 * MICROS;
        FakeClock clock = new FakeClock(oversleep);

        List<HandOut> handOuts = run(test, clock, MILLIS, 200);

        assertThat(handOuts).allSatisfy(h -> {
            long aim = h.at() - oversleep;
            assertThat(h.at()).as("never early").isGreaterThanOrEqualTo(h.scheduled());
            assertThat(h.due()).as("the aim, or its own due time when it fell due after the aim")
                    .isEqualTo(Math.max(h.scheduled(), aim));
            assertThat(h.lag()).as("only the wake-up's own lateness").isBetween(0L, oversleep);
        });
        assertThat(handOuts).filteredOn(h -> h.scheduled() <= h.at() - oversleep)
                .as("grouped for a wake-up that came late: lagging by the oversleep").isNotEmpty()
                .allSatisfy(h -> assertThat(h.lag()).isEqualTo(oversleep));
        assertThat(handOuts).filteredOn(h -> h.scheduled() > h.at() - oversleep)
                .as("fell due while the scheduler overslept: counted from its own due time").isNotEmpty()
                .allSatisfy(h -> assertThat(h.due()).isEqualTo(h.scheduled()));
        assertThat(clock.wakeUps).hasSize(21);
        long firstAim = clock.wakeUps.get(0) - 300 * MICROS;
        for (int i = 0; i < clock.wakeUps.size(); i++) {
            assertThat(clock.wakeUps.get(i)).isEqualTo(firstAim + i * MILLIS + 300 * MICROS);
        }
    }

    @Test
    void should_send_each_request_at_its_due_time_without_a_quantum() throws Exception {
        LoadTest test = LoadTest.target(TARGET).clients(2).rate(10_000).requests(100).build();
        FakeClock clock = new FakeClock(0);

        List<HandOut> handOuts = run(test, clock, 0, 100);

        assertThat(handOuts).allSatisfy(h -> assertThat(h.at()).isEqualTo(h.due()).isEqualTo(h.scheduled()));
        assertThat(clock.wakeUps).hasSize(99);
    }

    @Test
    void should_keep_exact_times_in_the_last_quantum_of_a_timed_run() throws Exception {
        // 20 ms at 10,000 req/s, requests 0 to 199: those due in the last millisecond go out at their times, so none
        // is still held back when the timer stops the scheduler at the deadline (it would be dropped)
        LoadTest test = LoadTest.target(TARGET).clients(10).rate(10_000).duration(Duration.ofMillis(20)).build();
        FakeClock clock = new FakeClock(0);
        long end = T0 + 20 * MILLIS;

        List<HandOut> handOuts = run(test, clock, MILLIS, 200);

        assertThat(handOuts).filteredOn(h -> h.scheduled() > end - MILLIS)
                .hasSize(9)
                .allSatisfy(h -> assertThat(h.at()).isEqualTo(h.due()).isEqualTo(h.scheduled()));
        assertThat(handOuts).allSatisfy(h -> assertThat(h.due()).isLessThanOrEqualTo(end));
    }

    @Test
    void should_measure_a_request_grouped_past_the_warm_ups_end_as_a_whole() throws Exception {
        // a 5 ms warm-up at 10,000 req/s: the wake-up aimed at 5.1 ms hands out the requests due from 4.2 ms on;
        // those due in the warm-up go out due at 5.1 ms, in the measured phase, for the scheduler and their client alike
        LoadTest test = LoadTest.target(TARGET).clients(10).rate(10_000).warmUp(Duration.ofMillis(5))
                .duration(Duration.ofMillis(10)).build();
        FakeClock clock = new FakeClock(0);
        long measureStart = T0 + 5 * MILLIS;

        List<HandOut> handOuts = run(test, clock, MILLIS, 150);

        assertThat(handOuts).filteredOn(h -> h.scheduled() < measureStart && h.at() > measureStart)
                .as("due in the warm-up, grouped past its end").isNotEmpty()
                .allSatisfy(h -> assertThat(h.due()).isEqualTo(h.at()).isGreaterThan(measureStart));
    }
}
