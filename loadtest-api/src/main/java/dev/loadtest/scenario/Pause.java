package dev.loadtest.scenario;

import dev.loadtest.DurationFormat;
import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A user's think time after a step: none, fixed, uniform between two durations, or exponential with a mean
 * (arrivals of a Poisson process: many short pauses, a few long ones).
 *
 * <pre>{@code
 * Pause.fixed(Duration.ofSeconds(1));                                  // "1s"
 * Pause.uniform(Duration.ofSeconds(1), Duration.ofSeconds(3));         // "uniform 1s to 3s"
 * Pause.exponential(Duration.ofSeconds(2));                            // "exponential, mean 2s"
 * }</pre>
 *
 * <p>The durations are drawn from the session's own seeded generator (not the one its requests draw from), so
 * the same seed gives each session the same pauses, and adding a pause does not change a request's numbers.
 * Immutable and thread-safe.
 */
public final class Pause {

    /** The longest pause: a think time is seconds or minutes; longer waits belong to the run's schedule. */
    public static final Duration MAX = Duration.ofHours(1);

    /**
     * How far an exponential draw may go, in means: the tail beyond it (a chance of e^-10, 1 in 22,000) is cut so
     * that one draw cannot stall a user for a whole run. The mean moves by less than 0.05 %.
     */
    static final double EXPONENTIAL_CUT = 10;

    private static final Pause NONE = new Pause(Kind.NONE, Duration.ZERO, Duration.ZERO);

    private enum Kind { NONE, FIXED, UNIFORM, EXPONENTIAL }

    private final Kind kind;
    /** The fixed duration, the uniform minimum, or the exponential mean. */
    private final Duration first;
    /** The uniform maximum; zero otherwise. */
    private final Duration second;

    private Pause(Kind kind, Duration first, Duration second) {
        this.kind = kind;
        this.first = first;
        this.second = second;
    }

    /** No pause: the next step is due when this one ends. The default of a step. */
    public static Pause none() {
        return NONE;
    }

    /**
     * Always this long.
     *
     * @throws IllegalArgumentException if negative or longer than {@link #MAX}
     */
    public static Pause fixed(Duration duration) {
        check("pause", duration);
        return duration.isZero() ? NONE : new Pause(Kind.FIXED, duration, Duration.ZERO);
    }

    /**
     * Any duration from {@code min} to {@code max}, each as likely.
     *
     * @throws IllegalArgumentException if either is negative or longer than {@link #MAX}, or min is above max
     */
    public static Pause uniform(Duration min, Duration max) {
        check("uniform pause min", min);
        check("uniform pause max", max);
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("uniform pause min (" + DurationFormat.setting(min)
                    + ") must be <= max (" + DurationFormat.setting(max) + ")");
        }
        return new Pause(Kind.UNIFORM, min, max);
    }

    /**
     * Exponentially distributed with this mean (cut at {@value #EXPONENTIAL_CUT} means, and at {@link #MAX}).
     *
     * @throws IllegalArgumentException if the mean is not positive or longer than {@link #MAX}
     */
    public static Pause exponential(Duration mean) {
        check("exponential pause mean", mean);
        if (mean.isZero()) {
            throw new IllegalArgumentException("exponential pause mean (0s) must be > 0: use Pause.none()");
        }
        return new Pause(Kind.EXPONENTIAL, mean, Duration.ZERO);
    }

    /** Whether this is no pause at all. */
    public boolean isNone() {
        return kind == Kind.NONE;
    }

    /**
     * A pause drawn from the generator: the fixed duration itself, else one draw (53 random bits taken from
     * {@link RandomGenerator#nextLong()} by this class's own rule, so that a seed gives the same pauses on every
     * Java version).
     */
    public Duration next(RandomGenerator random) {
        Objects.requireNonNull(random, "random must not be null");
        return switch (kind) {
            case NONE -> Duration.ZERO;
            case FIXED -> first;
            case UNIFORM -> {
                long span = second.toNanos() - first.toNanos();
                yield first.plusNanos((long) (unit(random) * (span + 1)));
            }
            case EXPONENTIAL -> {
                double means = Math.min(-Math.log(1 - unit(random)), EXPONENTIAL_CUT);
                long nanos = (long) (means * first.toNanos());
                yield Duration.ofNanos(Math.min(nanos, MAX.toNanos()));
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pause p && kind == p.kind && first.equals(p.first) && second.equals(p.second);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, first, second);
    }

    /** {@code none}, {@code 1s}, {@code uniform 1s to 3s}, {@code exponential, mean 2s}. */
    @Override
    public String toString() {
        return switch (kind) {
            case NONE -> "none";
            case FIXED -> DurationFormat.setting(first);
            case UNIFORM -> "uniform " + DurationFormat.setting(first) + " to " + DurationFormat.setting(second);
            case EXPONENTIAL -> "exponential, mean " + DurationFormat.setting(first);
        };
    }

    /** A number in [0, 1) from the top 53 bits of one draw. */
    private static double unit(RandomGenerator random) {
        return (random.nextLong() >>> 11) * 0x1.0p-53;
    }

    private static void check(String what, Duration d) {
        Objects.requireNonNull(d, what + " must not be null");
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " (" + d + ") must not be negative");
        }
        if (d.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(what + " (" + DurationFormat.setting(d) + ") must be at most "
                    + DurationFormat.setting(MAX) + ": a think time, not a schedule");
        }
    }
}
