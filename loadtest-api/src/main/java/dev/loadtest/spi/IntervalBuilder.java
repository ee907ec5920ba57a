package dev.loadtest.spi;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.StatusCodes;
import dev.loadtest.internal.IntervalFigures;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import dev.loadtest.internal.HandedConstructor;
import java.util.function.Function;

/**
 * Builds {@link Interval}s, for engines (this package is the engine SPI), for readers of stored results, and for
 * tests of tools built on the library, as {@link ResultBuilder} does for results: the one way an {@code Interval}
 * is constructed (the engine's timeline, the JSON reader and {@code Results.merge} use it too). A figure added to
 * {@code Interval} is a field here with a default, so no caller breaks.
 *
 * <pre>{@code
 * Interval i = new IntervalBuilder().start(ofSeconds(2)).length(ofSeconds(1)).started(10).done(10)
 *         .latencies(responseTime, serviceTime).build();
 * Interval later = IntervalBuilder.from(i).start(ofSeconds(3)).build();
 * }</pre>
 *
 * <p>{@code start} and {@code length} must be set; every other figure starts as nothing measured (zero counts,
 * empty summaries, no histograms). Each setter has the name of the {@code Interval} accessor.
 */
public final class IntervalBuilder {

    /* Interval's constructor is private; Interval hands it over from its static initializer (see ResultBuilder). */
    private static final HandedConstructor<IntervalFigures, Interval> CONSTRUCTOR =
            new HandedConstructor<>(Interval.class);

    private Duration start;
    private Duration length;
    private long started;
    private long done;
    private StatusCodes statusCodes = new StatusCodes(Map.of());
    private long errored;
    private long bytes;
    private LatencySummary responseTime = LatencySummary.EMPTY;
    private LatencySummary serviceTime = LatencySummary.EMPTY;
    private Optional<LatencyHistogram> responseTimeHistogram = Optional.empty();
    private Optional<LatencyHistogram> serviceTimeHistogram = Optional.empty();
    private Optional<GeneratorLoad> generator = Optional.empty();
    private long checkFailed;

    /** A builder with nothing measured. */
    public IntervalBuilder() {
    }

    /** A builder holding every figure of an interval, to build a copy that differs in some. */
    public static IntervalBuilder from(Interval i) {
        return new IntervalBuilder().start(i.start()).length(i.length()).started(i.started()).done(i.done())
                .statusCodes(i.statusCodes()).errored(i.errored()).bytes(i.bytes()).responseTime(i.responseTime())
                .serviceTime(i.serviceTime()).responseTimeHistogram(i.responseTimeHistogram())
                .serviceTimeHistogram(i.serviceTimeHistogram()).generator(i.generator())
                .checkFailed(i.checkFailed());
    }

    /**
     * Called once, by {@code Interval}'s static initializer, with its private constructor.
     *
     * @throws IllegalStateException if the caller is not {@code Interval}, or a constructor was given already
     */
    public static void useConstructor(Function<IntervalFigures, Interval> intervalConstructor) {
        CONSTRUCTOR.take(HandedConstructor.callerOfCaller(), intervalConstructor);
    }

    /**
     * The interval.
     *
     * @throws NullPointerException naming the figure, if {@code start} or {@code length} was not set, or another
     *     was set to {@code null}
     */
    public Interval build() {
        return CONSTRUCTOR.construct(new IntervalFigures(start, length, started, done, statusCodes, errored, bytes,
                responseTime, serviceTime, responseTimeHistogram, serviceTimeHistogram, generator, checkFailed));
    }

    /** Both latencies with their histograms, the summaries derived from them. */
    public IntervalBuilder latencies(LatencyHistogram responseTime, LatencyHistogram serviceTime) {
        return responseTime(LatencySummary.of(responseTime)).serviceTime(LatencySummary.of(serviceTime))
                .responseTimeHistogram(Optional.of(responseTime)).serviceTimeHistogram(Optional.of(serviceTime));
    }

    public IntervalBuilder start(Duration start) {
        this.start = start;
        return this;
    }

    public IntervalBuilder length(Duration length) {
        this.length = length;
        return this;
    }

    public IntervalBuilder started(long started) {
        this.started = started;
        return this;
    }

    public IntervalBuilder done(long done) {
        this.done = done;
        return this;
    }

    public IntervalBuilder statusCodes(StatusCodes statusCodes) {
        this.statusCodes = statusCodes;
        return this;
    }

    public IntervalBuilder errored(long errored) {
        this.errored = errored;
        return this;
    }

    public IntervalBuilder bytes(long bytes) {
        this.bytes = bytes;
        return this;
    }

    public IntervalBuilder responseTime(LatencySummary responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    public IntervalBuilder serviceTime(LatencySummary serviceTime) {
        this.serviceTime = serviceTime;
        return this;
    }

    public IntervalBuilder responseTimeHistogram(Optional<LatencyHistogram> responseTimeHistogram) {
        this.responseTimeHistogram = responseTimeHistogram;
        return this;
    }

    public IntervalBuilder serviceTimeHistogram(Optional<LatencyHistogram> serviceTimeHistogram) {
        this.serviceTimeHistogram = serviceTimeHistogram;
        return this;
    }

    /** The generator's own load over this interval; empty when not measured. */
    public IntervalBuilder generator(Optional<GeneratorLoad> generator) {
        this.generator = generator;
        return this;
    }

    /** Responses of status 200-399 in this interval that failed a response check; 0 without checks. */
    public IntervalBuilder checkFailed(long checkFailed) {
        this.checkFailed = checkFailed;
        return this;
    }
}
