package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.loadtest.DurationFormat;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import dev.loadtest.Protocol;
import dev.loadtest.Rate;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.Verdict;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rate-driven runs against a real server: response times from the schedule (corrected for
 * coordinated omission) beside service times, the backlog, the timeline, listeners and the verdict.
 * Bounds are generous: they tell a corrected figure from an uncorrected one, not a fast run from a slow one.
 */
class OpenModelTest {

    private static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
        // the first requests of a JVM, the server's in it too, take up to a second or two on a busy machine (class
        // loading, the JIT), longer than some runs here last: those are the JVM's, not the figures these tests check
        LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(2).requests(2_000).run();
        LoadTest.target(server.uri("/hello")).clients(2).rate(500).duration(Duration.ofSeconds(1)).run();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_measure_a_fixed_delay_as_the_response_time_at_a_rate_the_server_can_handle() {
        Result r = LoadTest.target(server.uri("/slow/20")).protocol(Protocol.HTTP_2).clients(4).streams(20)
                .rate(200).warmUp(Duration.ofSeconds(1)).duration(Duration.ofSeconds(2)).run();

        Rate rate = r.rate().orElseThrow();
        Duration low = Duration.ofMillis(20);
        Duration high = Duration.ofMillis(40);
        // every due of the measured phase, the schedule's own count, also from a scheduler a loaded machine made late
        assertThat(rate.scheduled()).as("%s", r).isEqualTo(400);
        assertThat(r.requests().total()).as("%s", r).isEqualTo(rate.scheduled());
        assertThat(r.requests().errored()).as("%s", r).isZero();
        assertThat(rate.dropped()).as("%s", r).isZero();
        // the delay is in both, on any machine
        assertThat(r.responseTime().median()).as("%s", r).isGreaterThanOrEqualTo(low);
        assertThat(r.serviceTime().median()).as("%s", r).isGreaterThanOrEqualTo(low);
        // OK as a rule; a loaded machine may make our scheduler late (GENERATOR_SATURATED): not a server fault
        assertThat(r.verdict()).as("%s", r).isNotIn(Verdict.ERRORS, Verdict.STALLED);
        // how close to the delay the figures stay is for a machine that kept our schedule. Service time counts from
        // the send, so it is off the delay only when the machine is: with it slow and the scheduler late (by 87 ms at
        // p99 on a loaded 2-core machine, the server in this JVM starved too) the figures are the machine's, and the
        // test is aborted there rather than failed (as CapacityEngineTest). With a normal service time, a response time
        // off the delay is our scheduler's fault: it fails
        boolean machineBusy = r.serviceTime().median().compareTo(high) > 0
                && r.verdict() == Verdict.GENERATOR_SATURATED;
        assumeFalse(machineBusy, () -> "this machine is too busy to measure a 20 ms delay: the service time is off "
                + "it and our scheduler fell behind\n" + r);
        assertThat(r.responseTime().median()).as("%s", r).isBetween(low, high);
        assertThat(r.serviceTime().median()).as("%s", r).isBetween(low, high);
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_show_a_server_freeze_in_the_corrected_p99_and_not_in_the_uncorrected_one(Protocol protocol)
            throws Exception {
        // 4 connections, 1 stream each, 500 req/s for 3 s; the server freezes for 500 ms once in the middle
        Thread freezer = server.freezeLater(Duration.ofMillis(1_700), Duration.ofMillis(500));
        Result r = LoadTest.target(server.uri("/freezable")).protocol(protocol).clients(4).streams(1)
                .rate(500).warmUp(Duration.ofMillis(500)).duration(Duration.ofSeconds(3)).run();
        freezer.join();

        // during the freeze ~250 of the 1,500 requests fall due and wait: their response times spread
        // from 0 to 500 ms, so the corrected p99 is hundreds of ms, while only the few requests on the
        // wire when it began (one per connection) saw a slow service time: under 1 %, out of the p99
        assertThat(r.responseTime().percentile(99)).as("%s", r).isGreaterThan(Duration.ofMillis(300));
        assertThat(r.serviceTime().percentile(99)).as("%s", r).isLessThan(Duration.ofMillis(300));
        assertThat(r.serviceTime().max()).as("%s", r).isGreaterThan(Duration.ofMillis(300));
        assertThat(r.rate().orElseThrow().late()).as("%s", r).isPositive();
    }

    @Test
    void should_call_a_run_above_the_server_capacity_overloaded_and_lose_no_request() {
        // 2 connections x 1 stream of 50 ms: at most 40 req/s, offered 200
        Result r = LoadTest.target(server.uri("/slow/50")).protocol(Protocol.HTTP_2).clients(2).streams(1)
                .rate(200).maxBacklog(100).warmUp(Duration.ofMillis(500)).duration(Duration.ofSeconds(2)).run();

        Rate rate = r.rate().orElseThrow();
        // OVERLOADED; on a machine so busy that our own scheduler was starved, GENERATOR_SATURATED comes first
        assertThat(r.verdict()).as("%s", r).isIn(Verdict.OVERLOADED, Verdict.GENERATOR_SATURATED);
        assertThat(rate.achieved()).as("%s", r).isLessThan(rate.offered() * 0.5);
        assertThat(rate.dropped()).as("%s", r).isPositive();
        // every scheduled request is accounted for
        assertThat(r.requests().done() + rate.dropped() + r.requests().inFlightAtEnd() + rate.backlogAtEnd())
                .isEqualTo(rate.scheduled());
    }

    @Test
    void should_follow_a_ramp_and_stages_in_the_timeline() {
        Result r = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(4).streams(10)
                .stages(Stage.rate(100, Duration.ofSeconds(1)), Stage.rate(400, Duration.ofSeconds(1)),
                        Stage.ramp(400, 0, Duration.ofSeconds(1)))
                .interval(Duration.ofMillis(500)).run();

        assertThat(r.duration()).as("%s", r).isEqualTo(Duration.ofSeconds(3));
        List<Interval> intervals = r.intervals();
        assertThat(intervals).hasSize(6);
        assertThat(r.rate().orElseThrow().scheduled()).as("%s", r).isEqualTo(700);  // 100 + 400 + 200
        assertThat(intervals.stream().mapToLong(Interval::done).sum()).isEqualTo(r.requests().done());
        // an interval's starts follow the schedule as far as the scheduler kept it: a due handed out late may start in
        // the next interval, and 100 ms late at 400 req/s moves 40 starts, the bounds' margin at that rate. A scheduler
        // held up for longer (930 ms at the start of a run on a loaded 2-core machine, which then handed out the dues
        // of its first second at once) measured the machine: the test is aborted, not failed (as the first test here)
        Duration lag = r.rate().orElseThrow().schedulerLag().max();
        assumeFalse(lag.compareTo(Duration.ofMillis(100)) > 0,
                () -> "this machine is too busy to keep a schedule: the scheduler fell "
                        + DurationFormat.format(lag) + " behind\n" + r);
        double[] rates = intervals.stream().mapToDouble(i -> i.started() / (cutToCut(i).toNanos() / 1e9)).toArray();
        assertThat(rates[0]).as("%s", r).isBetween(60.0, 140.0);     // 100 req/s
        assertThat(rates[3]).as("%s", r).isBetween(320.0, 480.0);    // 400 req/s
        assertThat(rates[4]).as("%s", r).isBetween(220.0, 380.0);    // ramp 400 -> 200 in this half: 300 on average
        assertThat(rates[5]).as("%s", r).isBetween(40.0, 160.0);     // 200 -> 0: 100 on average
    }

    /**
     * The time an interval's counts cover: from the cut before it to its own, which the timer makes when it wakes.
     * A starved timer cuts late, and the interval holds the requests started until then: over its nominal length
     * they read as a higher rate, and the next interval's as a lower one. The generator's figure measures that span.
     */
    private static Duration cutToCut(Interval interval) {
        return interval.generator().map(GeneratorLoad::elapsed).orElse(interval.length());
    }

    @Test
    void should_hold_each_concurrency_stage() {
        // 100 ms per request: 4 in flight give ~40 req/s, 40 in flight ~400 req/s
        Result r = LoadTest.target(server.uri("/slow/100")).protocol(Protocol.HTTP_2).clients(4).streams(10)
                .stages(Stage.concurrency(4, Duration.ofSeconds(1)), Stage.concurrency(40, Duration.ofSeconds(1)))
                .interval(Duration.ofMillis(500)).run();

        assertThat(r.rate()).as("%s", r).isEmpty();
        assertThat(r.duration()).as("%s", r).isEqualTo(Duration.ofSeconds(2));
        List<Interval> intervals = r.intervals();
        assertThat(intervals).hasSize(4);
        // what a stage holds is its requests in flight: started and not done by an interval's cut, a count the engine
        // keeps whatever the server's pace. (The responses an interval sees are that count over the service time,
        // which a starved machine stretched: the server's 100 ms took up to 390 ms, 70 done in 0.5 s, not ~200.)
        // The cut reads a thread's started count before its done count: a request answered between the two reads is
        // out while the one sent in its place is not yet in, so the count can come out low, never high. At least 30
        // of 40 leaves room for 10 answered while the reading thread was held between the two reads (25 ms at 40 in
        // flight of 100 ms each), and is still 7 times stage 1's 4
        long[] inFlight = new long[intervals.size()];
        long started = 0;
        long done = 0;
        for (int i = 0; i < intervals.size(); i++) {
            started += intervals.get(i).started();
            done += intervals.get(i).done();
            inFlight[i] = started - done;
        }
        assertThat(inFlight[0]).as("%s", r).isBetween(1L, 4L);
        assertThat(inFlight[1]).as("the cut at 1 s comes before the timer raises the stage: %s", r).isBetween(1L, 4L);
        assertThat(inFlight[2]).as("%s", r).isBetween(30L, 40L);
    }

    @Test
    void should_give_a_timeline_that_adds_up_in_a_closed_model_run_too() {
        Result r = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(2).streams(2)
                .duration(Duration.ofMillis(1_100)).interval(Duration.ofMillis(250)).run();
        assertThat(r.intervals()).as("%s", r).hasSize(5);
        assertThat(r.intervals().stream().mapToLong(Interval::done).sum()).as("%s", r).isEqualTo(r.requests().done());
        assertThat(r.intervals().stream().mapToLong(i -> i.responseTime().count()).sum())
                .isEqualTo(r.serviceTime().count());
        assertThat(r.responseTime()).as("%s", r).isEqualTo(r.serviceTime());
        assertThat(r.rate()).as("%s", r).isEmpty();
        assertThat(r.verdict()).as("%s", r).isEqualTo(Verdict.OK);
    }

    @Test
    void should_deliver_progress_and_intervals_to_listeners_and_survive_one_that_throws() {
        List<Interval> seen = new CopyOnWriteArrayList<>();
        List<Progress> progress = new CopyOnWriteArrayList<>();
        AtomicInteger thrown = new AtomicInteger();
        Result r = LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofMillis(800))
                .interval(Duration.ofMillis(200))
                .listener(new LoadTestListener() {
                    @Override
                    public void onInterval(Interval interval) {
                        thrown.incrementAndGet();
                        throw new IllegalStateException("a broken listener");
                    }
                })
                .listener(new LoadTestListener() {
                    @Override
                    public void onInterval(Interval interval) {
                        seen.add(interval);
                    }

                    @Override
                    public void onProgress(Progress p) {
                        progress.add(p);
                    }
                })
                .run();
        assertThat(thrown.get()).isEqualTo(1);
        assertThat(seen).containsExactlyElementsOf(r.intervals());
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(progress.size() - 1).fractionDone()).isEqualTo(1.0);
        assertThat(r.requests().done()).as("%s", r).isPositive();
    }

    @Test
    void should_not_let_a_blocking_listener_hold_the_run() {
        long start = System.nanoTime();
        Result r = LoadTest.target(server.uri("/hello")).clients(1).duration(Duration.ofMillis(300))
                .listener(new LoadTestListener() {
                    @Override
                    public void onProgress(Progress p) {
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                })
                .run();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(r.requests().done()).as("%s", r).isPositive();
    }

    @Test
    void should_do_exactly_the_requests_of_a_counted_rate_driven_run() {
        Result r = LoadTest.target(server.uri("/hello")).clients(2).rate(500).requests(300).run();
        assertThat(r.requests().done()).as("%s", r).isEqualTo(300);
        assertThat(r.requests().succeeded()).as("%s", r).isEqualTo(300);
        assertThat(r.rate().orElseThrow().scheduled()).as("%s", r).isEqualTo(300);
        assertThat(r.duration()).as("%s", r).isBetween(Duration.ofMillis(500), Duration.ofSeconds(5));
    }

    @Test
    void should_say_stalled_when_no_connection_completes_a_second_request() {
        Result r = LoadTest.target(server.uri("/slow/5000")).clients(2).duration(Duration.ofMillis(300)).run();
        assertThat(r.verdict()).as("%s", r).isEqualTo(Verdict.STALLED);
    }

    @Test
    void should_say_errors_when_requests_fail() {
        Result r = LoadTest.target(server.uri("/status/500")).clients(1).requests(10).run();
        assertThat(r.verdict()).as("%s", r).isEqualTo(Verdict.ERRORS);
    }
}
