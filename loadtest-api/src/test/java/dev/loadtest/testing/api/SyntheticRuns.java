package dev.loadtest.testing.api;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Runs made up from a known distribution, for tests of the statistics: each interval draws its
 * latencies from a log-normal around 1 ms (times {@code scale}), with a per-interval wobble, and its
 * responses from {@code perInterval} (divided by {@code scale}, as a closed model slows down).
 */
public final class SyntheticRuns {

    public static final LoadTest TEST = LoadTest.target("http://127.0.0.1:1/").clients(4)
            .duration(Duration.ofSeconds(30)).build();

    private SyntheticRuns() {
    }

    /** A run of {@code intervals} 1-s intervals. */
    public static Result run(LoadTest test, long seed, int intervals, int perInterval, double scale,
                             double failedShare, boolean histograms) {
        Random random = new Random(seed);
        List<Interval> list = new ArrayList<>();
        LatencyHistogram all = LatencyHistogram.EMPTY;
        long done = 0;
        long failed = 0;
        for (int i = 0; i < intervals; i++) {
            double wobble = 1 + 0.03 * random.nextGaussian();
            int n = (int) Math.round(perInterval / scale * (1 + 0.02 * random.nextGaussian()));
            Histogram h = LatencyHistogram.newHistogram();
            for (int k = 0; k < n; k++) {
                h.recordValue((long) (1_000_000 * scale * wobble * Math.exp(0.3 * random.nextGaussian())));
            }
            long bad = Math.round(n * failedShare);
            LatencyHistogram lat = LatencyHistogram.of(h);
            all = all.plus(lat);
            Interval interval = new IntervalBuilder().start(Duration.ofSeconds(i)).length(Duration.ofSeconds(1))
                    .started(n).done(n)
                    .statusCodes(new StatusCodes(bad == 0 ? Map.of(200, (long) n) : Map.of(200, n - bad, 500, bad)))
                    .bytes(100L * n).latencies(lat, lat).build();
            list.add(histograms ? interval : IntervalBuilder.from(interval).responseTimeHistogram(Optional.empty())
                    .serviceTimeHistogram(Optional.empty()).build());
            done += n;
            failed += bad;
        }
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(intervals)).protocol("http/1.1")
                .requests(new Requests(done, done, done, done - failed, failed, 0, 0, 0))
                .statusCodes(new StatusCodes(failed == 0 ? Map.of(200, done) : Map.of(200, done - failed, 500, failed)))
                .traffic(new Traffic(100 * done, 10 * done, 10 * done, 90 * done, 10 * done)).serviceTime(all)
                .responseTime(all).connections(4).intervals(list).verdict(failed == 0 ? Verdict.OK : Verdict.ERRORS)
                .build();
    }

    /** A clean run of the default test with interval histograms. */
    public static Result run(long seed, int intervals, double scale) {
        return run(TEST, seed, intervals, 500, scale, 0, true);
    }
}
