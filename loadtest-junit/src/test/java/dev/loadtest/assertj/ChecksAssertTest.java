package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import dev.loadtest.testing.TestServer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The check assertions, on runs of the real engine against Jetty and on hand-made counts. */
class ChecksAssertTest {

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
    void should_pass_when_every_response_passed_every_check() {
        Result result = LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(2).requests(50)
                .check(Check.status(200), Check.bodyContains("Hello")).run();

        assertThatCode(() -> {
            assertThat(result).checks().hasNoFailures();
            assertThat(result).check("body contains \"Hello\"").hasNoFailures().hasFailed(0).hasFailedAtMost(0);
            assertThat(result).hasNoErrors();
        }).doesNotThrowAnyException();
    }

    @Test
    void should_fail_naming_the_check_its_counts_and_the_sample() {
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

    @Test
    void should_fail_on_a_check_the_run_did_not_have() {
        CheckResult status = new CheckResult("status 200", 10, 0, Optional.empty());
        assertThatThrownBy(() -> new ChecksAssert(List.of(status)).check("status 201"))
                .hasMessage(String.format("%nExpecting a check named status 201 but the run's checks were: status 200"));
        assertThatThrownBy(() -> new ChecksAssert(List.of()).check("status 201"))
                .hasMessageEndingWith("none (the run had no checks)");
    }

    @Test
    void should_compare_exact_failure_counts() {
        CheckResult json = new CheckResult("json $.status == \"ok\"", 90, 10,
                Optional.of(new FailureSample(200, "{\"status\":\"error\"}", List.of("$.status was \"error\""))));

        assertThatCode(() -> assertThat(json).hasFailed(10).hasFailedAtMost(10)).doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(json).hasFailed(3))
                .hasMessage(String.format("%nExpecting check json $.status == \"ok\" to have failed 3 times but failed"
                        + " 10 times (90 passed)%nsample: status 200: $.status was \"error\" | body: "
                        + "{\"status\":\"error\"}"));
    }
}
