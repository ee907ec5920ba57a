package dev.loadtest.report;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;

/** Results built by hand, as the engine would return them, for the report's tests. */
final class ReportFixtures {

    /** In the header X-Note and an error message: must come out escaped. */
    static final String MARKUP = "<script>alert('x')</script> & <b>bold</b>";
    static final String AUTHORIZATION = "Bearer top-s3cret";
    static final String TOKEN = "tok-s3cret";
    static final String QUERY_KEY = "k3y-s3cret";
    static final int SECONDS = 30;
    /** The interval with no response at all: its latencies are gaps. */
    static final int EMPTY_INTERVAL = 7;

    private ReportFixtures() {
    }

    /**
     * An open-model run: a ramp from 0 to 2,000 req/s over 10 s, then 2,000 req/s for 20 s, against a
     * server that tops out near 1,800 req/s, answers 503 under overload and times some requests out.
     */
    static Result rateDriven() {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/hello?user=ann&api_key=" + QUERY_KEY))
                .clients(16)
                .streams(4)
                .warmUp(Duration.ofSeconds(2))
                .stages(Stage.ramp(0, 2_000, Duration.ofSeconds(10)), Stage.rate(2_000, Duration.ofSeconds(20)))
                .header("Authorization", AUTHORIZATION)
                .header("X-Api-Token", TOKEN)
                .header("X-Note", MARKUP)
                .build();
        Random random = new Random(42);
        Histogram response = LatencyHistogram.newHistogram();
        Histogram service = LatencyHistogram.newHistogram();
        List<Interval> intervals = new ArrayList<>();
        long done = 0;
        long ok = 0;
        long unavailable = 0;
        long errored = 0;
        long bytes = 0;
        for (int s = 0; s < SECONDS; s++) {
            double offered = s < 10 ? 200 * s + 100 : 2_000;
            int responses = s == EMPTY_INTERVAL ? 0 : (int) Math.min(offered, 1_800 + random.nextInt(60));
            int overload = (int) Math.max(0, offered - 1_800);
            int e = s == EMPTY_INTERVAL ? 25 : overload / 20;
            int s503 = overload / 4;
            Histogram ri = LatencyHistogram.newHistogram();
            Histogram si = LatencyHistogram.newHistogram();
            double queueing = overload * 0.02 * (s - 9);   // ms of backlog growing once overloaded
            for (int i = 0; i < responses; i++) {
                long serviceNanos = (long) (2_000_000 * Math.exp(0.45 * random.nextGaussian()));
                if (random.nextInt(2_000) == 0) {
                    serviceNanos *= 20;   // a rare stall
                }
                long responseNanos = serviceNanos + (long) (Math.max(0, queueing) * 1e6 * random.nextDouble());
                si.recordValue(serviceNanos);
                ri.recordValue(responseNanos);
            }
            service.add(si);
            response.add(ri);
            Map<Integer, Long> codes = responses == 0 ? Map.of()
                    : s503 > 0 ? Map.of(200, (long) responses - s503, 503, (long) s503) : Map.of(200, (long) responses);
            long intervalBytes = responses * 180L;
            intervals.add(new IntervalBuilder().start(Duration.ofSeconds(s)).length(Duration.ofSeconds(1))
                    .started(responses + e).done(responses + e).statusCodes(new StatusCodes(codes)).errored(e)
                    .bytes(intervalBytes).responseTime(LatencySummary.of(LatencyHistogram.of(ri)))
                    .serviceTime(LatencySummary.of(LatencyHistogram.of(si))).build());
            done += responses + e;
            ok += responses - s503;
            unavailable += s503;
            errored += e;
            bytes += intervalBytes;
        }
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        errors.put(ErrorCategory.REQUEST_TIMEOUT, new ErrorCount(errored - 3, "no response within 5s: " + MARKUP));
        errors.put(ErrorCategory.RESET, new ErrorCount(3, "Connection reset by peer"));
        Histogram lag = LatencyHistogram.newHistogram();
        for (int i = 0; i < 1_000; i++) {
            lag.recordValue(20_000 + random.nextInt(400_000));
        }
        long scheduled = 10_000 + 40_000;
        Rate rate = new Rate(scheduled / (double) SECONDS, (done - errored) / (double) SECONDS, scheduled, 120,
                4_000, 35, LatencyHistogram.of(lag));
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(SECONDS)).protocol("http/1.1")
                .requests(new Requests(scheduled, done, done, ok, unavailable + errored, errored, errored - 3, 0))
                .statusCodes(new StatusCodes(Map.of(200, ok, 503, unavailable)))
                .traffic(new Traffic(bytes + 6_000, done * 120, done * 120, bytes - done * 120 + 6_000, done * 90))
                .serviceTime(LatencyHistogram.of(service)).responseTime(LatencyHistogram.of(response))
                .connectTime(connect()).timeToFirstByte(connect())
                .clientRequestRates(Statistics.of(110, 112, 108, 115, 109, 111, 113, 107, 110, 112, 108, 114, 109, 111, 110, 113))
                .connections(16).errors(errors).rate(Optional.of(rate)).intervals(intervals)
                .verdict(Verdict.OVERLOADED).build();
    }

    /** A closed-model run as the engine returns it today: no intervals, no rate. */
    static Result withoutTimeline() {
        LoadTest test = LoadTest.target("http://127.0.0.1:8080/").clients(4).requests(1_000).build();
        Histogram latency = LatencyHistogram.newHistogram();
        Random random = new Random(7);
        for (int i = 0; i < 1_000; i++) {
            latency.recordValue((long) (800_000 * Math.exp(0.3 * random.nextGaussian())));
        }
        LatencyHistogram h = LatencyHistogram.of(latency);
        return new ResultBuilder().test(test).duration(Duration.ofMillis(420)).protocol("http/1.1")
                .requests(new Requests(1_000, 1_000, 1_000, 1_000, 0, 0, 0, 0))
                .statusCodes(new StatusCodes(Map.of(200, 1_000L)))
                .traffic(new Traffic(150_000, 100_000, 100_000, 50_000, 40_000)).serviceTime(h).responseTime(h)
                .connectTime(connect()).timeToFirstByte(connect())
                .clientRequestRates(Statistics.of(590, 600, 610, 605)).connections(4).verdict(Verdict.OK).build();
    }

    /** A run where nothing answered: no latency at all, no intervals. */
    static Result nothingAnswered() {
        LoadTest test = LoadTest.target("http://127.0.0.1:9/").clients(2).requests(10).build();
        return new ResultBuilder().test(test).duration(Duration.ofMillis(30)).protocol("http/1.1")
                .requests(new Requests(10, 0, 10, 0, 10, 10, 0, 10)).statusCodes(new StatusCodes(Map.of()))
                .traffic(new Traffic(0, 0, 0, 0, 0))
                .errors(Map.of(ErrorCategory.REFUSED, new ErrorCount(10, "Connection refused: 127.0.0.1:9")))
                .verdict(Verdict.ERRORS).build();
    }

    private static LatencyHistogram connect() {
        Histogram h = LatencyHistogram.newHistogram();
        for (int i = 0; i < 16; i++) {
            h.recordValue(150_000 + i * 10_000);
        }
        return LatencyHistogram.of(h);
    }
}
