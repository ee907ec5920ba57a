package dev.loadtest.samples.cli;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.json.ResultJson;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Closed-model results made up from a known distribution (log-normal latencies around 1 ms times
 * {@code scale}, 500 responses per 1-s interval divided by {@code scale}), written as JSON files.
 */
final class SyntheticResults {

    static final LoadTest TEST = LoadTest.target("http://127.0.0.1:1/").clients(4).duration(Duration.ofSeconds(30))
            .build();

    private SyntheticResults() {
    }

    static Path write(Path file, LoadTest test, long seed, int intervals, double scale) throws IOException {
        ResultJson.write(run(test, seed, intervals, scale), file);
        return file;
    }

    static Result run(LoadTest test, long seed, int intervals, double scale) {
        Random random = new Random(seed);
        List<Interval> list = new ArrayList<>();
        LatencyHistogram all = LatencyHistogram.EMPTY;
        long done = 0;
        for (int i = 0; i < intervals; i++) {
            double wobble = 1 + 0.03 * random.nextGaussian();
            int n = (int) Math.round(500 / scale * (1 + 0.02 * random.nextGaussian()));
            Histogram h = LatencyHistogram.newHistogram();
            for (int k = 0; k < n; k++) {
                h.recordValue((long) (1_000_000 * scale * wobble * Math.exp(0.3 * random.nextGaussian())));
            }
            LatencyHistogram lat = LatencyHistogram.of(h);
            all = all.plus(lat);
            list.add(new IntervalBuilder().start(Duration.ofSeconds(i)).length(Duration.ofSeconds(1)).started(n)
                    .done(n).statusCodes(new StatusCodes(Map.of(200, (long) n))).bytes(100L * n).latencies(lat, lat)
                    .build());
            done += n;
        }
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(intervals)).protocol("http/1.1")
                .requests(new Requests(done, done, done, done, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(Map.of(200, done)))
                .traffic(new Traffic(100 * done, 10 * done, 10 * done, 90 * done, 10 * done)).serviceTime(all)
                .responseTime(all).connections(4).intervals(list).verdict(Verdict.OK).build();
    }
}
