package dev.loadtest.testing.bench;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.BuiltRequests;
import dev.loadtest.internal.engine.connection.RequestSource;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.spi.RunContext;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The engine's making of the HTTP/1.1 head a connection writes for each request (see {@link Http1ResponseScan} for
 * why this seam exists): for a run with a request source or a template, the request built through the client's
 * context and encoded; for a static run, the head encoded once.
 */
public final class Http1HeadMaking implements AutoCloseable {

    private final RunContext run;
    private final RequestSource built;
    private final RequestTemplate fixed;

    private Http1HeadMaking(RunContext run, RequestSource built, RequestTemplate fixed) {
        this.run = run;
        this.built = built;
        this.fixed = fixed;
    }

    /** The heads client 0 of {@code test} (a run with a request source) sends to {@code server}. */
    public static Http1HeadMaking built(LoadTest test, URI server) {
        RunContext run = RunContext.open(test.requestSource().orElseThrow(), null, List.of(server), 1, 0, 1);
        return new Http1HeadMaking(run, new BuiltRequests(test).of(run.client(0)), null);
    }

    /** The head a static run of {@code test} sends to {@code server}, encoded once. */
    public static Http1HeadMaking fixed(LoadTest test, URI server) {
        return new Http1HeadMaking(null, null, new RequestTemplate(test, server, null));
    }

    /** The next request's head, as the connection takes it. */
    public ByteBuffer next() {
        return fixed != null ? fixed.http1Head() : built.next().http1Head();
    }

    @Override
    public void close() {
        if (run != null) {
            run.close();
        }
    }
}
