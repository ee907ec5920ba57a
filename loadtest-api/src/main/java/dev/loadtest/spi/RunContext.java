package dev.loadtest.spi;

import dev.loadtest.internal.request.FeedIndex;
import dev.loadtest.internal.request.FeedReader;
import dev.loadtest.internal.request.SeededRandom;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.RequestSource;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the engine holds to build the requests of one run (or one shard of a sharded run) from a
 * {@link RequestSource}: the source, the run's targets, its seed, the shard, the feeder's rows and the
 * request counter. Thread-safe; one {@link ClientContext} per client comes from {@link #client(int)}.
 *
 * <pre>{@code
 * try (RunContext run = RunContext.open(source, feeder, targets, seed, shardIndex, shardCount)) {
 *     ClientContext client = run.client(0);        // the shard's first client
 *     Request request = client.next();             // per request: build, then encode and send
 * }
 * }</pre>
 */
public final class RunContext implements AutoCloseable {

    private final RequestSource source;
    private final FeedReader feed;
    private final List<URI> targets;
    private final long seed;
    private final int shardIndex;
    private final int shardCount;
    private final AtomicLong built = new AtomicLong();

    private RunContext(RequestSource source, FeedReader feed, List<URI> targets, long seed, int shardIndex,
            int shardCount) {
        this.source = source;
        this.feed = feed;
        this.targets = targets;
        this.seed = seed;
        this.shardIndex = shardIndex;
        this.shardCount = shardCount;
    }

    /**
     * Opens a run's request building: reads the feeder's file through (checking every row) if there is one.
     *
     * @param feeder the run's feeder, or null for none
     * @param targets the run's target URIs: an absolute request target must go to their server
     * @param seed the run's seed
     * @throws IllegalArgumentException if the feeder's file is malformed or too short for the shard
     */
    public static RunContext open(RequestSource source, Feeder feeder, List<URI> targets, long seed, int shardIndex,
            int shardCount) {
        Objects.requireNonNull(source, "request source must not be null");
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("targets must not be empty: give at least one URI");
        }
        FeedReader feed = feeder == null ? null : FeedReader.open(FeedIndex.of(feeder), shardIndex, shardCount);
        return new RunContext(source, feed, List.copyOf(targets), seed, shardIndex, shardCount);
    }

    /**
     * The context of one of this shard's clients, from 0: shard {@code k} of {@code n}'s client {@code j} is
     * the whole run's client {@code k + j * n}, as {@code LoadTest.Builder.shard} splits them.
     */
    public ClientContext client(int shardClient) {
        if (shardClient < 0) {
            throw new IllegalArgumentException("client (" + shardClient + ") must be >= 0");
        }
        long client = shardIndex + (long) shardClient * shardCount;
        if (client > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("client (" + shardClient + ") is beyond the run's clients");
        }
        return new ClientContext(this, (int) client, SeededRandom.of(seed, (int) client, SeededRandom.Stream.REQUESTS),
                SeededRandom.of(seed, (int) client, SeededRandom.Stream.FEEDER));
    }

    /**
     * Refuses a counted run that asks an in-order feeder for more rows than this shard has: call it before the
     * run starts with the shard's requests. Does nothing without a feeder.
     *
     * @throws IllegalArgumentException saying both numbers
     */
    public void requireRows(long requests) {
        if (feed != null) {
            feed.requireRows(requests);
        }
    }

    /** The next sequence number: shard {@code k} of {@code n} numbers its requests {@code k, k + n, ...}. */
    long nextSequence() {
        return shardIndex + built.getAndIncrement() * shardCount;
    }

    RequestSource source() {
        return source;
    }

    FeedReader feed() {
        return feed;
    }

    List<URI> targets() {
        return targets;
    }

    @Override
    public void close() {
        if (feed != null) {
            feed.close();
        }
    }
}
