package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveThroughput.shouldHaveThroughputAtLeast;
import static dev.loadtest.assertj.error.ShouldHaveThroughput.shouldHaveThroughputAtMost;

import dev.loadtest.Result;
import java.time.Duration;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a run's throughput: responses (any status) per second of the measured phase, as
 * {@link Result#requestsPerSecond()} and h2load's req/s.
 *
 * <pre>{@code
 * assertThat(result).throughput().isAtLeast(100);             // passes on any machine
 * assertThat(result).throughput().isAtLeast(1e9);             // fails:
 * // Expecting a throughput of at least 1000000000 req/s but was 4121.37 req/s (200 responses in 48.53ms)
 * }</pre>
 */
public class ThroughputAssert extends AbstractAssert<ThroughputAssert, Double> {

    private final long responses;
    private final Duration duration;

    /** Assertions on this result's throughput. */
    public ThroughputAssert(Result result) {
        super(Objects.requireNonNull(result, "result must not be null").requestsPerSecond(), ThroughputAssert.class);
        this.responses = result.requests().responded();
        this.duration = result.duration();
    }

    /** Verifies the throughput is at least {@code min} requests per second. */
    public ThroughputAssert isAtLeast(double min) {
        if (!(actual >= min)) {
            throwAssertionError(shouldHaveThroughputAtLeast(min, actual, responses, duration));
        }
        return myself;
    }

    /** Verifies the throughput is at most {@code max} requests per second, e.g. that a rate limit held. */
    public ThroughputAssert isAtMost(double max) {
        if (!(actual <= max)) {
            throwAssertionError(shouldHaveThroughputAtMost(max, actual, responses, duration));
        }
        return myself;
    }
}
