package dev.loadtest.samples.junit;

import dev.loadtest.LoadTest;
import dev.loadtest.junit.LoadTester;
import dev.loadtest.junit.PerformanceBudget;
import dev.loadtest.samples.DemoServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sample 4: performance budgets on a server the test starts itself.
 *
 * <p>A test takes a {@link LoadTester} and runs its load through it; when the test returns, the run is
 * checked against the test's {@link PerformanceBudget}, and the test fails with every breached budget
 * ("p99 response time: required <= 250ms, actual 312.4ms") followed by the full h2load-style report.
 * Pass or fail, the report is written to {@code target/loadtest-reports/<class>/<method>.txt} (and
 * {@code .json}).
 *
 * <p>The budget on the class applies to each test; a test's own budget adds to it, attribute by attribute.
 * The numbers here are generous so that the sample passes on any machine: on a slow CI runner, scale
 * every budget with {@code mvn test -Dloadtest.budget.scale=3} rather than editing them.
 *
 * <p>Run it: {@code mvn -pl samples test -Dtest=Sample05_BudgetOnEmbeddedServer}.
 */
@PerformanceBudget(maxErrorRate = 0.001, noNon2xx = true)
class Sample05_BudgetOnEmbeddedServer {

    static DemoServer server;

    @BeforeAll
    static void startServer() {
        server = new DemoServer().start();          // 127.0.0.1, a free port, HTTP/1.1 and h2c
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    @PerformanceBudget(p99 = "250ms", minThroughput = 200)
    void hello_is_fast(LoadTester load) {
        load.run(LoadTest.target(server.uri("/hello"))
                .clients(4)                          // 4 connections
                .streams(2)                          // 2 requests in flight on each
                .duration(Duration.ofSeconds(1)));
    }

    @Test
    @PerformanceBudget(mean = "100ms", max = "1s")   // plus the class's error rate and 2xx-only budgets
    void a_64_KiB_download_is_fast_enough(LoadTester load) {
        load.run(LoadTest.target(server.uri("/bytes/65536")).clients(2).requests(200));
    }
}
