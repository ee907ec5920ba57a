package dev.loadtest.samples;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.request.Request;

/**
 * Sample 4: every request built as it is sent: a POST of a JSON order with a unique id (its sequence number in the
 * run) and a quantity drawn from the run's seeded random generator. The same seed sends each client the same
 * quantities again; the report's {@code seed:} line tells the seed, to replay a run.
 * Run it: {@code java -cp samples/target/loadtest.jar dev.loadtest.samples.Sample04_RequestsBuiltPerRequest}.
 */
public final class Sample04_RequestsBuiltPerRequest {

    private Sample04_RequestsBuiltPerRequest() {
    }

    public static void main(String[] args) {
        try (DemoServer server = new DemoServer().start()) {
            Result r = LoadTest.target(server.uri("/"))
                    .protocol(Protocol.HTTP_2)                    // h2c, as the demo server speaks it
                    .request(ctx -> Request.post("/hello?order=" + ctx.sequence())   // the demo answers /hello
                            .jsonBody("{\"id\":" + ctx.sequence() + ",\"client\":" + ctx.client()
                                    + ",\"quantity\":" + (1 + ctx.random().nextInt(5)) + "}"))
                    .seed(42)                                      // the same quantities per client every time
                    .clients(10)
                    .requests(10_000)                              // ids 0 to 9,999, each sent once
                    .run();

            System.out.println(r);
            if (r.requests().succeeded() != 10_000 || r.test().seed().orElse(0) != 42) {
                throw new AssertionError("unexpected result: " + r);
            }
        }
    }
}
