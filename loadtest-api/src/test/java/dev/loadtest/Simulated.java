package dev.loadtest;

import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * A server simulated for the capacity search's unit tests: a function from a step's offered rate to what the
 * step measured, turned into a {@link Result} as the engine would make it (one second measured, verdict by the
 * engine's rules), returned at once by a {@link Capacity.StepRunner}.
 */
final class Simulated {

    /** What one step measured. */
    record Figures(double achieved, Duration responseTime, Duration serviceTime, double errorRate, Duration lag) {

        static Figures ok(double rate, Duration latency) {
            return new Figures(rate, latency, latency, 0, Duration.ofMillis(1));
        }
    }

    private Simulated() {
    }

    /** A runner answering every step with the figures the model gives for its rate. */
    static Capacity.StepRunner runner(DoubleFunction<Figures> model) {
        return step -> done(result(step, model.apply(step.rate().getAsDouble())));
    }

    /**
     * A server with {@code capacity} req/s: below it, responses in 10 ms; above it, a queue that grows, so
     * response and service times rise with the excess (as the permits server of the integration test does).
     */
    static Figures queueing(double rate, double capacity) {
        if (rate <= capacity) {
            return Figures.ok(rate, Duration.ofMillis(10));
        }
        double excess = (rate - capacity) / capacity;
        Duration slow = Duration.ofMillis(10 + Math.round(excess * 2_000));
        return new Figures(rate, slow, Duration.ofMillis(10 + Math.round(excess * 200)), 0, Duration.ofMillis(1));
    }

    static LoadTestRun done(Result result) {
        return new LoadTestRun() {
            @Override
            public CompletableFuture<Result> result() {
                return CompletableFuture.completedFuture(result);
            }

            @Override
            public void stop() {
            }
        };
    }

    static Result result(LoadTest step, Figures f) {
        long n = Math.max(1, Math.round(f.achieved()));
        long failed = Math.round(n * f.errorRate());
        Histogram response = LatencyHistogram.newHistogram();
        Histogram service = LatencyHistogram.newHistogram();
        response.recordValueWithCount(f.responseTime().toNanos(), n);
        service.recordValueWithCount(f.serviceTime().toNanos(), n);
        Histogram lag = LatencyHistogram.newHistogram();
        lag.recordValueWithCount(f.lag().toNanos(), n);
        double offered = step.rate().getAsDouble();
        Rate rate = new Rate(offered, f.achieved(), Math.round(offered), 0, 0, 0, LatencyHistogram.of(lag));
        Requests requests = new Requests(n, n, n, n - failed, failed, 0, 0, 0);
        Verdict verdict = Verdict.of(requests, Map.of(), Optional.of(rate), false);
        return new ResultBuilder().test(step).duration(Duration.ofSeconds(1)).protocol("h2c").requests(requests)
                .statusCodes(new StatusCodes(failed == 0 ? Map.of(200, n) : Map.of(200, n - failed, 503, failed)))
                .traffic(new Traffic(100 * n, 10 * n, 20 * n, 90 * n, 50 * n))
                .serviceTime(LatencyHistogram.of(service)).responseTime(LatencyHistogram.of(response))
                .connections(1).rate(Optional.of(rate)).verdict(verdict).build();
    }
}
