package dev.loadtest.samples.springboot;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.junit.LatencyBudget;
import dev.loadtest.junit.LoadTester;
import dev.loadtest.junit.PerformanceBudget;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Load tests of the application's own endpoints, started on a random port by Spring Boot, as a user writes
 * them: budgets checked by the JUnit extension, assertions with AssertJ. Budgets are generous: the point is
 * that they run here with Spring Boot's versions of everything, on a machine that may be busy.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OrdersLoadTest {

    @LocalServerPort
    int port;

    /** The server, set once; each test names its path. */
    LoadTest.Builder server;

    @BeforeEach
    void server() {
        server = LoadTest.target(URI.create("http://127.0.0.1:" + port));
    }

    /**
     * First on purpose: the first rate-driven run of a cold JVM, while the JIT compiles Spring's start-up and
     * ours. The warm-up takes Spring MVC's lazy initialisation on the first request (hundreds of milliseconds)
     * out of the measured figures, as a user's test should. No {@code requireVerdictOk}: on a shared 2-core
     * machine the scheduler may truly be held up, and the sample must not fail on the machine's load.
     */
    @Test
    @Order(1)
    @LatencyBudget(percentile = 99, max = "1s")
    @PerformanceBudget(maxErrorRate = 0)
    void reading_an_order_at_a_steady_rate_stays_fast(LoadTester load) {
        load.run(server.path("/orders/1").clients(4).rate(100).warmUp(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(2)));
    }

    @Test
    @Order(2)
    @PerformanceBudget(p99 = "500ms", maxErrorRate = 0, noNon2xx = true)
    void reading_orders_as_fast_as_possible_meets_the_budget(LoadTester load) {
        load.run(server.path("/orders/1").clients(4).requests(2_000));
    }

    @Test
    @Order(3)
    void placing_orders_answers_201_to_every_request() {
        Result result = server.path("/orders").jsonBody("{\"item\":\"tea\",\"quantity\":1}")
                .clients(2).requests(200).run();

        assertThat(result).hasNoErrors()
                .hasStatusCount(201, 200)
                .responseTime().percentile(99).isLessThan(Duration.ofSeconds(1));
    }

    @Test
    @Order(4)
    void an_unknown_order_is_a_404_for_every_request() {
        Result result = server.path("/orders/404").clients(1).requests(20).run();

        assertThat(result).hasStatusCount(404, 20).hasFailed(20);
    }
}
