package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveLatencyAtMost.shouldHaveLatencyAtMost;
import static dev.loadtest.assertj.error.ShouldHaveLatencyValues.shouldHaveLatencyValues;

import dev.loadtest.FigureFormat;
import dev.loadtest.LatencyHistogram;
import java.time.Duration;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.DurationAssert;

/**
 * Assertions on a latency distribution: navigate to one of its figures ({@link #percentile(double)},
 * {@link #mean()}, {@link #max()} ...) for AssertJ's duration assertions, or check a limit at once with
 * {@link #hasPercentileAtMost(double, Duration)}. Every figure first requires the distribution to have
 * values: the percentiles of an empty one are zero, and would meet any limit.
 *
 * <pre>{@code
 * assertThat(result).responseTime().percentile(99).isLessThan(Duration.ofSeconds(1));     // passes
 * assertThat(result).serviceTime().hasPercentileAtMost(99.9, Duration.ofSeconds(1)); // passes
 *
 * assertThat(result).responseTime().percentile(99).isLessThan(Duration.ofNanos(1));       // fails:
 * // [p99 of the response time]
 * // Expecting actual:
 * //   1.23ms
 * // to be less than:
 * //   1ns
 * }</pre>
 */
public class LatencyAssert extends AbstractAssert<LatencyAssert, LatencyHistogram> {

    private final String name;

    /** Assertions on a distribution named "latency" in messages. */
    public LatencyAssert(LatencyHistogram actual) {
        this(actual, "latency");
    }

    /**
     * @param name what the distribution is, in messages: {@code response time}, {@code connect time} ...
     */
    public LatencyAssert(LatencyHistogram actual, String name) {
        super(actual, LatencyAssert.class);
        this.name = Objects.requireNonNull(name, "name must not be null");
    }

    /** Verifies the distribution has at least one value. */
    public LatencyAssert isNotEmpty() {
        isNotNull();
        if (actual.isEmpty()) {
            throwAssertionError(shouldHaveLatencyValues(name));
        }
        return myself;
    }

    /** Verifies the number of values (one per response). */
    public LatencyAssert hasCount(long expected) {
        isNotNull();
        if (actual.count() != expected) {
            throwAssertionError(shouldHaveLatencyValues(name, expected, actual.count()));
        }
        return myself;
    }

    /**
     * Verifies the value at a percentile is at most {@code max}.
     *
     * @param percentile from 0 to 100, e.g. {@code 99.9}
     */
    public LatencyAssert hasPercentileAtMost(double percentile, Duration max) {
        Objects.requireNonNull(max, "max must not be null");
        Duration value = valueAt(percentile);
        if (value.compareTo(max) > 0) {
            throwAssertionError(shouldHaveLatencyAtMost(FigureFormat.percentileName(percentile), name, max, value,
                    actual.count()));
        }
        return myself;
    }

    /**
     * The value at a percentile from 0 to 100, for AssertJ's duration assertions.
     *
     * @throws IllegalArgumentException if the percentile is outside [0, 100]
     */
    public DurationAssert percentile(double percentile) {
        return figure(FigureFormat.percentileName(percentile), valueAt(percentile));
    }

    /** The median, {@code percentile(50)}. */
    public DurationAssert median() {
        return percentile(50);
    }

    /** The mean. */
    public DurationAssert mean() {
        isNotEmpty();
        return figure("mean", actual.mean());
    }

    /** The largest value. */
    public DurationAssert max() {
        isNotEmpty();
        return figure("max", actual.max());
    }

    /** The smallest value. */
    public DurationAssert min() {
        isNotEmpty();
        return figure("min", actual.min());
    }

    private Duration valueAt(double percentile) {
        if (!(percentile >= 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile (" + percentile + ") must be within [0, 100]");
        }
        isNotEmpty();
        return actual.percentile(percentile);
    }

    private DurationAssert figure(String statistic, Duration value) {
        String description = info.hasDescription() ? info.descriptionText() + ": " : "";
        return new DurationAssert(value).as(description + statistic + " of the " + name)
                .withRepresentation(LatencyRepresentation.INSTANCE);
    }
}
