package dev.loadtest.samples.junit;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.check.Check;
import dev.loadtest.samples.DemoServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sample 8: response checks. A {@code 200} under load may still carry the wrong body; checks judge every
 * response, and one that fails a check is a failed request (in the error rate, the verdict and every budget).
 *
 * <pre>
 * Expecting check body contains "Goodbye" to have failed at most 3 times but failed 200 times (0 passed)
 * sample: status 200: body does not contain "Goodbye" | body: Hello, World!
 * </pre>
 *
 * <p>Run it: {@code mvn -pl samples test -Dtest=Sample09_ResponseChecks}.
 */
class Sample09_ResponseChecks {

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
    void every_response_says_hello() {
        Result result = LoadTest.target(server.uri("/hello")).clients(2).requests(200)
                .check(Check.status(200))                                        // the status alone
                .check(Check.header("Content-Type", "text/plain"))               // charset parameters pass
                .check(Check.bodyContains("Hello"))                              // keeps each body (up to 1 MiB)
                .check(Check.of("short", response -> response.body().length < 100))   // your own rule
                .run();

        assertThat(result).checks().hasNoFailures();
        assertThat(result).hasNoErrors().hasVerdict(Verdict.OK);
        assertThat(result.checks().get(2).passed()).isEqualTo(200);   // each check counts every response
    }

    @Test
    void a_wrong_body_under_a_200_is_a_failed_request() {
        Result result = LoadTest.target(server.uri("/hello")).clients(2).requests(200)
                .check(Check.bodyContains("Goodbye"))
                .run();

        assertThat(result.statusCodes().count(200)).isEqualTo(200);   // the server said 200 every time...
        assertThat(result).hasFailed(200)                             // ...but every request failed its check
                .hasVerdict(Verdict.ERRORS);
        assertThat(result.requests().checkFailed()).isEqualTo(200);
        assertThat(result).check("body contains \"Goodbye\"").hasFailed(200);
        assertThat(result.checks().get(0).sample().orElseThrow().body()).isEqualTo("Hello, World!");
    }
}
