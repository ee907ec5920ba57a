package dev.loadtest;

import dev.loadtest.internal.IntervalFigures;
import dev.loadtest.spi.IntervalBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The figures of one interval of a run's timeline (default 1 s), like h2load --interval or vegeta -every.
 * Immutable and safe to share between threads.
 *
 * <pre>{@code
 * for (Interval i : result.intervals()) {
 *     System.out.printf("%s %.0f req/s p99 %s%n", i.start(), i.requestsPerSecond(), i.responseTime().p99());
 * }
 * }</pre>
 *
 * <p>Intervals come from a run ({@link Result#intervals()}, {@link LoadTestListener#onInterval(Interval)}), from a
 * file or from adding shards up ({@link Results#merge(List)}); they are not built by hand. That keeps their shape
 * open, as {@link Result}'s: a figure added in a later version is one more accessor, and no caller breaks. Two
 * intervals are equal when every figure is equal.
 */
public final class Interval {

    static {
        // the internal builder constructs intervals through this constructor, which users cannot call
        IntervalBuilder.useConstructor(Interval::new);
    }

    private final IntervalFigures figures;

    private Interval(IntervalFigures figures) {
        this.figures = figures;
    }

    /**
     * The constructor of version 0.1, when an interval was a record.
     *
     * @deprecated since 0.2: intervals come from a run, a file or {@link Results#merge(List)}, and are no longer
     *     built by hand, so that a figure can be added without breaking callers. This constructor builds an
     *     interval with the figures of 0.1 only.
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                    long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime,
                    Optional<LatencyHistogram> responseTimeHistogram,
                    Optional<LatencyHistogram> serviceTimeHistogram) {
        this(new IntervalFigures(start, length, started, done, statusCodes, errored, bytes, responseTime,
                serviceTime, responseTimeHistogram, serviceTimeHistogram, Optional.empty(), 0));
    }

    /**
     * The 0.1 constructor of an interval that keeps only the summaries of its latencies.
     *
     * @deprecated since 0.2, for the reason given on the other constructor
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public Interval(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                    long errored, long bytes, LatencySummary responseTime, LatencySummary serviceTime) {
        this(start, length, started, done, statusCodes, errored, bytes, responseTime, serviceTime,
                Optional.empty(), Optional.empty());
    }

    /**
     * The 0.1 factory of an interval with its latency histograms, the summaries derived from them.
     *
     * @deprecated since 0.2, for the reason given on the constructors
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public static Interval of(Duration start, Duration length, long started, long done, StatusCodes statusCodes,
                              long errored, long bytes, LatencyHistogram responseTime, LatencyHistogram serviceTime) {
        return new IntervalBuilder().start(start).length(length).started(started).done(done)
                .statusCodes(statusCodes).errored(errored).bytes(bytes).latencies(responseTime, serviceTime).build();
    }

    /** From the start of the measured phase. */
    public Duration start() {
        return figures.start();
    }

    /** The interval's length (the last one may be shorter). */
    public Duration length() {
        return figures.length();
    }

    /** Requests sent. */
    public long started() {
        return figures.started();
    }

    /** Requests finished (responses and errors). */
    public long done() {
        return figures.done();
    }

    /** Responses by status code. */
    public StatusCodes statusCodes() {
        return figures.statusCodes();
    }

    /** Requests ended by an error. */
    public long errored() {
        return figures.errored();
    }

    /** Bytes received. */
    public long bytes() {
        return figures.bytes();
    }

    /** From the due time (rate-driven) or the send (closed model) to the response's end. */
    public LatencySummary responseTime() {
        return figures.responseTime();
    }

    /** From the send to the response's end. */
    public LatencySummary serviceTime() {
        return figures.serviceTime();
    }

    /**
     * The interval's whole response time distribution, from which {@link #responseTime()} is derived; empty in
     * results read from files written before intervals kept their histograms. The engine's intervals add up
     * exactly to the run's {@link Result#responseTime()}. Comparisons with a baseline
     * ({@link Results#compare(Result, Result)}) resample these.
     */
    public Optional<LatencyHistogram> responseTimeHistogram() {
        return figures.responseTimeHistogram();
    }

    /** The same as {@link #responseTimeHistogram()} for the service time. */
    public Optional<LatencyHistogram> serviceTimeHistogram() {
        return figures.serviceTimeHistogram();
    }

    /**
     * The generator's own load over this interval (its process's CPU against the cores it may use, its heap at
     * the interval's end), to see a generator climb to its limit during a run; see {@link Result#generator()}.
     * Empty when not measured.
     */
    public Optional<GeneratorLoad> generator() {
        return figures.generator();
    }

    /**
     * Responses of status 200-399 in this interval that failed a response check ({@link Requests#checkFailed()});
     * 0 without checks and in results read from files written before checks.
     */
    public long checkFailed() {
        return figures.checkFailed();
    }

    /** Responses (any status) per second of this interval. */
    public double requestsPerSecond() {
        double seconds = length().toNanos() / 1e9;
        return seconds > 0 ? (done() - errored()) / seconds : 0;
    }

    /**
     * Requests of this interval that failed: ended by an error, answered with a status of 400 or more, or
     * answered with another status but failing a response check.
     */
    public long failed() {
        long failed = errored() + checkFailed();
        for (var e : statusCodes().counts().entrySet()) {
            if (e.getKey() >= 400) {
                failed += e.getValue();
            }
        }
        return failed;
    }

    /**
     * The share of this interval's requests that failed, by the rule of {@link Requests#errorRate()}: failed
     * over ended, NaN when none ended. An interval does not count its never-issued requests apart from its
     * errors, so its ended is {@link #done()} and the failed are capped at it (a rate of at most 100 %).
     */
    public double errorRate() {
        return Requests.errorRate(Math.min(failed(), done()), done());
    }

    /** Equal when every figure is equal. */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Interval i && figures.equals(i.figures);
    }

    @Override
    public int hashCode() {
        return figures.hashCode();
    }

    /** The figures with durations as people write them: {@code Interval[start=1s, length=1s, ...]}. */
    @Override
    public String toString() {
        return "Interval[start=" + DurationFormat.format(start()) + ", length=" + DurationFormat.format(length())
                + ", started=" + started() + ", done=" + done() + ", statusCodes=" + statusCodes() + ", errored="
                + errored() + ", bytes=" + bytes() + ", responseTime=" + responseTime() + ", serviceTime="
                + serviceTime() + (checkFailed() == 0 ? "" : ", checkFailed=" + checkFailed()) + "]";
    }
}
