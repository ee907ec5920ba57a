package dev.loadtest.samples.cli;

import dev.loadtest.samples.DemoServer;
import java.net.URI;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The embedded demo server on loopback for a test class of the command: started once before the class's first
 * test (and before its own {@code @BeforeAll} methods, which may use it), closed after its last.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final DemoServerExtension server = new DemoServerExtension();
 * ... CommandRun.of("-n", "10", server.hello());
 * </pre>
 */
final class DemoServerExtension implements BeforeAllCallback, AfterAllCallback {

    private DemoServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = new DemoServer().start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {   // a server that failed to start is that failure, not a second one here
            server.close();
        }
    }

    /** The server's URI of this path, as {@link DemoServer#uri(String)}. */
    URI uri(String path) {
        return server.uri(path);
    }

    /** The demo's page, as the command takes a URI: {@code http://127.0.0.1:PORT/hello}. */
    String hello() {
        return uri("/hello").toString();
    }

    /** A page the demo does not have: every request to it is answered 404. */
    String notFound() {
        return uri("/missing").toString();
    }
}
