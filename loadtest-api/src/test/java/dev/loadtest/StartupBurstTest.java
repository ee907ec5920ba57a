package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StartupBurstTest {

    /** An interval of {@code count} responses whose response time p99 is {@code p99Millis}. */
    private static Interval interval(long startMillis, long lengthMillis, double p99Millis, long count) {
        Duration p99 = Duration.ofNanos((long) (p99Millis * 1_000_000));
        LatencySummary summary = new LatencySummary(count, Duration.ZERO, p99, p99, p99, p99, p99, p99);
        return new IntervalBuilder().start(Duration.ofMillis(startMillis)).length(Duration.ofMillis(lengthMillis))
                .started(count).done(count).statusCodes(new StatusCodes(Map.of(200, count))).responseTime(summary)
                .serviceTime(summary).build();
    }

    /** One-second intervals with these p99s, 2,000 responses each. */
    private static List<Interval> seconds(double... p99Millis) {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < p99Millis.length; i++) {
            intervals.add(interval(i * 1000L, 1000, p99Millis[i], 2000));
        }
        return intervals;
    }

    @Test
    void should_find_issue_15s_burst_a_slow_first_second_against_a_fast_rest() {
        StartupBurst burst = StartupBurst.of(seconds(54.2, 2.1, 2.0, 2.3, 1.9)).orElseThrow();
        assertThat(burst.startP99()).isEqualTo(Duration.ofNanos(54_200_000));
        assertThat(burst.laterP99()).as("the median of 2.1, 2.0, 2.3, 1.9: the lower middle").isEqualTo(Duration.ofMillis(2));
        assertThat(burst.start()).isEqualTo(Duration.ofSeconds(1));
        assertThat(burst.explanation()).isEqualTo("the first 1s's response time p99 was 54.20ms against 2.00ms later "
                + "(the median of the later intervals' p99): a start-up, ours or the server's, in the figures; a "
                + "warm-up (--warm-up-time, warmUp) leaves it out");
    }

    @Test
    void should_need_more_than_five_times_the_later_p99() {
        assertThat(StartupBurst.of(seconds(50, 10, 10, 10))).as("exactly 5x").isEmpty();
        assertThat(StartupBurst.of(seconds(50.1, 10, 10, 10))).isPresent();
    }

    @Test
    void should_need_more_than_10ms_whatever_the_ratio() {
        assertThat(StartupBurst.of(seconds(10, 0.5, 0.5, 0.5))).as("exactly 10 ms, 20x").isEmpty();
        assertThat(StartupBurst.of(seconds(10.1, 0.5, 0.5, 0.5))).isPresent();
    }

    @Test
    void should_take_a_median_so_one_slow_later_second_does_not_hide_the_burst() {
        assertThat(StartupBurst.of(seconds(100, 2, 300, 2))).isPresent();
        assertThat(StartupBurst.of(seconds(100, 30, 30, 2))).as("the rest is slow too: no start-up burst").isEmpty();
    }

    @Test
    void should_need_two_later_intervals_with_responses() {
        assertThat(StartupBurst.of(seconds(100, 2))).isEmpty();
        List<Interval> silentLater = new ArrayList<>(seconds(100, 2));
        silentLater.add(interval(2000, 1000, 0, 0));
        assertThat(StartupBurst.of(silentLater)).as("an interval without responses does not count").isEmpty();
        assertThat(StartupBurst.of(List.of())).isEmpty();
    }

    @Test
    void should_need_responses_in_the_start() {
        List<Interval> intervals = new ArrayList<>(seconds(0, 2, 2, 2));
        intervals.set(0, interval(0, 1000, 0, 0));
        assertThat(StartupBurst.of(intervals)).isEmpty();
    }

    @Test
    void should_take_the_first_second_of_short_intervals_as_the_start() {
        List<Interval> tenths = new ArrayList<>();
        double[] p99 = {3, 80, 40, 5, 5, 5, 5, 5, 5, 5, 2, 2, 2, 2, 2, 2};
        for (int i = 0; i < p99.length; i++) {
            tenths.add(interval(i * 100L, 100, p99[i], 200));
        }
        StartupBurst burst = StartupBurst.of(tenths).orElseThrow();
        assertThat(burst.startP99()).as("the highest p99 of the first second").isEqualTo(Duration.ofMillis(80));
        assertThat(burst.laterP99()).isEqualTo(Duration.ofMillis(2));
        assertThat(burst.start()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void should_take_the_first_interval_as_the_start_when_it_is_longer_than_a_second() {
        List<Interval> fives = List.of(interval(0, 5000, 60, 10_000), interval(5000, 5000, 3, 10_000),
                interval(10_000, 5000, 3, 10_000));
        StartupBurst burst = StartupBurst.of(fives).orElseThrow();
        assertThat(burst.start()).isEqualTo(Duration.ofSeconds(5));
        assertThat(burst.explanation()).startsWith("the first 5s's response time p99 was 60.00ms against 3.00ms later");
    }

    /** A result of {@code test} with these intervals and nothing else to say. */
    static Result result(LoadTest test, List<Interval> intervals) {
        LatencyHistogram none = LatencyHistogram.EMPTY;
        Optional<Rate> rate = test.isRateDriven() ? Optional.of(new Rate(2000, 2000, 10_000, 0, 0, 0, none))
                : Optional.empty();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(intervals.size())).protocol("http/1.1")
                .serviceTime(none).responseTime(none).connectTime(none).rate(rate).intervals(intervals)
                .verdict(Verdict.OK).build();
    }

    @Test
    void should_be_in_the_text_report_of_a_rate_driven_run_and_never_of_a_closed_one() {
        List<Interval> intervals = seconds(54.2, 2.1, 2.0, 2.3, 1.9);
        LoadTest rateDriven = LoadTest.target("http://127.0.0.1:1/").rate(2000).duration(Duration.ofSeconds(5)).build();
        LoadTest closed = LoadTest.target("http://127.0.0.1:1/").duration(Duration.ofSeconds(5)).build();

        assertThat(TextReport.format(result(rateDriven, intervals)).lines())
                .contains("start-up burst: " + StartupBurst.of(intervals).orElseThrow().explanation());
        assertThat(StartupBurst.of(result(closed, intervals))).isEmpty();
        assertThat(TextReport.format(result(closed, intervals)).lines()).noneMatch(l -> l.startsWith("start-up burst"));
        assertThat(TextReport.format(result(rateDriven, seconds(2.2, 2.1, 2.0))).lines())
                .noneMatch(l -> l.startsWith("start-up burst"));
    }
}
