package dev.loadtest.samples;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.time.Duration;

/**
 * Sample 2: a timed HTTP/2 run started in the background and stopped early: {@code start()} returns
 * at once, {@code stop()} ends the run, and the partial result is marked as stopped.
 */
public final class Sample02_StartAndStop {

    private Sample02_StartAndStop() {
    }

    public static void main(String[] args) throws Exception {
        try (DemoServer server = new DemoServer().start()) {
            LoadTestRun run = LoadTest.target(server.uri("/bytes/1024"))
                    .protocol(Protocol.HTTP_2)            // h2c, prior knowledge
                    .clients(4)
                    .streams(8)                           // 8 concurrent streams per connection
                    .duration(Duration.ofMinutes(10))
                    .start();
            Thread.sleep(1_000);
            run.stop();                                   // from any thread
            Result partial = run.result().join();
            System.out.println(partial);
            System.out.println("stopped: " + partial.stopped());
        }
    }
}
