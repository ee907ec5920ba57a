package dev.loadtest.spi;

import dev.loadtest.internal.request.FeedReader;
import dev.loadtest.internal.request.SeededRandom;
import dev.loadtest.request.FeederExhaustedException;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestContext;
import dev.loadtest.request.Row;
import java.util.random.RandomGenerator;

/**
 * One client's {@link RequestContext}, reused for each of its requests (no allocation per request). A client
 * builds one request at a time, on one thread at a time; it is not thread-safe.
 */
public final class ClientContext implements RequestContext {

    private final RunContext run;
    private final int client;
    private final SeededRandom random;
    private final SeededRandom feedRandom;
    private long sequence = -1;
    private Row row;

    ClientContext(RunContext run, int client, SeededRandom random, SeededRandom feedRandom) {
        this.run = run;
        this.client = client;
        this.random = random;
        this.feedRandom = feedRandom;
    }

    /**
     * Builds this client's next request: gives it the next sequence number and asks the source.
     *
     * @return the request, checked to go to the run's server
     * @throws FeederExhaustedException if a feeder in order has no row left: end the run
     * @throws RuntimeException whatever the source throws, or an {@code IllegalStateException} for a null
     *     request, an {@code IllegalArgumentException} for a target on another server: count the request as
     *     errored with the message
     */
    public Request next() {
        sequence = run.nextSequence();
        row = null;
        Request request = run.source().next(this);
        if (request == null) {
            throw new IllegalStateException("the request source returned null for request " + sequence);
        }
        return request.requireSameOrigin(run.targets());
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public int client() {
        return client;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Row row() {
        if (row == null) {
            FeedReader feed = run.feed();
            if (feed == null) {
                throw new IllegalStateException("the run has no feeder: give one (a CSV or JSON Lines file) to read"
                        + " rows from");
            }
            row = feed.next(feedRandom);
        }
        return row;
    }
}
