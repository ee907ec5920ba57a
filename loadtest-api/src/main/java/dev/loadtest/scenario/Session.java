package dev.loadtest.scenario;

import dev.loadtest.request.RequestContext;
import dev.loadtest.request.Row;
import java.util.Optional;

/**
 * What a {@link Step}'s request is built from: one virtual user's session, with the variables its earlier steps
 * extracted, its feeder row, its cookies, and what any request knows ({@link RequestContext}: the request's
 * sequence number, the client sending it, a seeded random generator).
 *
 * <pre>{@code
 * Step basket = Step.of("basket", session -> Request.post("/basket")
 *         .header("Authorization", "Bearer " + session.get("token"))
 *         .jsonBody("{\"item\":\"" + session.get("item") + "\",\"user\":\"" + session.row().get("user") + "\"}"));
 * }</pre>
 *
 * <p>A session belongs to one user at a time: its steps run one after the other, never at once, so the
 * session is not thread-safe and need not be. It is valid only while the step's request is built: do not keep it.
 *
 * <p>{@link #row()} differs from a plain run's: a session takes one row, at its first call, and keeps it for
 * all its steps (a user logs in and checks out as the same customer).
 */
public interface Session extends RequestContext {

    /** The session's number in the run, from 0, in the order sessions start. */
    long id();

    /**
     * The value of a variable an earlier step extracted, or empty if none did (an optional extraction that
     * found nothing, or a step skipped by its condition).
     */
    Optional<String> variable(String name);

    /**
     * The value of a variable an earlier step extracted.
     *
     * @throws IllegalStateException naming the variable and those that are set, if it is not set: the step
     *     fails, and so does the session
     */
    String get(String name);

    /** The value of a cookie in the session's jar (RFC 6265: the cookies the server set), if there is one. */
    Optional<String> cookie(String name);

    /**
     * The pass of the innermost {@link Scenario#repeat repeat} this step runs in, from 0; 0 outside any repeat.
     */
    int iteration();

    /**
     * The session's feeder row: taken at the first call in the session and the same for all its steps.
     *
     * @throws IllegalStateException if the run has no feeder
     */
    @Override
    Row row();
}
