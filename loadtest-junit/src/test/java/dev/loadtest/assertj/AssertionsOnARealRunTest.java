package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.check.Check;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The assertions on results of the real engine against Jetty: what the Javadoc examples promise. */
class AssertionsOnARealRunTest {

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_pass_generous_assertions_on_a_healthy_server() {
        Result result = LoadTest.target(server.uri("/hello")).clients(4).streams(2).protocol(Protocol.HTTP_2)
                .requests(200).run();

        assertThat(result).hasNoErrors()
                .hasStatusCount(200, result.requests().done())
                .hasSucceeded(200)
                .hasVerdict(Verdict.OK)
                .responseTime().hasCount(200).percentile(99).isLessThan(Duration.ofSeconds(10));
        assertThat(result).serviceTime().hasPercentileAtMost(99.9, Duration.ofSeconds(10));
        assertThat(result).throughput().isAtLeast(1);
        assertThat(result).traffic().hasDataBytes(200 * 14).hasHeaderSpaceSavingsAtLeast(0.01);
        assertThat(result).errors().isEmpty();
        assertThat(result).statusCodes().containsOnlyClass(2);
    }

    @Test
    void should_fail_impossible_assertions_with_the_figures() {
        Result result = LoadTest.target(server.uri("/status/503")).clients(2).requests(200).run();

        assertThatThrownBy(() -> assertThat(result).hasNoErrors())
                .hasMessageContaining("Expecting result to have no errors but 200 of 200 requests failed")
                .hasMessageContaining("status codes: {503=200}");
        assertThatThrownBy(() -> assertThat(result).throughput().isAtLeast(1e9))
                .hasMessageContaining("Expecting a throughput of at least 1000000000 req/s but was ");
        assertThatThrownBy(() -> assertThat(result).responseTime().percentile(99).isLessThan(Duration.ofNanos(1)))
                .hasMessageStartingWith("[p99 of the response time]");
        assertThatThrownBy(() -> assertThat(result).errors().contains(ErrorCategory.REFUSED))
                .hasMessageContaining("Expecting errors of category connection refused but had none");
    }

    /** Needs the engine's verdict: a run of 503s has the verdict {@code errors}. */
    @Test
    void should_fail_has_verdict_ok_on_a_failing_server() {
        Result result = LoadTest.target(server.uri("/status/503")).clients(2).requests(200).run();

        assertThatThrownBy(() -> assertThat(result).hasVerdict(Verdict.OK))
                .hasMessageContaining("Expecting verdict ok but was errors: 200 of 200 requests failed");
    }

    @Test
    void should_pass_the_check_assertions_when_every_response_passed_every_check() {
        Result result = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(2).requests(50)
                .check(Check.status(200), Check.bodyContains("Hello")).run();

        assertThatCode(() -> {
            assertThat(result).checks().hasNoFailures();
            assertThat(result).check("body contains \"Hello\"").hasNoFailures().hasFailed(0).hasFailedAtMost(0);
            assertThat(result).hasNoErrors();
        }).doesNotThrowAnyException();
    }

    @Test
    void should_fail_the_check_assertions_naming_the_check_its_counts_and_the_sample() {
        Result result = LoadTest.target(server.uri("/hello")).clients(2).requests(50)
                .check(Check.status(200), Check.bodyContains("Bye")).run();

        assertThatThrownBy(() -> assertThat(result).checks().hasNoFailures())
                .hasMessage(String.format("%nExpecting no response to fail a check but 1 of 2 checks failed:%n"
                        + "  body contains \"Bye\": 0 passed, 50 failed (status 200: body does not contain \"Bye\" "
                        + "| body: Hello, World!)"));
        assertThatThrownBy(() -> assertThat(result).check("body contains \"Bye\"").hasFailedAtMost(3))
                .hasMessage(String.format("%nExpecting check body contains \"Bye\" to have failed at most 3 times but "
                        + "failed 50 times (0 passed)%nsample: status 200: body does not contain \"Bye\" | body: "
                        + "Hello, World!"));
        assertThatThrownBy(() -> assertThat(result).hasNoErrors())
                .hasMessageContaining("50 of 50 requests failed (0 errored, 0 timeout, 50 failed a response check)");
        assertThatThrownBy(() -> assertThat(result).hasErrorRateAtMost(0.5)).isInstanceOf(AssertionError.class);
    }
}
