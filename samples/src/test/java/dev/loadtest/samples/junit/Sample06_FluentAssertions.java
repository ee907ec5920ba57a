package dev.loadtest.samples.junit;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.samples.DemoServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sample 5: AssertJ assertions on a {@link Result}, for what a budget annotation cannot say.
 *
 * <p>{@code LoadTestAssertions.assertThat(result)} gives a {@code ResultAssert}; from it, navigate to the
 * latency ({@code latency()} is the response time, {@code serviceTime()} the time from the send), the
 * throughput, the status codes, the traffic and the errors. Its {@code assertThat} overloads AssertJ's
 * own, so both are imported statically. A failure reads "Expecting ... but ..." with the figures:
 *
 * <pre>
 * Expecting result to have no errors but 5 of 1000 requests failed (0 errored, 0 timeout)
 * status codes: {200=995, 503=5}
 * errors: none
 * </pre>
 *
 * <p>Run it: {@code mvn -pl samples test -Dtest=Sample06_FluentAssertions}.
 */
class Sample06_FluentAssertions {

    static DemoServer server;

    @BeforeAll
    static void startServer() {
        server = new DemoServer().start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void hello_over_h2c() {
        Result result = LoadTest.target(server.uri("/hello"))
                .protocol(Protocol.HTTP_2)                   // h2c with prior knowledge, as h2load does
                .clients(2).streams(10)
                .requests(1_000)
                .run();

        assertThat(result).hasNoErrors()
                .hasStatusCount(200, result.requests().done())
                .hasVerdict(Verdict.OK)
                .responseTime().percentile(99).isLessThan(Duration.ofMillis(500));
        assertThat(result).serviceTime().hasPercentileAtMost(99.9, Duration.ofSeconds(1));
        assertThat(result).throughput().isAtLeast(100);
        assertThat(result).traffic()
                .hasDataBytes(1_000 * 14)                     // "Hello, World!\n" each time
                .hasHeaderSpaceSavingsAtLeast(0.5);           // HPACK at work
        assertThat(result).statusCodes().containsOnlyClass(2);
        assertThat(result).errors().doesNotContain(ErrorCategory.STREAM_RESET);
    }

    @Test
    void a_missing_page_is_counted_not_thrown() {
        Result result = LoadTest.target(server.uri("/no-such-page")).clients(2).requests(100).run();

        assertThat(result).hasStatusCount(404, 100)
                .hasFailed(100)                               // >= 400 counts as failed, as in h2load
                .hasVerdict(Verdict.ERRORS);
        assertThat(result).errors().isEmpty();                // but no connection or stream error
        assertThat(result.requestsPerSecond()).isPositive();  // AssertJ's own assertThat, side by side
    }
}
