package dev.loadtest.check;

import dev.loadtest.internal.check.HeaderRule;
import dev.loadtest.internal.check.JsonPathRule;
import dev.loadtest.internal.check.Shown;
import dev.loadtest.internal.check.StatusRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A verification of each response of a run, counted on its own: how many responses passed it, how many
 * failed it, and a sample of what failed ({@link CheckResult}). A response that fails any check of the run is a
 * failed request: it counts in {@code failed} and in the error rate, as a {@code 500} does.
 *
 * <pre>{@code
 * List<Check> checks = List.of(
 *         Check.status(200),                                   // "status 200"
 *         Check.header("Content-Type", "application/json"),    // "header Content-Type: application/json"
 *         Check.jsonPath("$.status", "ok"),                    // "json $.status == \"ok\""
 *         Check.of("order id echoed", r -> r.bodyText().contains("\"id\":")));
 *
 * Response response = Response.of(200, Map.of("Content-Type", "application/json"), "{\"status\":\"error\"}");
 * checks.get(2).failure(response);   // Optional[$.status was "error"]
 * }</pre>
 *
 * <p>Each check has a name, derived from what it checks or given ({@link #named}); a run's checks have distinct
 * names, which key their counts in the result and the JSON. A check that {@linkplain #needsBody() needs the
 * body} makes the engine keep each response's body, up to a bound ({@link #DEFAULT_MAX_BODY_BYTES} unless the
 * run sets another); beyond it the check fails, saying the body was too large. A run whose checks all read only
 * the status and headers keeps no body, as a run without checks.
 *
 * <p>Checks are immutable and thread-safe: the engine calls one from many threads at once. A custom check's
 * function must be too, and quick: it runs on the I/O thread that read the response. A check that throws
 * fails that response, with the exception's message as the reason.
 */
public final class Check {

    /** The body kept for the checks unless the run sets another bound: 1 MiB. */
    public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;

    /** The longest name: names head the rows of reports. */
    static final int MAX_NAME_LENGTH = 200;

    private final String name;
    private final boolean needsBody;
    /** The reason a response fails, or null when it passes: no allocation for a passing response. */
    private final Function<Response, String> rule;

    private Check(String name, boolean needsBody, Function<Response, String> rule) {
        this.name = validName(name);
        this.needsBody = needsBody;
        this.rule = rule;
    }

    /**
     * The status is one of these codes; named {@code status 200}, {@code status 200 or 204}.
     *
     * @throws IllegalArgumentException if no code is given or one is not within [100, 599]
     */
    public static Check status(int... codes) {
        StatusRule rule = StatusRule.codes(codes);
        return new Check("status " + rule, false, rule::failure);
    }

    /**
     * The status is in this class: {@code statusClass(2)} passes {@code 200} to {@code 299}; named {@code status 2xx}.
     *
     * @throws IllegalArgumentException if the class is not within [1, 5]
     */
    public static Check statusClass(int statusClass) {
        StatusRule rule = StatusRule.statusClass(statusClass);
        return new Check("status " + rule, false, rule::failure);
    }

    /**
     * The body, as text ({@link Response#bodyText()}), contains this text; named {@code body contains "ok"}.
     *
     * @throws IllegalArgumentException if the text is empty
     */
    public static Check bodyContains(String text) {
        Objects.requireNonNull(text, "bodyContains text must not be null");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("bodyContains text must not be empty: every body contains it");
        }
        String shown = Shown.quoted(text);
        return new Check("body contains " + shown, true,
                response -> response.bodyText().contains(text) ? null : "body does not contain " + shown);
    }

    /**
     * The response has the header (its name in any case) with this value: a value equal to it, or, for a
     * value with parameters, whose part before the first {@code ;} is ({@code application/json} passes
     * {@code application/json; charset=utf-8}). Named {@code header Content-Type: application/json}, the value
     * redacted when it may be a credential ({@link dev.loadtest.Header#isSecret(String, String)}).
     *
     * @throws IllegalArgumentException if the name is blank or holds a colon, or either holds CR or LF
     */
    public static Check header(String name, String value) {
        HeaderRule rule = new HeaderRule(name, value);
        return new Check("header " + rule, false, rule::failure);
    }

    /**
     * The JSON value at this path of the body equals the expected text: a string equal to it, a number equal
     * to it as a number ({@code "2"} passes {@code 2.0}), or {@code true}, {@code false}, {@code null} as
     * written. The path is a small JSONPath, {@code $} then {@code .name}, {@code [index]} or
     * {@code ['name']} steps ({@code $.items[0].id}), or a JSON Pointer ({@code /items/0/id}). The body is read
     * with a streaming parser up to the value, not into a tree. A missing value, an object or array where a
     * value was expected, and a body that is not JSON fail, each with its reason. Named
     * {@code json $.status == "ok"}.
     *
     * @throws IllegalArgumentException if the path is not of that syntax
     */
    public static Check jsonPath(String path, String expected) {
        JsonPathRule rule = new JsonPathRule(path, expected);
        return new Check("json " + rule, true, rule::failure);
    }

    /**
     * A check of your own, that may read the body: the engine keeps the body for it. For one that reads only
     * the status and headers, {@link #ofHead} costs less.
     *
     * <pre>{@code
     * Check.of("has an id", response -> response.bodyText().contains("\"id\":"))
     * }</pre>
     *
     * @param name the name in the counts and reports: not blank, at most 200 characters, one line
     * @param passes true when the response passes; must be thread-safe
     */
    public static Check of(String name, Predicate<Response> passes) {
        return custom(name, true, passes);
    }

    /**
     * A check of your own that reads only the status and headers: the engine keeps no body for it, and
     * {@link Response#body()} throws if it tries.
     *
     * <pre>{@code
     * Check.ofHead("cached", response -> response.header("Age").isPresent())
     * }</pre>
     *
     * @param name the name in the counts and reports: not blank, at most 200 characters, one line
     * @param passes true when the response passes; must be thread-safe
     */
    public static Check ofHead(String name, Predicate<Response> passes) {
        return custom(name, false, passes);
    }

    /**
     * Passes when at least one of the checks passes; named {@code A or B}; needs the body when one of them does.
     *
     * <pre>{@code
     * Check.anyOf(Check.statusClass(2), Check.status(304)).named("status 2xx or 304")
     * }</pre>
     */
    public static Check anyOf(Check first, Check... more) {
        List<Check> all = new ArrayList<>();
        all.add(Objects.requireNonNull(first, "check must not be null"));
        for (Check check : more) {
            all.add(Objects.requireNonNull(check, "check must not be null"));
        }
        List<Check> alternatives = List.copyOf(all);
        String name = String.join(" or ", alternatives.stream().map(Check::name).toList());
        boolean needsBody = alternatives.stream().anyMatch(Check::needsBody);
        return new Check(shortened(name), needsBody, response -> {
            List<String> reasons = new ArrayList<>(alternatives.size());
            for (Check alternative : alternatives) {
                String reason = alternative.rule.apply(response);
                if (reason == null) {
                    return null;
                }
                reasons.add(reason);
            }
            return String.join("; ", reasons);
        });
    }

    /**
     * The same check under another name: two checks of a run may not share one.
     *
     * @param name not blank, at most 200 characters, one line
     */
    public Check named(String name) {
        return new Check(name, needsBody, rule);
    }

    /** The name that keys this check's counts in the result, the JSON and the reports. */
    public String name() {
        return name;
    }

    /** Whether this check reads the body, so that the engine keeps it (up to the run's bound). */
    public boolean needsBody() {
        return needsBody;
    }

    /**
     * Why the response fails this check ({@code status was 503}), or empty when it passes. An exception of a
     * custom check's function is thrown on: the engine counts it as a failure with its message.
     */
    public Optional<String> failure(Response response) {
        Objects.requireNonNull(response, "response must not be null");
        return Optional.ofNullable(rule.apply(response));
    }

    /** The name. */
    @Override
    public String toString() {
        return name;
    }

    private static Check custom(String name, boolean needsBody, Predicate<Response> passes) {
        Objects.requireNonNull(passes, "check function of '" + name + "' must not be null");
        return new Check(name, needsBody, response -> passes.test(response) ? null : "returned false");
    }

    private static String shortened(String name) {
        return name.length() > MAX_NAME_LENGTH ? name.substring(0, MAX_NAME_LENGTH - 3) + "..." : name;
    }

    private static String validName(String name) {
        Objects.requireNonNull(name, "check name must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("check name ('" + name + "') must not be blank");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("check name (" + name.substring(0, 40) + "..., " + name.length()
                    + " characters) must be at most " + MAX_NAME_LENGTH + " characters");
        }
        if (name.chars().anyMatch(c -> c == '\r' || c == '\n')) {
            throw new IllegalArgumentException("check name (" + name.replace("\r", "\\r").replace("\n", "\\n")
                    + ") must be one line");
        }
        return name;
    }
}
