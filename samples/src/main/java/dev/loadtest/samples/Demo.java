package dev.loadtest.samples;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import java.net.URI;
import java.time.Duration;

/**
 * The demo: a short load test, against the given URI or, with none, against the embedded
 * {@link DemoServer} it starts itself. Prints the h2load-style report.
 *
 * <pre>
 * java -jar samples/target/loadtest.jar                          # embedded server, h2c, 3 s
 * java -jar samples/target/loadtest.jar http://127.0.0.1:8080/   # a server of yours (HTTP/1.1)
 * </pre>
 *
 * <p>The full command with h2load's flags is the subject of its own issue; this one takes a URI only.
 * Load goes to loopback addresses only in this project's own use.
 */
public final class Demo {

    private Demo() {
    }

    public static void main(String[] args) {
        if (args.length > 1 || (args.length == 1 && args[0].startsWith("-"))) {
            System.err.println("usage: java -jar loadtest.jar [URI]");
            System.exit(2);
        }
        if (args.length == 1) {
            URI uri;
            try {
                uri = URI.create(args[0]);
                print(LoadTest.target(uri).clients(10).streams(1).duration(Duration.ofSeconds(3)).build());
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("loadtest: " + e.getMessage());
                System.exit(2);
            }
            return;
        }
        try (DemoServer server = new DemoServer().start()) {
            System.out.println("embedded demo server at " + server.uri("/hello"));
            print(LoadTest.target(server.uri("/hello"))
                    .protocol(Protocol.HTTP_2)      // h2c with prior knowledge, as h2load does
                    .clients(10)
                    .streams(10)
                    .warmUp(Duration.ofMillis(500))
                    .duration(Duration.ofSeconds(3))
                    .build());
        }
    }

    private static void print(LoadTest test) {
        System.out.println("running " + test);
        Result result = test.run();
        System.out.println();
        System.out.print(result);
    }
}
