package dev.loadtest.internal.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.PackedHistogram;
import org.junit.jupiter.api.Test;

/**
 * The timeline cuts the measured phase into intervals from the threads' figures. Here one thread (the test's)
 * records, and the test moves the clock: the intervals' counts and histograms must add up to the run's.
 */
class TimelineTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/");
    private static final long SECOND = 1_000_000_000L;
    private static final long START = 5 * SECOND;
    private static final long MS = 1_000_000;

    private final Recorders recorders = new Recorders((thread, error) -> { });
    private final List<Interval> heard = new CopyOnWriteArrayList<>();

    private Timeline timeline(LoadTest test) {
        Phase phase = new Phase(test, START);
        return new Timeline(phase, test.interval(), test.isRateDriven(), test.requests().orElse(0), recorders,
                (interval, response, service) -> heard.add(interval));
    }

    private static LoadTest timed(Duration duration) {
        return LoadTest.target(TARGET).duration(duration).interval(Duration.ofSeconds(1)).build();
    }

    @Test
    void should_cut_an_interval_of_what_happened_in_it_each_time_one_ends() {
        Timeline timeline = timeline(timed(Duration.ofSeconds(3)));
        WorkerStats stats = recorders.get();
        stats.started(false);
        stats.responded(200, 2 * MS, false, 0);
        stats.received(100);

        timeline.advance(START + SECOND - 1);
        assertThat(timeline.intervals()).isEmpty();
        timeline.advance(START + SECOND);
        stats.started(false);
        stats.failed(ErrorCategory.RESET, "reset", false);
        timeline.advance(START + 2 * SECOND);

        assertThat(timeline.intervals()).hasSize(2);
        Interval first = timeline.intervals().get(0);
        assertThat(first.start()).isEqualTo(Duration.ZERO);
        assertThat(first.length()).isEqualTo(Duration.ofSeconds(1));
        assertThat(first.started()).isEqualTo(1);
        assertThat(first.done()).isEqualTo(1);
        assertThat(first.errored()).isZero();
        assertThat(first.statusCodes().count(200)).isEqualTo(1);
        assertThat(first.bytes()).isEqualTo(100);
        Interval second = timeline.intervals().get(1);
        assertThat(second.start()).isEqualTo(Duration.ofSeconds(1));
        assertThat(second.started()).isEqualTo(1);
        assertThat(second.done()).isEqualTo(1);
        assertThat(second.errored()).isEqualTo(1);
        assertThat(second.statusCodes().total()).isZero();
        assertThat(heard).containsExactlyElementsOf(timeline.intervals());
    }

    @Test
    void should_cut_the_last_partial_interval_at_the_end_and_add_up_to_the_run() {
        Timeline timeline = timeline(timed(Duration.ofSeconds(3)));
        WorkerStats stats = recorders.get();
        for (int i = 1; i <= 5; i++) {
            stats.responded(200, i * MS, false, 0);
            timeline.advance(START + i * SECOND / 2);
        }

        timeline.finish(START + 2 * SECOND + SECOND / 2);

        assertThat(timeline.intervals()).extracting(Interval::length)
                .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(500));
        assertThat(timeline.intervals().stream().mapToLong(Interval::done).sum()).isEqualTo(5);
        assertThat(timeline.serviceTotal().getTotalCount()).isEqualTo(5);
        long inIntervals = timeline.intervals().stream()
                .mapToLong(i -> i.serviceTimeHistogram().orElseThrow().count()).sum();
        assertThat(inIntervals).isEqualTo(5);
    }

    @Test
    void should_add_what_arrives_after_the_last_cut_to_the_last_interval() {
        Timeline timeline = timeline(timed(Duration.ofSeconds(2)));
        WorkerStats stats = recorders.get();
        stats.responded(200, MS, false, 0);
        timeline.advance(START + 2 * SECOND);
        stats.responded(503, MS, false, 0);   // an I/O thread's last figures, read once it has ended

        timeline.finish(START + 2 * SECOND);

        assertThat(timeline.intervals()).hasSize(2);
        Interval last = timeline.intervals().get(1);
        assertThat(last.done()).isEqualTo(1);
        assertThat(last.statusCodes().count(503)).isEqualTo(1);
        assertThat(last.serviceTimeHistogram().orElseThrow().count()).isEqualTo(1);
        assertThat(timeline.serviceTotal().getTotalCount()).isEqualTo(2);
    }

    @Test
    void should_keep_response_times_apart_from_service_times_only_in_a_rate_driven_run() {
        Timeline closed = timeline(timed(Duration.ofSeconds(1)));
        recorders.get().responded(200, 2 * MS, false, 0);
        closed.finish(START + SECOND);
        Interval closedInterval = closed.intervals().get(0);
        assertThat(closedInterval.responseTime()).isEqualTo(closedInterval.serviceTime());

        Recorders open = new Recorders((thread, error) -> { });
        LoadTest rated = LoadTest.target(TARGET).rate(10).duration(Duration.ofSeconds(1)).build();
        Timeline timeline = new Timeline(new Phase(rated, START), rated.interval(), true, 0, open,
                (interval, response, service) -> { });
        open.get().responded(200, 2 * MS, true, 50 * MS);
        timeline.finish(START + SECOND);

        Interval interval = timeline.intervals().get(0);
        assertThat(interval.serviceTimeHistogram().orElseThrow().max()).isLessThan(Duration.ofMillis(3));
        assertThat(interval.responseTimeHistogram().orElseThrow().max()).isGreaterThan(Duration.ofMillis(49));
        assertThat(timeline.responseTotal().getTotalCount()).isEqualTo(1);
    }

    @Test
    void should_pack_the_histograms_of_the_oldest_intervals_only_beyond_the_memory_budget() {
        LoadTest rated = LoadTest.target(TARGET).rate(10).duration(Duration.ofSeconds(4)).interval(Duration.ofSeconds(1))
                .build();
        long oneInterval = 2 * LatencyHistogram.newHistogram().getEstimatedFootprintInBytes();
        Timeline timeline = new Timeline(new Phase(rated, START), rated.interval(), true, 0, recorders,
                (interval, response, service) -> { }, 2 * oneInterval);
        WorkerStats stats = recorders.get();
        for (int i = 1; i <= 4; i++) {
            stats.responded(200, i * MS, true, 10 * i * MS);
            timeline.advance(START + i * SECOND);
        }

        List<Interval> intervals = timeline.intervals();
        assertThat(intervals).hasSize(4);
        for (int i = 0; i < 4; i++) {
            boolean packedExpected = i < 2;   // the two newest fit the budget
            Interval interval = intervals.get(i);
            assertThat(interval.serviceTimeHistogram().orElseThrow().toHistogram() instanceof PackedHistogram)
                    .as("interval %d's service time packed", i).isEqualTo(packedExpected);
            assertThat(interval.responseTimeHistogram().orElseThrow().toHistogram() instanceof PackedHistogram)
                    .as("interval %d's response time packed", i).isEqualTo(packedExpected);
            assertThat(interval.serviceTimeHistogram().orElseThrow().max().toNanos())
                    .isBetween((i + 1) * MS, (i + 1) * MS + MS / 100);
            assertThat(interval.responseTimeHistogram().orElseThrow().max().toNanos())
                    .isBetween(10 * (i + 1) * MS, 10 * (i + 1) * MS + MS / 10);
            assertThat(interval.responseTimeHistogram().orElseThrow().count()).isEqualTo(1);
        }
    }

    @Test
    void should_pack_a_closed_model_intervals_one_histogram_once_and_keep_it_shared() {
        Timeline timeline = new Timeline(new Phase(timed(Duration.ofSeconds(2)), START), Duration.ofSeconds(1), false, 0,
                recorders, (interval, response, service) -> { }, 0);
        recorders.get().responded(200, 2 * MS, false, 0);
        timeline.advance(START + SECOND);

        Interval interval = timeline.intervals().get(0);
        assertThat(interval.serviceTimeHistogram().orElseThrow().toHistogram()).isInstanceOf(PackedHistogram.class);
        assertThat(interval.responseTimeHistogram().orElseThrow()).isSameAs(interval.serviceTimeHistogram().orElseThrow());
        assertThat(interval.serviceTimeHistogram().orElseThrow().count()).isEqualTo(1);
    }

    @Test
    void should_report_progress_as_the_share_of_a_counted_run_done() {
        Timeline timeline = timeline(LoadTest.target(TARGET).requests(4).build());
        WorkerStats stats = recorders.get();
        stats.started(false);
        stats.responded(200, MS, false, 0);

        assertThat(timeline.progress(START + SECOND).fractionDone()).isEqualTo(0.25);
        assertThat(timeline.progress(START + SECOND).done()).isEqualTo(1);
    }

    @Test
    void should_report_progress_as_the_share_of_a_timed_run_elapsed() {
        Timeline timeline = timeline(timed(Duration.ofSeconds(4)));

        assertThat(timeline.progress(START + SECOND).fractionDone()).isEqualTo(0.25);
        assertThat(timeline.progress(START + 8 * SECOND).fractionDone()).isEqualTo(1.0);
    }
}
