package dev.loadtest.junit.testing;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Results made by hand, for tests of messages and checks that need exact figures (a verdict, a rate,
 * errors) no engine run gives reliably. By default: 200 requests to {@code /hello}, all 200 OK, in 1 s,
 * every latency 1 ms.
 */
public final class Results {

    private Duration duration = Duration.ofSeconds(1);
    private Requests requests = new Requests(200, 200, 200, 200, 0, 0, 0, 0);
    private final Map<Integer, Long> statuses = new TreeMap<>(Map.of(200, 200L));
    private Traffic traffic = new Traffic(2800 + 14600, 14600, 14600, 2800, 9000);
    private LatencyHistogram responseTime = histogram(Duration.ofMillis(1), 200);
    private LatencyHistogram serviceTime = responseTime;
    private final Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
    private Optional<Rate> rate = Optional.empty();
    private Verdict verdict = Verdict.OK;
    private List<StepResult> steps = List.of();
    private Optional<Sessions> sessions = Optional.empty();

    private Results() {
    }

    /** A result to adjust. */
    public static Results result() {
        return new Results();
    }

    /** A histogram with {@code count} values of {@code value}. */
    public static LatencyHistogram histogram(Duration value, long count) {
        Histogram h = LatencyHistogram.newHistogram();
        if (count > 0) {
            h.recordValueWithCount(value.toNanos(), count);
        }
        return LatencyHistogram.of(h);
    }

    /** A histogram with one value per given duration. */
    public static LatencyHistogram histogram(Duration... values) {
        Histogram h = LatencyHistogram.newHistogram();
        for (Duration v : values) {
            h.recordValue(v.toNanos());
        }
        return LatencyHistogram.of(h);
    }

    public Results duration(Duration duration) {
        this.duration = duration;
        return this;
    }

    public Results requests(Requests requests) {
        this.requests = requests;
        return this;
    }

    /** Replaces the status counts. */
    public Results statuses(Map<Integer, Long> counts) {
        statuses.clear();
        statuses.putAll(counts);
        return this;
    }

    public Results traffic(Traffic traffic) {
        this.traffic = traffic;
        return this;
    }

    /** Sets both the response and the service time. */
    public Results latency(LatencyHistogram both) {
        this.responseTime = both;
        this.serviceTime = both;
        return this;
    }

    public Results responseTime(LatencyHistogram responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    public Results serviceTime(LatencyHistogram serviceTime) {
        this.serviceTime = serviceTime;
        return this;
    }

    public Results error(ErrorCategory category, long count, String sample) {
        errors.put(category, new ErrorCount(count, sample));
        return this;
    }

    public Results rate(Rate rate) {
        this.rate = Optional.of(rate);
        return this;
    }

    public Results verdict(Verdict verdict) {
        this.verdict = verdict;
        return this;
    }

    /**
     * A step of a scenario run: {@code succeeded} responses of status 200 and {@code failed} of status 503, every
     * response time {@code latency} (the service time a tenth less), 1 s of run.
     */
    public static StepResult step(String name, long succeeded, long failed, Duration latency) {
        long done = succeeded + failed;
        Map<Integer, Long> statuses = new TreeMap<>(Map.of(200, succeeded));
        if (failed > 0) {
            statuses.put(503, failed);
        }
        return new StepResultBuilder(name).requests(new Requests(done, done, done, succeeded, failed, 0, 0, 0))
                .statusCodes(new StatusCodes(statuses)).responseTime(histogram(latency, done))
                .serviceTime(histogram(latency.multipliedBy(9).dividedBy(10), done)).build();
    }

    /** The run's steps, in the scenario's order (the run's own figures are left as set). */
    public Results steps(StepResult... steps) {
        this.steps = List.of(steps);
        return this;
    }

    public Results sessions(Sessions sessions) {
        this.sessions = Optional.of(sessions);
        return this;
    }

    public Result build() {
        LoadTest test = LoadTest.target("http://127.0.0.1:9/hello").clients(2).requests(200).build();
        return new ResultBuilder().test(test).duration(duration).protocol("http/1.1").requests(requests)
                .statusCodes(new StatusCodes(statuses)).traffic(traffic).serviceTime(serviceTime)
                .responseTime(responseTime).connectTime(histogram(Duration.ofMillis(1), 2))
                .timeToFirstByte(histogram(Duration.ofMillis(2), 2)).clientRequestRates(Statistics.of(100, 100))
                .connections(2).errors(errors).rate(rate).verdict(verdict).steps(steps).sessions(sessions).build();
    }
}
