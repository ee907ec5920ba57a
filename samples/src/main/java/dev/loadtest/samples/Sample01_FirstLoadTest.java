package dev.loadtest.samples;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import java.time.Duration;

/**
 * Sample 1: a counted load test (h2load's {@code -n 10000 -c 10 -m 1}) and the figures it returns.
 * Run it: {@code java -cp samples/target/loadtest.jar dev.loadtest.samples.Sample01_FirstLoadTest}.
 */
public final class Sample01_FirstLoadTest {

    private Sample01_FirstLoadTest() {
    }

    public static void main(String[] args) {
        try (DemoServer server = new DemoServer().start()) {
            Result r = LoadTest.target(server.uri("/hello"))
                    .clients(10)                          // 10 connections
                    .requests(10_000)                     // in all; each client does 1,000
                    .run();                               // blocks; the engine cleans up after itself

            System.out.println(r);                        // the h2load-style report
            System.out.printf("%.0f req/s, p99 %s, %d failed%n",
                    r.requestsPerSecond(), r.serviceTime().percentile(99), r.requests().failed());
            Duration p99 = r.serviceTime().percentile(99);
            if (r.requests().succeeded() != 10_000 || p99.isZero()) {
                throw new AssertionError("unexpected result: " + r);
            }
        }
    }
}
