package dev.loadtest.spi;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.Statistics;
import dev.loadtest.StepResult;
import dev.loadtest.StatusCodes;
import dev.loadtest.TlsUsed;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.check.CheckResult;
import dev.loadtest.internal.ResultFigures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.loadtest.internal.HandedConstructor;
import java.util.function.Function;

/**
 * Builds {@link Result}s, for engines (this package is the engine SPI), for readers of stored results, and for
 * tests of tools built on the library. It is the one way a {@code Result} is constructed: the engine, the JSON
 * reader and {@code Results.merge} use it too. Users of {@link dev.loadtest.LoadTest} get results from runs and
 * need none of this. A figure added to {@code Result} is a field here with a default, so no caller breaks.
 *
 * <pre>{@code
 * Result r = new ResultBuilder().test(test).duration(ofSeconds(1)).protocol("h2c").verdict(Verdict.OK)
 *         .requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).build();
 * Result stopped = ResultBuilder.from(r).stopped(true).build();
 * }</pre>
 *
 * <p>{@code test}, {@code duration}, {@code protocol} and {@code verdict} must be set; every other figure
 * starts as nothing measured (zero counts, empty histograms, no rate, no intervals). Each setter has the name of
 * the {@code Result} accessor.
 */
public final class ResultBuilder {

    /*
     * Result's constructor is private; Result hands it over from its static initializer. This is
     * OkHttp's `Internal` escape hatch: the implementation reaches what the public package does not offer users.
     */
    private static final HandedConstructor<ResultFigures, Result> CONSTRUCTOR =
            new HandedConstructor<>(Result.class);

    private LoadTest test;
    private Duration duration;
    private String protocol;
    private Requests requests = new Requests(0, 0, 0, 0, 0, 0, 0, 0);
    private StatusCodes statusCodes = new StatusCodes(Map.of());
    private Traffic traffic = new Traffic(0, 0, 0, 0, 0);
    private LatencyHistogram responseTime = LatencyHistogram.EMPTY;
    private LatencyHistogram serviceTime = LatencyHistogram.EMPTY;
    private LatencyHistogram connectTime = LatencyHistogram.EMPTY;
    private LatencyHistogram timeToFirstByte = LatencyHistogram.EMPTY;
    private Statistics clientRequestRates = Statistics.EMPTY;
    private long connections;
    private Map<ErrorCategory, ErrorCount> errors = Map.of();
    private Optional<Rate> rate = Optional.empty();
    private List<Interval> intervals = List.of();
    private Verdict verdict;
    private boolean stopped;
    private List<CheckResult> checks = List.of();
    private Optional<GeneratorLoad> generator = Optional.empty();
    private List<StepResult> steps = List.of();
    private Optional<Sessions> sessions = Optional.empty();
    private Optional<StepResult> tokenRequests = Optional.empty();
    private Optional<TlsUsed> tls = Optional.empty();

    /** A builder with nothing measured. */
    public ResultBuilder() {
    }

    /** A builder holding every figure of a result, to build a copy that differs in some. */
    public static ResultBuilder from(Result r) {
        return new ResultBuilder().test(r.test()).duration(r.duration()).protocol(r.protocol())
                .requests(r.requests()).statusCodes(r.statusCodes()).traffic(r.traffic())
                .responseTime(r.responseTime()).serviceTime(r.serviceTime()).connectTime(r.connectTime())
                .timeToFirstByte(r.timeToFirstByte()).clientRequestRates(r.clientRequestRates())
                .connections(r.connections()).errors(r.errors()).rate(r.rate()).intervals(r.intervals())
                .verdict(r.verdict()).stopped(r.stopped()).checks(r.checks()).generator(r.generator())
                .steps(r.steps()).sessions(r.sessions()).tokenRequests(r.tokenRequests()).tls(r.tls());
    }

