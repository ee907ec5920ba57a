package dev.loadtest;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a load test measured. Immutable and safe to share between threads; every figure keeps
 * h2load's meaning, so the two can be compared run for run.
 *
 * <pre>{@code
 * Result r = LoadTest.target(uri).clients(10).requests(10_000).run();
 * System.out.println(r);                                   // h2load-style report
 * double rps = r.requestsPerSecond();
 * Duration p99 = r.responseTime().percentile(99);        // corrected for coordinated omission
 * long notFound = r.statusCodes().count(404);
 * }</pre>
 *
 * @param test the configuration that was run
 * @param duration the measured phase, warm-up excluded
 * @param protocol the application protocol spoken, as ALPN names it: {@code http/1.1}, {@code h2c}, {@code h2}
 * @param requests request counts
 * @param statusCodes responses by exact status code
 * @param traffic bytes received and sent
 * @param requestTime h2load's "time for request", the service time: from a request being put on the wire to
 *     its response being complete; for a request the server did not process and that was sent again
 *     ({@link Requests#retried()}), from its first send, so the latency shows what the rotation cost
 * @param responseTime corrected for coordinated omission: from the time the request was due by the
 *     rate's schedule to its response being complete (wrk2's latency); in a closed-model run, with no
 *     schedule, the same as {@code requestTime}
 * @param connectTime per connection (warm-up included): TCP connect, plus the TLS handshake for https
 * @param timeToFirstByte per connection (warm-up included), as h2load: from starting to connect to the
 *     first response head
 * @param clientRequestRates each connection's finished requests per second of its life
 * @param connections connections opened during the run (warm-up included), reconnections included
 * @param errors failures by category, each with a sample message; only categories that occurred
 * @param rate the open model's figures, in a rate-driven run
 * @param intervals the timeline, one entry per interval of the measured phase
 * @param verdict the run's status at a glance
 * @param stopped whether the run was ended early by {@link LoadTestRun#stop()} or an interrupt
 */
public record Result(LoadTest test, Duration duration, String protocol, Requests requests, StatusCodes statusCodes,
                     Traffic traffic, LatencyHistogram requestTime, LatencyHistogram responseTime,
                     LatencyHistogram connectTime, LatencyHistogram timeToFirstByte, Statistics clientRequestRates,
                     long connections, Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate,
                     List<Interval> intervals, Verdict verdict, boolean stopped) {

    /**
     * Checks that no field is {@code null}; keeps unmodifiable copies of the collections.
     */
    public Result {
        Objects.requireNonNull(test, "test");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(requests, "requests");
        Objects.requireNonNull(statusCodes, "statusCodes");
        Objects.requireNonNull(traffic, "traffic");
        Objects.requireNonNull(requestTime, "requestTime");
        Objects.requireNonNull(responseTime, "responseTime");
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(verdict, "verdict");
        intervals = List.copyOf(intervals);
        Objects.requireNonNull(connectTime, "connectTime");
        Objects.requireNonNull(timeToFirstByte, "timeToFirstByte");
        Objects.requireNonNull(clientRequestRates, "clientRequestRates");
        Objects.requireNonNull(errors, "errors");
        errors = errors.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(errors));
    }

    /** Responses finished (any status) per second of the measured phase, as h2load's req/s. */
    public double requestsPerSecond() {
        return perSecond(requests.responded());
    }

    /** Bytes received per second of the measured phase. */
    public double bytesPerSecond() {
        return perSecond(traffic.totalBytes());
    }

    /** How often a category of error occurred; zero if never. */
    public long errorCount(ErrorCategory category) {
        return errors.getOrDefault(category, ErrorCount.NONE).count();
    }

    /** Whether every request done succeeded and no error of any kind occurred. */
    public boolean isClean() {
        return requests.failed() == 0 && errors.isEmpty() && requests.done() > 0;
    }

    /** The h2load-style text report. */
    @Override
    public String toString() {
        return TextReport.format(this);
    }

    private double perSecond(long count) {
        double seconds = duration.toNanos() / 1e9;
        return seconds > 0 ? count / seconds : 0;
    }
}
