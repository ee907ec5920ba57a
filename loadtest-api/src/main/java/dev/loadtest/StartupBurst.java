package dev.loadtest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A rate-driven run whose first second was far slower than the rest: its corrected p99 then mostly measures a
 * start-up, ours (class loading, the JIT) or the server's (cold caches, a connection pool filling), rather than
 * the steady state the run is read for. The verdict's explanation says so, whatever the verdict:
 *
 * <pre>{@code
 * StartupBurst.of(result).ifPresent(b -> System.err.println(b.explanation()));
 * // the first 1s's response time p99 was 54.20ms against 2.10ms later (the median of the later intervals'
 * // p99): a start-up, ours or the server's, in the figures; a warm-up (--warm-up-time, warmUp) leaves it out
 * }</pre>
 *
 * <h2>The rule</h2>
 * Over a rate-driven run's intervals (response times corrected for coordinated omission): the start is the
 * intervals that begin within the first {@link #START} of the measured phase (at least the first interval), the
 * later part the intervals after them. There is a burst when the start's p99 (the highest of its intervals') is
 * more than {@link #FACTOR} times the median of the later intervals' p99 <em>and</em> more than
 * {@link #MIN_P99}, and at least {@link #MIN_LATER_INTERVALS} later intervals had responses to compare with.
 * Intervals without responses are left out on both sides. A closed-model run has no such rule: its response time
 * is its service time, and a slow start there slows the load as well, instead of piling it up.
 *
 * @param start how much of the measured phase the start covers (its intervals' total length)
 * @param startP99 the highest p99 of the start's intervals
 * @param laterP99 the median of the later intervals' p99
 */
public record StartupBurst(Duration start, Duration startP99, Duration laterP99) {

    /** Checks that no field is {@code null}. */
    public StartupBurst {
        java.util.Objects.requireNonNull(start, "start");
        java.util.Objects.requireNonNull(startP99, "startP99");
        java.util.Objects.requireNonNull(laterP99, "laterP99");
    }

    /** How much of the run's beginning counts as its start: the first second, as in issue 15's runs. */
    public static final Duration START = Duration.ofSeconds(1);
    /** How many times the later p99 the start's must exceed. */
    public static final double FACTOR = 5;
    /** Below this the start's p99 is no burst whatever the ratio: 3 ms against 0.5 ms matters to no one. */
    public static final Duration MIN_P99 = Duration.ofMillis(10);
    /** Later intervals with responses the rule needs: with fewer there is no "rest of the run" to speak of. */
    public static final int MIN_LATER_INTERVALS = 2;

    /** The burst of {@code result}, if its intervals show one; empty for a closed-model run. */
    public static Optional<StartupBurst> of(Result result) {
        return result.test().isRateDriven() ? of(result.intervals()) : Optional.empty();
    }

    /**
     * The rule on a rate-driven run's intervals, in order from the start of the measured phase; see the class
     * comment.
     */
    public static Optional<StartupBurst> of(List<Interval> intervals) {
        Duration startP99 = Duration.ZERO;
        Duration startLength = Duration.ZERO;
        boolean startAnswered = false;
        List<Duration> later = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            Interval interval = intervals.get(i);
            boolean inStart = i == 0 || interval.start().compareTo(START) < 0;
            if (inStart) {
                startLength = interval.start().plus(interval.length());
            }
            if (interval.responseTime().count() == 0) {
                continue;
            }
            Duration p99 = interval.responseTime().p99();
            if (inStart) {
                startAnswered = true;
                startP99 = p99.compareTo(startP99) > 0 ? p99 : startP99;
            } else {
                later.add(p99);
            }
        }
        if (!startAnswered || later.size() < MIN_LATER_INTERVALS) {
            return Optional.empty();
        }
        Duration laterP99 = median(later);
        boolean burst = startP99.compareTo(MIN_P99) > 0 && startP99.toNanos() > FACTOR * laterP99.toNanos();
        return burst ? Optional.of(new StartupBurst(startLength, startP99, laterP99)) : Optional.empty();
    }

    /** The lower middle of an even count: the rule leans to finding a burst, never to inventing a later p99. */
    private static Duration median(List<Duration> values) {
        List<Duration> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * The sentence for the report and the verdict's explanation: "the first 1s's response time p99 was 54.20ms
     * against 2.10ms later (the median of the later intervals' p99): a start-up, ours or the server's, in the
     * figures; a warm-up (--warm-up-time, warmUp) leaves it out".
     */
    public String explanation() {
        return String.format(Locale.ROOT, "the first %s's response time p99 was %s against %s later (the median of the "
                        + "later intervals' p99): a start-up, ours or the server's, in the figures; a warm-up "
                        + "(--warm-up-time, warmUp) leaves it out",
                DurationFormat.setting(start), DurationFormat.fixed(startP99), DurationFormat.fixed(laterP99));
    }
}
