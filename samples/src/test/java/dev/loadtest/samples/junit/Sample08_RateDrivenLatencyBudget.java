package dev.loadtest.samples.junit;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.junit.LatencyBudget;
import dev.loadtest.junit.LatencyKind;
import dev.loadtest.junit.LoadTester;
import dev.loadtest.junit.PerformanceBudget;
import dev.loadtest.samples.DemoServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sample 7: a latency budget at a fixed request rate, the open model of wrk2 and k6.
 *
 * <p>With {@code .rate(500)}, requests are sent on a schedule, 500 per second whatever the server does, and
 * the <em>response time</em> counts from the time each request was due: when the server stalls, the
 * requests that queue behind it are charged for the wait (no coordinated omission). That is what a budget
 * should limit, and what {@code p99} and {@link LatencyBudget} limit by default. The <em>service time</em>
 * counts from the actual send; a budget on it ({@code of = SERVICE_TIME}) tells the server's own share.
 *
 * <p>{@code requireVerdictOk} fails the test when the figures cannot be trusted: the run achieved less than
 * 98 % of its rate ({@code overloaded}), or the generator itself fell behind its schedule
 * ({@code generator-saturated}, a busy test machine). A JVM that has just started is such a machine for
 * a moment (class loading, JIT compilation), hence the warm-up before the measured second.
 *
 * <p>Run it: {@code mvn -pl samples test -Dtest=Sample08_RateDrivenLatencyBudget}.
 */
class Sample08_RateDrivenLatencyBudget {

    static DemoServer server;

    @BeforeAll
    static void startServer() {
        server = new DemoServer().start();
        // a JVM that has just started is slow for a while (class loading, the JIT), the server in it too: its first
        // h2c connections took seconds on a busy machine, longer than the run's warm-up. A run before the test
        // takes that out, so the budgets are about the server once warm
        LoadTest.target(server.uri("/hello")).protocol(Protocol.HTTP_2).clients(4).streams(8).requests(5_000).run();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    @PerformanceBudget(p99 = "250ms", maxErrorRate = 0, requireVerdictOk = true)
    @LatencyBudget(percentile = 99.9, max = "500ms")
    @LatencyBudget(percentile = 99.9, max = "500ms", of = LatencyKind.SERVICE_TIME)
    void hello_at_500_requests_per_second(LoadTester load) {
        Result result = load.run(LoadTest.target(server.uri("/hello"))
                .protocol(Protocol.HTTP_2)                   // h2c: a slow response does not hold up the next
                .clients(4).streams(8)                       // up to 32 requests in flight
                .rate(500)                                   // requests per second, over all connections
                .warmUp(Duration.ofSeconds(1))               // a cold JVM is slow: not measured, not budgeted
                .duration(Duration.ofSeconds(2)));           // 1,000 due times: one pause is not the p99

        // what the annotations cannot say: the rate was really offered and achieved
        assertThat(result.rate()).hasValueSatisfying(rate -> {
            assertThat(rate.offered()).isGreaterThan(400);
            assertThat(rate.achievedRatio()).isGreaterThan(0.9);
        });
        assertThat(result).responseTime().median().isLessThan(Duration.ofMillis(250));
    }
}
