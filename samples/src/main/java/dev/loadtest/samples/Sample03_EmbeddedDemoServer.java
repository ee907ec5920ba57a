package dev.loadtest.samples;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.time.Duration;

/**
 * Sample 3: what {@code loadtest} with no URI does, in code: start the embedded {@link DemoServer}, warm up,
 * then run a short h2c test (h2load's {@code -c 10 -m 10 --warm-up-time 500ms -D 3s}) and print the report.
 * The server is a real one (Jetty, HTTP/1.1 and h2c on 127.0.0.1), so the sample runs anywhere, on the class
 * path or, as {@code ModulePathIT} checks, on the module path:
 *
 * <pre>
 * java -cp samples/target/loadtest.jar dev.loadtest.samples.Sample03_EmbeddedDemoServer
 * </pre>
 */
public final class Sample03_EmbeddedDemoServer {

    private Sample03_EmbeddedDemoServer() {
    }

    public static void main(String[] args) {
        try (DemoServer server = new DemoServer().start()) {
            System.out.println("embedded demo server at " + server.uri("/hello"));
            LoadTest test = LoadTest.target(server.uri("/hello"))
                    .protocol(Protocol.HTTP_2)            // h2c with prior knowledge, as h2load does
                    .clients(10)
                    .streams(10)
                    .warmUp(Duration.ofMillis(500))       // sent, not measured: the JIT warms up
                    .duration(Duration.ofSeconds(3))
                    .build();
            System.out.println("running " + test);
            Result result = test.run();
            System.out.println();
            System.out.print(result);                     // the h2load-style report
        }
    }
}
