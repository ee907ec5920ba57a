/**
 * Requests built for each request of a run: a {@link dev.loadtest.request.RequestSource} gives each
 * {@link dev.loadtest.request.Request} from its {@link dev.loadtest.request.RequestContext} (a sequence number,
 * the client, a seeded random generator and a row of a {@link dev.loadtest.request.Feeder}).
 *
 * <pre>{@code
 * Feeder customers = Feeder.csv(Path.of("customers.csv"));            // id,name
 * RequestSource orders = ctx -> Request.post("/orders/" + ctx.sequence())
 *         .header("X-Customer", ctx.row().get("id"))
 *         .jsonBody("{\"quantity\":" + (1 + ctx.random().nextInt(5)) + "}");
 * }</pre>
 *
 * <p>A run without a request source sends the same request every time, encoded once, as before.
 */
package dev.loadtest.request;
