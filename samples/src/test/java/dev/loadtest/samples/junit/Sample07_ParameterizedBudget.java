package dev.loadtest.samples.junit;

import dev.loadtest.LoadTest;
import dev.loadtest.junit.LoadTester;
import dev.loadtest.junit.PerformanceBudget;
import dev.loadtest.samples.DemoServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sample 6: one budget over several endpoints with {@code @ParameterizedTest}.
 *
 * <p>Each invocation is its own test: its own {@link LoadTester}, its own budget check, its own report
 * ({@code target/loadtest-reports/dev.loadtest.samples.junit.Sample07_ParameterizedBudget/endpoint-1.txt},
 * {@code -2}, {@code -3}). The {@code LoadTester} comes after the arguments of the source, as JUnit requires
 * of parameters resolved by an extension. {@code @RepeatedTest} works the same way.
 *
 * <p>Run it: {@code mvn -pl samples test -Dtest=Sample07_ParameterizedBudget}.
 */
class Sample07_ParameterizedBudget {

    static DemoServer server;

    @BeforeAll
    static void startServer() {
        server = new DemoServer().start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/hello", "/bytes/1024", "/bytes/16384"})
    @PerformanceBudget(p99 = "250ms", p50 = "50ms", maxErrorRate = 0, noNon2xx = true)
    void endpoint(String path, LoadTester load) {
        load.run(LoadTest.target(server.uri(path)).clients(4).requests(500));
    }
}
