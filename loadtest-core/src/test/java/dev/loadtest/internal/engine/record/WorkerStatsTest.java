package dev.loadtest.internal.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The interval histograms a thread's figures hand the timeline: each cut's own values, in reused histograms. */
class WorkerStatsTest {

    private static final long MS = 1_000_000;

    @Test
    void should_hand_each_cut_only_what_was_recorded_since_the_last_one() {
        WorkerStats stats = new WorkerStats();
        stats.responded(200, 2 * MS, true, 5 * MS);
        stats.responded(200, 3 * MS, true, 7 * MS);

        Histogram service = stats.serviceTimeInterval();
        assertThat(service.getTotalCount()).isEqualTo(2);
        assertThat(stats.responseTimeInterval().getMaxValue()).isEqualTo(service.highestEquivalentValue(7 * MS));

        stats.responded(200, 4 * MS, false, 0);
        Histogram next = stats.serviceTimeInterval();
        assertThat(next.getTotalCount()).isEqualTo(1);
        assertThat(next.getMinValue()).isEqualTo(next.lowestEquivalentValue(4 * MS));
        assertThat(stats.responseTimeInterval().getTotalCount()).isZero();
    }

    @Test
    void should_reuse_the_histogram_of_the_cut_before_last() {
        WorkerStats stats = new WorkerStats();
        Histogram first = stats.serviceTimeInterval();
        Histogram second = stats.serviceTimeInterval();
        Histogram third = stats.serviceTimeInterval();

        assertThat(second).isNotSameAs(first);
        assertThat(third).isSameAs(first);   // no allocation once two are in play: the recorder's and the timeline's
    }
}
