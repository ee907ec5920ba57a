package dev.loadtest;

import dev.loadtest.internal.ResultBuilder;
import dev.loadtest.internal.report.TextReport;
import java.time.Duration;
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
 * Duration own = r.serviceTime().percentile(99);         // from the send: h2load's "time for request"
 * long notFound = r.statusCodes().count(404);
 * }</pre>
 *
 * <p>Results come from a run ({@link LoadTest#run()}), from a file ({@code ResultJson.read}) or from adding
 * shards up ({@link Results#merge(List)}); they are not built by hand. That keeps their shape open: a figure
 * added in a later version is one more accessor, and no caller breaks. Two results are equal when every
 * figure is equal.
 */
public final class Result {

    static {
        // the internal builder constructs results through this constructor, which users cannot call
        ResultBuilder.useConstructor(Result::new);
    }

    private final LoadTest test;
    private final Duration duration;
    private final String protocol;
    private final Requests requests;
    private final StatusCodes statusCodes;
    private final Traffic traffic;
    private final LatencyHistogram responseTime;
    private final LatencyHistogram serviceTime;
    private final LatencyHistogram connectTime;
    private final LatencyHistogram timeToFirstByte;
    private final Statistics clientRequestRates;
    private final long connections;
    private final Map<ErrorCategory, ErrorCount> errors;
    private final Optional<Rate> rate;
    private final List<Interval> intervals;
    private final Verdict verdict;
    private final boolean stopped;

    private Result(ResultBuilder b) {
        this.test = required(b.test(), "test");
        this.duration = required(b.duration(), "duration");
        this.protocol = required(b.protocol(), "protocol");
        this.requests = required(b.requests(), "requests");
        this.statusCodes = required(b.statusCodes(), "statusCodes");
        this.traffic = required(b.traffic(), "traffic");
        this.responseTime = required(b.responseTime(), "responseTime");
        this.serviceTime = required(b.serviceTime(), "serviceTime");
        this.connectTime = required(b.connectTime(), "connectTime");
        this.timeToFirstByte = required(b.timeToFirstByte(), "timeToFirstByte");
        this.clientRequestRates = required(b.clientRequestRates(), "clientRequestRates");
        this.connections = b.connections();
        this.errors = required(b.errors(), "errors");   // the builder keeps an unmodifiable copy
        this.rate = required(b.rate(), "rate");
        this.intervals = required(b.intervals(), "intervals");
        this.verdict = required(b.verdict(), "verdict");
        this.stopped = b.stopped();
    }

    /**
     * The constructor of version 0.1, when a result was a record.
     *
     * @deprecated since 0.2: results come from a run, {@code ResultJson.read} or {@link Results#merge(List)}, and
     *     are no longer built by hand, so that a figure can be added without breaking callers. This constructor
     *     builds a result with the figures of 0.1 only. Note the order: {@code serviceTime} (0.1's
     *     {@code requestTime}) before {@code responseTime}.
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public Result(LoadTest test, Duration duration, String protocol, Requests requests, StatusCodes statusCodes,
                  Traffic traffic, LatencyHistogram serviceTime, LatencyHistogram responseTime,
                  LatencyHistogram connectTime, LatencyHistogram timeToFirstByte, Statistics clientRequestRates,
                  long connections, Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate,
                  List<Interval> intervals, Verdict verdict, boolean stopped) {
        this(new ResultBuilder().test(test).duration(duration).protocol(protocol).requests(requests)
                .statusCodes(statusCodes).traffic(traffic).serviceTime(serviceTime).responseTime(responseTime)
                .connectTime(connectTime).timeToFirstByte(timeToFirstByte).clientRequestRates(clientRequestRates)
                .connections(connections).errors(errors).rate(rate).intervals(intervals).verdict(verdict)
                .stopped(stopped));
    }

    /** The configuration that was run. */
    public LoadTest test() {
        return test;
    }

    /** The measured phase, warm-up excluded. */
    public Duration duration() {
        return duration;
    }

    /** The application protocol spoken, as ALPN names it: {@code http/1.1}, {@code h2c}, {@code h2}. */
    public String protocol() {
        return protocol;
    }

    /** Request counts. */
    public Requests requests() {
        return requests;
    }

    /** Responses by exact status code. */
    public StatusCodes statusCodes() {
        return statusCodes;
    }

    /** Bytes received and sent. */
    public Traffic traffic() {
        return traffic;
    }

    /**
     * The response time, corrected for coordinated omission: from the time the request was due by the rate's
     * schedule to its response being complete (wrk2's latency). In a closed-model run, with no schedule, the same
     * as {@link #serviceTime()}. What a user waits; what budgets limit by default.
     */
    public LatencyHistogram responseTime() {
        return responseTime;
    }

    /**
     * The service time, h2load's "time for request": from a request being put on the wire to its response being
     * complete. For a request the server did not process and that was sent again ({@link Requests#retried()}),
     * from its first send, so the latency shows what the rotation cost.
     */
    public LatencyHistogram serviceTime() {
        return serviceTime;
    }

    /**
     * The service time under its 0.1 name.
     *
     * @deprecated since 0.2, use {@link #serviceTime()}: the same figure, under the name it has everywhere
     *     (JSON, reports, budgets, assertions)
     */
    @Deprecated(since = "0.2")
    public LatencyHistogram requestTime() {
        return serviceTime;
    }

    /** Per connection (warm-up included): TCP connect, plus the TLS handshake for https. */
    public LatencyHistogram connectTime() {
        return connectTime;
    }

    /** Per connection (warm-up included), as h2load: from starting to connect to the first response head. */
    public LatencyHistogram timeToFirstByte() {
        return timeToFirstByte;
    }

    /** Each connection's finished requests per second of its life. */
    public Statistics clientRequestRates() {
        return clientRequestRates;
    }

    /** Connections opened during the run (warm-up included), reconnections included. */
    public long connections() {
        return connections;
    }

    /** Failures by category, each with a sample message; only categories that occurred. Unmodifiable. */
    public Map<ErrorCategory, ErrorCount> errors() {
        return errors;
    }

    /** The open model's figures, in a rate-driven run. */
    public Optional<Rate> rate() {
        return rate;
    }

    /** The timeline, one entry per interval of the measured phase. Unmodifiable. */
    public List<Interval> intervals() {
        return intervals;
    }

    /** The run's status at a glance. */
    public Verdict verdict() {
        return verdict;
    }

    /** Whether the run was ended early by {@link LoadTestRun#stop()} or an interrupt. */
    public boolean stopped() {
        return stopped;
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

    /** Equal when every figure is equal (the histograms value for value). */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Result r
                && test.equals(r.test) && duration.equals(r.duration) && protocol.equals(r.protocol)
                && requests.equals(r.requests) && statusCodes.equals(r.statusCodes) && traffic.equals(r.traffic)
                && responseTime.equals(r.responseTime) && serviceTime.equals(r.serviceTime)
                && connectTime.equals(r.connectTime) && timeToFirstByte.equals(r.timeToFirstByte)
                && clientRequestRates.equals(r.clientRequestRates) && connections == r.connections
                && errors.equals(r.errors) && rate.equals(r.rate) && intervals.equals(r.intervals)
                && verdict == r.verdict && stopped == r.stopped;
    }

    @Override
    public int hashCode() {
        return Objects.hash(test, duration, protocol, requests, statusCodes, traffic, responseTime, serviceTime,
                connectTime, timeToFirstByte, clientRequestRates, connections, errors, rate, intervals, verdict,
                stopped);
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

    private static <T> T required(T value, String name) {
        return Objects.requireNonNull(value, () -> "a result's " + name + " must be set");
    }
}
