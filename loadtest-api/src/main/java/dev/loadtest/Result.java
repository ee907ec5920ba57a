package dev.loadtest;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.internal.ResultFigures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

    private final ResultFigures figures;

    private Result(ResultFigures figures) {
        this.figures = figures;
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
        this(new ResultFigures(test, duration, protocol, requests, statusCodes, traffic, responseTime, serviceTime,
                connectTime, timeToFirstByte, clientRequestRates, connections, errors, rate, intervals, verdict,
                stopped, List.of(), Optional.empty(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty()));
    }

    /** The configuration that was run. */
    public LoadTest test() {
        return figures.test();
    }

    /** The measured phase, warm-up excluded. */
    public Duration duration() {
        return figures.duration();
    }

    /** The application protocol spoken, as ALPN names it: {@code http/1.1}, {@code h2c}, {@code h2}. */
    public String protocol() {
        return figures.protocol();
    }

    /**
     * The TLS the run spoke over {@code https://}: its provider, and the protocol version and cipher suite of the
     * run's first completed handshake (the run's connections all use the same TLS context). Empty in clear text,
     * when no handshake completed, in a result read from a document written without it, and in a merged result
     * whose shards spoke different TLS.
     */
    public Optional<TlsUsed> tls() {
        return figures.tls();
    }

    /** Request counts. */
    public Requests requests() {
        return figures.requests();
    }

    /** Responses by exact status code. */
    public StatusCodes statusCodes() {
        return figures.statusCodes();
    }

    /** Bytes received and sent. */
    public Traffic traffic() {
        return figures.traffic();
    }

    /**
     * The response time, corrected for coordinated omission: from the time the request was due by the rate's
     * schedule to its response being complete (wrk2's latency). In a closed-model run, with no schedule, the same
     * as {@link #serviceTime()}. What a user waits; what budgets limit by default.
     */
    public LatencyHistogram responseTime() {
        return figures.responseTime();
    }

    /**
     * The service time, h2load's "time for request": from a request being put on the wire to its response being
     * complete. For a request the server did not process and that was sent again ({@link Requests#retried()}),
     * from its first send, so the latency shows what the rotation cost.
     */
    public LatencyHistogram serviceTime() {
        return figures.serviceTime();
    }

    /**
     * The service time under its 0.1 name.
     *
     * @deprecated since 0.2, use {@link #serviceTime()}: the same figure, under the name it has everywhere
     *     (JSON, reports, budgets, assertions)
     */
    @Deprecated(since = "0.2")
    public LatencyHistogram requestTime() {
        return figures.serviceTime();
    }

    /** Per connection (warm-up included): TCP connect, plus the TLS handshake for https. */
    public LatencyHistogram connectTime() {
        return figures.connectTime();
    }

    /** Per connection (warm-up included), as h2load: from starting to connect to the first response head. */
    public LatencyHistogram timeToFirstByte() {
        return figures.timeToFirstByte();
    }

    /**
     * Each client's finished requests per second of its measured life, which begins when its first connect goes out
     * (as h2load's); a client that never connected is left out.
     */
    public Statistics clientRequestRates() {
        return figures.clientRequestRates();
    }

    /** Connections opened during the run (warm-up included), reconnections included. */
    public long connections() {
        return figures.connections();
    }

    /** Failures by category, each with a sample message; only categories that occurred. Unmodifiable. */
    public Map<ErrorCategory, ErrorCount> errors() {
        return figures.errors();
    }

    /** The open model's figures, in a rate-driven run. */
    public Optional<Rate> rate() {
        return figures.rate();
    }

    /** The timeline, one entry per interval of the measured phase. Unmodifiable. */
    public List<Interval> intervals() {
        return figures.intervals();
    }

    /**
     * Each response check's counts ({@link LoadTest.Builder#check}), in the order the checks were given: passes,
     * failures and a sample of the first failure. Empty when the run had no checks. The responses that failed a
     * check are also in {@link Requests#failed()} (those of status 200-399 in {@link Requests#checkFailed()}).
     */
    public List<CheckResult> checks() {
        return figures.checks();
    }

    /** The run's status at a glance. */
    public Verdict verdict() {
        return figures.verdict();
    }

    /** Whether the run was ended early by {@link LoadTestRun#stop()} or an interrupt. */
    public boolean stopped() {
        return figures.stopped();
    }

    /**
     * The generator's own load over the measured phase: its process's CPU against the cores it may use, and its
     * heap at its highest. Warm-up and JVM start-up are outside it, as they are outside {@link #requestsPerSecond()}.
     * The whole process is counted: in a JUnit test against an application in the same JVM, the application's CPU
     * and heap are in it (see {@link GeneratorLoad}). When the generator was the limit of a run, its verdict is
     * {@link Verdict#GENERATOR_SATURATED}. Empty when not measured: a JVM that tells no CPU time, a result read from
     * a document written without it, a run stopped before its measured phase.
     */
    public Optional<GeneratorLoad> generator() {
        return figures.generator();
    }

    /**
     * Each step's figures, in the scenario's step order ({@link dev.loadtest.scenario.Scenario#steps()}), for a
     * run of a scenario; empty for a run of single requests. The run's own figures are the sum of its steps'.
     * Requests of a {@linkplain dev.loadtest.scenario.Scenario token provider} are not in any step: see
     * {@link #tokenRequests()}.
     */
    public List<StepResult> steps() {
        return figures.steps();
    }

    /** The step of that name, if the run was of a scenario that has it. */
    public Optional<StepResult> step(String name) {
        return figures.steps().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** What the sessions of a scenario run did; empty for a run of single requests. */
    public Optional<Sessions> sessions() {
        return figures.sessions();
    }

    /**
     * The requests a scenario's token provider made to fetch and refresh its token, timed apart from the steps and
     * never counted in the run's figures; empty when the run had no token provider.
     */
    public Optional<StepResult> tokenRequests() {
        return figures.tokenRequests();
    }

    /** Responses finished (any status) per second of the measured phase, as h2load's req/s. */
    public double requestsPerSecond() {
        return perSecond(figures.requests().responded());
    }

    /** Bytes received per second of the measured phase. */
    public double bytesPerSecond() {
        return perSecond(figures.traffic().totalBytes());
    }

    /** How often a category of error occurred; zero if never. */
    public long errorCount(ErrorCategory category) {
        return figures.errors().getOrDefault(category, ErrorCount.NONE).count();
    }

    /** Whether every request done succeeded and no error of any kind occurred. */
    public boolean isClean() {
        Requests q = figures.requests();
        return q.failed() == 0 && figures.errors().isEmpty() && q.done() > 0;
    }

    /** Equal when every figure is equal (the histograms value for value). */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Result r && figures.equals(r.figures);
    }

    @Override
    public int hashCode() {
        return figures.hashCode();
    }

    /** The h2load-style text report. */
    @Override
    public String toString() {
        return TextReport.format(this);
    }

    private double perSecond(long count) {
        double seconds = figures.duration().toNanos() / 1e9;
        return seconds > 0 ? count / seconds : 0;
    }
}