    /**
     * Called once, by {@code Result}'s static initializer, with its private constructor.
     *
     * @throws IllegalStateException if the caller is not {@code Result}, or a constructor was given already
     */
    public static void useConstructor(Function<ResultFigures, Result> resultConstructor) {
        CONSTRUCTOR.take(HandedConstructor.callerOfCaller(), resultConstructor);
    }

    /**
     * The result.
     *
     * @throws NullPointerException naming the figure, if {@code test}, {@code duration}, {@code protocol} or
     *     {@code verdict} was not set, or another was set to {@code null}
     */
    public Result build() {
        return CONSTRUCTOR.construct(new ResultFigures(test, duration, protocol, requests, statusCodes, traffic,
                responseTime, serviceTime, connectTime, timeToFirstByte, clientRequestRates, connections, errors, rate,
                intervals, verdict, stopped, checks, generator, steps, sessions, tokenRequests, tls));
    }

    public ResultBuilder test(LoadTest test) {
        this.test = test;
        return this;
    }

    public ResultBuilder duration(Duration duration) {
        this.duration = duration;
        return this;
    }

    public ResultBuilder protocol(String protocol) {
        this.protocol = protocol;
        return this;
    }

    public ResultBuilder requests(Requests requests) {
        this.requests = requests;
        return this;
    }

    public ResultBuilder statusCodes(StatusCodes statusCodes) {
        this.statusCodes = statusCodes;
        return this;
    }

    public ResultBuilder traffic(Traffic traffic) {
        this.traffic = traffic;
        return this;
    }

    /** From the due time (corrected for coordinated omission); the service time in a closed-model run. */
    public ResultBuilder responseTime(LatencyHistogram responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    /** From the send (h2load's "time for request"). */
    public ResultBuilder serviceTime(LatencyHistogram serviceTime) {
        this.serviceTime = serviceTime;
        return this;
    }

    public ResultBuilder connectTime(LatencyHistogram connectTime) {
        this.connectTime = connectTime;
        return this;
    }

    public ResultBuilder timeToFirstByte(LatencyHistogram timeToFirstByte) {
        this.timeToFirstByte = timeToFirstByte;
        return this;
    }

    public ResultBuilder clientRequestRates(Statistics clientRequestRates) {
        this.clientRequestRates = clientRequestRates;
        return this;
    }

    public ResultBuilder connections(long connections) {
        this.connections = connections;
        return this;
    }

    /** Kept as an unmodifiable copy. */
    public ResultBuilder errors(Map<ErrorCategory, ErrorCount> errors) {
        this.errors = errors;
        return this;
    }

    public ResultBuilder rate(Optional<Rate> rate) {
        this.rate = rate;
        return this;
    }

    /** Kept as an unmodifiable copy. */
    public ResultBuilder intervals(List<Interval> intervals) {
        this.intervals = intervals;
        return this;
    }

    public ResultBuilder verdict(Verdict verdict) {
        this.verdict = verdict;
        return this;
    }

    public ResultBuilder stopped(boolean stopped) {
        this.stopped = stopped;
        return this;
    }

    /** Each response check's counts, in the run's order; empty for a run without checks. */
    public ResultBuilder checks(List<CheckResult> checks) {
        this.checks = checks;
        return this;
    }

    /** The generator's own load over the measured part; empty when not measured. */
    public ResultBuilder generator(Optional<GeneratorLoad> generator) {
        this.generator = generator;
        return this;
    }

    public ResultBuilder steps(List<StepResult> steps) {
        this.steps = steps;
        return this;
    }

    public ResultBuilder sessions(Optional<Sessions> sessions) {
        this.sessions = sessions;
        return this;
    }

    public ResultBuilder tokenRequests(Optional<StepResult> tokenRequests) {
        this.tokenRequests = tokenRequests;
        return this;
    }

    /** The TLS the run spoke; empty in clear text or when no handshake completed. */
    public ResultBuilder tls(Optional<TlsUsed> tls) {
        this.tls = tls;
        return this;
    }
}
