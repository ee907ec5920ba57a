package dev.loadtest.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class's HTTP/2 on HttpCore's multiplexer ({@code -Dloadtest.http2=httpcore}) instead of our own
 * connection: a subclass of an HTTP/2 test with this extension checks the other path with the same cases. The
 * property is read as each run starts, and the suite's classes run one at a time.
 */
public final class HttpCoreMultiplexer implements BeforeAllCallback, AfterAllCallback {

    private static final String PROPERTY = "loadtest.http2";
    private String before;

    @Override
    public void beforeAll(ExtensionContext context) {
        before = System.setProperty(PROPERTY, "httpcore");
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (before == null) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, before);   // the suite's own choice, if it made one
        }
    }
}
