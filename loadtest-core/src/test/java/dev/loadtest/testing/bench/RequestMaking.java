package dev.loadtest.testing.bench;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.core5.http.HttpRequest;

/**
 * The engine's making of one request for HttpCore's HTTP/2 handler, as each send of a static run does it: a
 * message from the parts the run built once (see {@link Http1ResponseScan} for why this seam exists).
 */
public final class RequestMaking {

    private final RequestTemplate template;

    private RequestMaking(RequestTemplate template) {
        this.template = template;
    }

    /** The requests a default {@code GET} run of {@code target} sends (no body, the run's default headers). */
    public static RequestMaking get(URI target) {
        LoadTest test = LoadTest.target(target).clients(1).duration(Duration.ofSeconds(1)).build();
        return new RequestMaking(new RequestTemplate(test, target, null));
    }

    /** One request, as the engine makes it for each send. */
    public HttpRequest newRequest() {
        return template.newRequest();
    }
}
