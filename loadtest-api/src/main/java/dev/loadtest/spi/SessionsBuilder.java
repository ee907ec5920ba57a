package dev.loadtest.spi;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Sessions;
import java.util.List;
import java.util.Map;
import dev.loadtest.internal.HandedConstructor;
import java.util.function.Function;

/**
 * Builds {@link Sessions}, for engines, readers of stored results and merges, as {@link ResultBuilder} builds
 * results: the one way it is constructed, so a figure added later is a setter here with a default.
 *
 * <pre>{@code
 * Sessions s = new SessionsBuilder().started(100).completed(97).failed(3).failedAt(Map.of("checkout", 3L))
 *         .failureReasons(Map.of("checkout", List.of("status 409"))).duration(durations).build();
 * }</pre>
 *
 * <p>Every figure starts as nothing measured. Each setter has the name of the accessor.
 */
public final class SessionsBuilder {

    /** The figures of {@code Sessions}, as its private constructor takes them. */
    public record Figures(long started, long completed, long failed, Map<String, Long> failedAt,
                          Map<String, List<String>> failureReasons, LatencyHistogram duration) {
    }

    /* Sessions' constructor is private; Sessions hands it over from its static initializer (see ResultBuilder). */
    private static final HandedConstructor<Figures, Sessions> CONSTRUCTOR =
            new HandedConstructor<>(Sessions.class);

    private long started;
    private long completed;
    private long failed;
    private Map<String, Long> failedAt = Map.of();
    private Map<String, List<String>> failureReasons = Map.of();
    private LatencyHistogram duration = LatencyHistogram.EMPTY;

    /** A builder with nothing measured. */
    public SessionsBuilder() {
    }

    /** A builder holding every figure of {@code s}, to build a copy that differs in some. */
    public static SessionsBuilder from(Sessions s) {
        return new SessionsBuilder().started(s.started()).completed(s.completed()).failed(s.failed())
                .failedAt(s.failedAt()).failureReasons(s.failureReasons()).duration(s.duration());
    }

    /**
     * Called once, by {@code Sessions}' static initializer, with its private constructor.
     *
     * @throws IllegalStateException if the caller is not {@code Sessions}, or a constructor was given already
     */
    public static void useConstructor(Function<Figures, Sessions> sessionsConstructor) {
        CONSTRUCTOR.take(HandedConstructor.callerOfCaller(), sessionsConstructor);
    }

    /**
     * The sessions' figures.
     *
     * @throws IllegalArgumentException if the counts do not add up ({@code completed + failed <= started})
     * @throws NullPointerException naming the figure, if one is {@code null}
     */
    public Sessions build() {
        return CONSTRUCTOR.construct(new Figures(started, completed, failed, failedAt, failureReasons, duration));
    }

    public SessionsBuilder started(long started) {
        this.started = started;
        return this;
    }

    public SessionsBuilder completed(long completed) {
        this.completed = completed;
        return this;
    }

    public SessionsBuilder failed(long failed) {
        this.failed = failed;
        return this;
    }

    public SessionsBuilder failedAt(Map<String, Long> failedAt) {
        this.failedAt = failedAt;
        return this;
    }

    public SessionsBuilder failureReasons(Map<String, List<String>> failureReasons) {
        this.failureReasons = failureReasons;
        return this;
    }

    public SessionsBuilder duration(LatencyHistogram duration) {
        this.duration = duration;
        return this;
    }
}
