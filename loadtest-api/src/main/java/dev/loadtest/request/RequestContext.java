package dev.loadtest.request;

import java.util.random.RandomGenerator;

/**
 * What a {@link RequestSource} knows about the request it builds: which one it is, which client sends it, a
 * random generator that a seed makes repeatable, and a feeder row.
 *
 * <pre>{@code
 * RequestSource source = ctx -> Request.get("/users/" + ctx.row().get("id")
 *         + "?page=" + (1 + ctx.random().nextInt(10)) + "&request=" + ctx.sequence());
 * }</pre>
 *
 * <p>A context is valid only while {@link RequestSource#next} runs.
 */
public interface RequestContext {

    /**
     * This request's number in the run, from 0, in the order the requests are built: unique in the run. In a
     * run split into {@code n} shards, shard {@code k} numbers its requests {@code k, k + n, k + 2n, ...}, so
     * the numbers stay unique across the shards with no coordination between them (the shards that do fewer
     * requests leave gaps near the end). In an unsharded run: {@code 0, 1, 2, ...}.
     *
     * <p>Which client gets which number depends on the timing of the run; a seed does not repeat it.
     */
    long sequence();

    /**
     * The index of the client (connection) sending this request in the whole run, from 0. In a run split into
     * {@code n} shards, shard {@code k} has the clients {@code k, k + n, k + 2n, ...}, as
     * {@code LoadTest.Builder.shard(k, n)} splits them.
     */
    int client();

    /**
     * This client's own random generator, seeded from the run's seed and {@link #client()}: with the same seed,
     * each client draws the same numbers in the same order, so a run's requests can be built again. Not
     * thread-safe; use it only inside {@link RequestSource#next}.
     */
    RandomGenerator random();

    /**
     * The feeder row of this request. The first call in a request takes the feeder's next row; later calls in
     * the same request return that row again; a request that never calls it takes no row.
     *
     * @throws IllegalStateException if the run has no feeder
     * @throws FeederExhaustedException if an in-order feeder has sent all its rows: let it go, the run ends
     */
    Row row();
}
