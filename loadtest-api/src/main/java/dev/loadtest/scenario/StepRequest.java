package dev.loadtest.scenario;

import dev.loadtest.Header;
import dev.loadtest.internal.scenario.TemplateRequest;
import dev.loadtest.request.Request;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How a {@link Step} builds its request from the {@link Session}: a function, usually a lambda, or a template.
 *
 * <pre>{@code
 * StepRequest catalogue = session -> Request.get("/catalogue?page=" + (1 + session.random().nextInt(3)));
 * StepRequest login = StepRequest.template("POST", "/login",
 *         List.of(new Header("Content-Type", "application/x-www-form-urlencoded")),
 *         "user={{user}}&password={{password}}");
 * }</pre>
 *
 * <p>Like a {@link dev.loadtest.request.RequestSource}, it is called on the engine's threads, many sessions at
 * once: a request function that keeps state of its own makes it thread-safe. An exception it throws fails the
 * step, and the session with it, with the exception's message.
 */
@FunctionalInterface
public interface StepRequest {

    /** The request to send for this session now; not null. */
    Request build(Session session);

    /**
     * The names this request reads from the session (variables or feeder columns), in the order written, when
     * they can be known before the run: a template's. Empty for a function, whose reads cannot be known:
     * {@link Scenario} checks that a template's names are set by an earlier step or left to the feeder.
     */
    default Set<String> names() {
        return Set.of();
    }

    /**
     * The request line as written, when it is known before the run: a template's method and URI,
     * {@code "POST /login?next={{page}}"}. Empty for a function, whose request is known only when it is built.
     * A result records it to say what ran (the JSON result's {@code configuration.scenario}).
     */
    default Optional<String> requestLine() {
        return Optional.empty();
    }

    /**
     * A request made of templates, as the command's: the method, a URI (a path, or an absolute URI of the
     * run's server) and header values and a body that may hold placeholders: {@code {{seq}}}, {@code {{client}}},
     * {@code {{uuid}}}, {@code {{randomInt A B}}}, and {@code {{NAME}}}, a session variable set by an earlier step
     * or else a column of the feeder. Parsed once, here.
     *
     * @param body the body, or null for none
     * @throws IllegalArgumentException naming the placeholder, where it is (line and column) and the rule, or
     *     the method or a header that breaks the rules of {@link Request} or {@link Header}
     */
    static StepRequest template(String method, String uri, List<Header> headers, String body) {
        return TemplateRequest.of(method, uri, headers, body);
    }
}
