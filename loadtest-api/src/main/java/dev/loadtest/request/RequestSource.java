package dev.loadtest.request;

/**
 * Gives each request of a run: a function of the request's {@link RequestContext} (its sequence number, its
 * client, a seeded random generator and a feeder row) that returns the {@link Request} to send.
 *
 * <pre>{@code
 * RequestSource orders = ctx -> Request.post("/orders/" + ctx.sequence())
 *         .jsonBody("{\"customer\":\"" + ctx.row().get("customer") + "\",\"quantity\":"
 *                 + (1 + ctx.random().nextInt(5)) + "}");
 * }</pre>
 *
 * <p>The contract:
 * <ul>
 *   <li>{@link #next} is called once per request, just before it is sent, on one of the engine's threads:
 *       several clients call it at the same time, so a source that keeps state of its own makes it thread-safe.
 *       It runs on the path of every request: keep it fast, never block or wait on I/O.</li>
 *   <li>The context is valid only during the call: do not keep it, or its random generator, for later.</li>
 *   <li>An exception thrown by {@code next}, or a {@code null} request, counts that one request as errored,
 *       with the exception's message (each distinct message once in the result), and the run goes on with
 *       the next request. One exception to this: {@link FeederExhaustedException} (a feeder sent its last
 *       row) ends the run.</li>
 *   <li>A request whose target is an absolute URI of another server than the run's is errored the same way
 *       ({@link Request#requireSameOrigin}).</li>
 * </ul>
 */
@FunctionalInterface
public interface RequestSource {

    /**
     * The request to send now.
     *
     * @param ctx this request's sequence number, client, random generator and feeder row
     * @return the request, not null
     */
    Request next(RequestContext ctx);
}
