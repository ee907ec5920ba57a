package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.BuiltRequests;
import dev.loadtest.internal.engine.connection.RequestSource;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.spi.RunContext;
import dev.loadtest.request.TemplateSource;
import dev.loadtest.request.Request;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A run's requests when its test has a request source (docs/design/request-sources.md): the source, its feeder
 * and seed opened for this shard, and each client's requests built from them. A source that gives the same
 * request every time (a {@link TemplateSource} without a placeholder) is encoded once, as a static run's is.
 */
final class RunRequests implements AutoCloseable {

    private static final Log LOG = Log.of(RunRequests.class);
    /** How many distinct messages of a failing source are logged: enough to see each kind, not a flood. */
    private static final int MAX_LOGGED = 10;

    private final BuiltRequests built;
    /** The one request of a static template source, encoded once; null when each request is built. */
    private final RequestTemplate fixed;
    private final RunContext context;
    private final DistinctMessages logged = new DistinctMessages();

    private RunRequests(BuiltRequests built, RequestTemplate fixed, RunContext context) {
        this.built = built;
        this.fixed = fixed;
        this.context = context;
    }

    /**
     * Opens the test's request source, reading its feeder's file through; null without a source.
     *
     * @throws IllegalArgumentException if the feeder's file is malformed, or too short for a counted run
     */
    static RunRequests open(LoadTest test) {
        if (test.requestSource().isEmpty()) {
            return null;
        }
        BuiltRequests built = new BuiltRequests(test);
        if (test.requestSource().get() instanceof TemplateSource t && t.isStatic()) {
            Request only = t.next(null).requireSameOrigin(test.targets());
            return new RunRequests(built, built.template(only), null);
        }
        RunContext context = RunContext.open(test.requestSource().get(), test.feeder().orElse(null), test.targets(),
                test.seed().orElseThrow(), test.shardIndex(), test.shardCount());
        if (test.requests().isPresent()) {
            try {
                context.requireRows(test.requests().getAsLong());
            } catch (IllegalArgumentException e) {
                context.close();
                throw e;
            }
        }
        return new RunRequests(built, null, context);
    }

    /** Client {@code i}'s requests (its index in this shard). */
    RequestSource client(int i) {
        if (fixed != null) {
            return () -> fixed;
        }
        return built.of(context.client(i));
    }

    /** A request that is never sent, to load the send path's classes before a rate-driven run's clock starts. */
    RequestTemplate primer() {
        return fixed != null ? fixed : built.template(Request.get("/"));
    }

    /** The source failed to give a request: its message is in the errors; each distinct one is logged once. */
    void failed(String message) {
        if (logged.firstTime(message)) {
            LOG.warn("the request source failed to give a request; that request is errored: {}", message);
        }
    }

    @Override
    public void close() {
        if (context != null) {
            context.close();
        }
    }

    /**
     * Which messages were logged, so that each distinct one is logged once and at most ten (MAX_LOGGED) are:
     * enough to see each kind, not a flood. Safe on any thread.
     */
    static final class DistinctMessages {

        private final Set<String> logged = ConcurrentHashMap.newKeySet();

        /** Whether {@code message} is to be logged: true the first time it is seen, while fewer than MAX_LOGGED were. */
        boolean firstTime(String message) {
            return logged.size() < MAX_LOGGED && logged.add(message);
        }
    }
}
