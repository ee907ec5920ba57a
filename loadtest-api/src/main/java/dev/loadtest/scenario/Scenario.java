package dev.loadtest.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A flow that each virtual user runs: a name and its steps, in order, with repeats. Each user is a
 * {@link Session} (variables, a feeder row, a cookie jar) that walks the steps, one request at a time.
 *
 * <pre>{@code
 * Step login = Step.of("login", s -> Request.post("/login")
 *                 .body("user=" + s.row().get("user") + "&password=" + s.row().get("password"),
 *                         "application/x-www-form-urlencoded"))
 *         .checks(Check.status(200))
 *         .extract(Extract.jsonPath("$.token").into("token"))
 *         .pause(Pause.fixed(Duration.ofSeconds(1)));
 * Step catalogue = Step.of("catalogue", s -> Request.get("/catalogue")
 *                 .header("Authorization", "Bearer " + s.get("token")))
 *         .checks(Check.status(200), Check.header("Content-Type", "application/json"))
 *         .extract(Extract.jsonPath("$.items[0].id").into("item"))
 *         .pause(Pause.uniform(Duration.ofSeconds(1), Duration.ofSeconds(3)));
 * Step checkout = Step.of("checkout", s -> Request.post("/checkout")
 *                 .header("Authorization", "Bearer " + s.get("token"))
 *                 .jsonBody("{\"item\":\"" + s.get("item") + "\"}"))
 *         .checks(Check.status(201), Check.jsonPath("$.status", "ordered"));
 *
 * Scenario shop = Scenario.of("shop", login, Scenario.repeat(3, catalogue), checkout);
 * }</pre>
 *
 * <p>Checked when made, each error naming the rule: at least one step; step names unique in the scenario
 * (they key the per-step results); a step's condition ({@link Step#onlyIf}) set by an earlier step's
 * extraction; and a template's names ({@link StepRequest#template}) not extracted only by a later step (a name
 * no step extracts is a feeder column: {@link #requireColumns}). "Earlier" is the order the steps are written
 * in: a step inside a repeat does not see what a later step of the same repeat set in the pass before.
 * Immutable and thread-safe.
 */
public final class Scenario {

    /**
     * The most redirects one step follows when the scenario {@linkplain #followRedirects() follows them}: fewer
     * than browsers allow (Fetch: 20), more than a sane flow needs.
     */
    public static final int MAX_REDIRECTS = 10;

    private final String name;
    private final List<ScenarioPart> parts;
    private final List<Step> steps;
    /** The template names no earlier step extracts, each with the first step that uses it. */
    private final Map<String, Step> feederNames;
    private final boolean followRedirects;
    private final TokenProvider tokenProvider;

    private Scenario(String name, List<ScenarioPart> parts) {
        this.name = name;
        this.parts = parts;
        List<Step> flat = new ArrayList<>();
        flatten(parts, flat);
        this.steps = List.copyOf(flat);
        this.feederNames = check(name, steps);
        this.followRedirects = false;
        this.tokenProvider = null;
    }

    /** A copy of {@code from}, already checked, with these session settings. */
    private Scenario(Scenario from, boolean followRedirects, TokenProvider tokenProvider) {
        this.name = from.name;
        this.parts = from.parts;
        this.steps = from.steps;
        this.feederNames = from.feederNames;
        this.followRedirects = followRedirects;
        this.tokenProvider = tokenProvider;
    }

    /**
     * A scenario of these steps and repeats, in order.
     *
     * @param name not blank, one line, at most 100 characters
     * @throws IllegalArgumentException naming the scenario and the rule it breaks; a
     *     {@link ScenarioRuleException}, which gives the step, for a rule a step breaks
     */
    public static Scenario of(String name, ScenarioPart... parts) {
        return of(name, List.of(Objects.requireNonNull(parts, "scenario parts must not be null")));
    }

    /** A scenario of these steps and repeats, in order; see {@link #of(String, ScenarioPart...)}. */
    public static Scenario of(String name, List<? extends ScenarioPart> parts) {
        Step.validName("scenario name", name);
        return new Scenario(name, copyParts("scenario '" + name + "'", parts));
    }

    /**
     * These steps and repeats run {@code times} times in a row.
     *
     * @throws IllegalArgumentException if {@code times} is not within [1, {@value Repeat#MAX_TIMES}] or no part is
     *     given
     */
    public static Repeat repeat(int times, ScenarioPart... parts) {
        return new Repeat(times, List.of(Objects.requireNonNull(parts, "repeat parts must not be null")));
    }

    /** The name. */
    public String name() {
        return name;
    }

    /** The steps and repeats, as given; unmodifiable. */
    public List<ScenarioPart> parts() {
        return parts;
    }

    /** Every step once, in the order written (a repeated step once): the rows of the per-step results. */
    public List<Step> steps() {
        return steps;
    }

    /** The names templates read that no earlier step extracts: they must be columns of the run's feeder. */
    public Set<String> feederNames() {
        return feederNames.keySet();
    }

    /**
     * Checks that the feeder gives every name a template reads that no earlier step extracts: call it when the
     * run's feeder is known (the engine before a run; the scenario file's reader at once).
     *
     * @param columns the feeder's columns, empty without a feeder
     * @throws ScenarioRuleException naming the step, the name and the rule
     */
    public Scenario requireColumns(Collection<String> columns) {
        for (Map.Entry<String, Step> e : feederNames.entrySet()) {
            if (!columns.contains(e.getKey())) {
                throw new ScenarioRuleException("step '" + e.getValue().name() + "' of scenario '" + name
                        + "' uses {{" + e.getKey() + "}}, a variable no step sets before it"
                        + (columns.isEmpty() ? " and there is no feeder" : " and no column of the feeder "
                        + columns) + ": extract it in an earlier step or add the column", e.getValue());
            }
        }
        return this;
    }

    /**
     * A copy of this scenario whose sessions follow redirects, as a browser does: a step whose response is a
     * redirect (301, 302, 303, 307 or 308 with a {@code Location}) sends the request it points to, up to
     * {@value #MAX_REDIRECTS} times, and the step's result is the final response's. Its service time runs from the
     * first request to the final response; each request of the chain is sent with the session's cookies for its
     * URI, and the cookies of each response are kept. HttpClient 5's rules decide the request that follows: a
     * POST becomes a GET without body on 301, 302 and 303, 307 and 308 keep method and body. The step fails,
     * naming the chain, on a redirect to another scheme, host or port (a run's connections all go to one server),
     * on a loop, or after {@value #MAX_REDIRECTS} redirects.
     *
     * <p>Without it (the default) a redirect is a step's final response, judged by its checks like any other (a
     * 3xx status is not a failure).
     */
    public Scenario followRedirects() {
        return new Scenario(this, true, tokenProvider);
    }

    /** Whether the sessions follow redirects ({@link #followRedirects()}); {@code false} by default. */
    public boolean followsRedirects() {
        return followRedirects;
    }

    /**
     * A copy of this scenario whose requests carry the {@code Authorization} header of this provider's token,
     * fetched before the run and refreshed in the background before it expires (see {@link TokenProvider}). A
     * step that sets its own {@code Authorization} header keeps it.
     *
     * @throws NullPointerException if {@code provider} is {@code null}
     */
    public Scenario authorization(TokenProvider provider) {
        return new Scenario(this, followRedirects, Objects.requireNonNull(provider, "token provider must not be null"));
    }

    /** The token provider of {@link #authorization(TokenProvider)}, if one was given. */
    public Optional<TokenProvider> tokenProvider() {
        return Optional.ofNullable(tokenProvider);
    }

    /**
     * {@code shop [login, repeat 3 x [catalogue], checkout]}, with {@code , following redirects} and
     * {@code , with a token provider} when set.
     */
    @Override
    public String toString() {
        return name + " " + parts + (followRedirects ? ", following redirects" : "")
                + (tokenProvider == null ? "" : ", with a token provider");
    }

    static List<ScenarioPart> copyParts(String owner, List<? extends ScenarioPart> parts) {
        Objects.requireNonNull(parts, owner + " parts must not be null");
        if (parts.isEmpty()) {
            throw new IllegalArgumentException(owner + " has no step: give at least one");
        }
        for (ScenarioPart part : parts) {
            Objects.requireNonNull(part, owner + " has a null step");
        }
        return List.copyOf(parts);
    }

    private static void flatten(List<ScenarioPart> parts, List<Step> out) {
        for (ScenarioPart part : parts) {
            if (part instanceof Step step) {
                out.add(step);
            } else if (part instanceof Repeat repeat) {
                flatten(repeat.parts(), out);
            }
        }
    }

    private static Map<String, Step> check(String scenario, List<Step> steps) {
        Map<String, Step> byName = new HashMap<>();
        Map<String, Step> extractedBy = new HashMap<>();
        for (Step step : steps) {
            for (Extract extract : step.extracts()) {
                extractedBy.putIfAbsent(extract.variable(), step);
            }
        }
        Set<String> set = new HashSet<>();
        Map<String, Step> feederNames = new LinkedHashMap<>();
        for (Step step : steps) {
            Step same = byName.putIfAbsent(step.name(), step);
            if (same != null) {
                throw new ScenarioRuleException("step name (" + step.name() + ") is given twice in scenario '"
                        + scenario + "': step names key the per-step results", step);
            }
            String condition = step.condition().orElse(null);
            if (condition != null && !set.contains(condition)) {
                throw new ScenarioRuleException("step '" + step.name() + "' of scenario '" + scenario
                        + "' runs only if variable (" + condition + ") is set, but no step before it sets it"
                        + laterSetter(extractedBy, condition, step), step);
            }
            for (String used : step.request().names()) {
                if (set.contains(used)) {
                    continue;
                }
                Step setter = extractedBy.get(used);
                if (setter != null) {
                    throw new ScenarioRuleException("step '" + step.name() + "' of scenario '" + scenario
                            + "' uses variable (" + used + ") before any step sets it" + laterSetter(extractedBy,
                            used, step), step);
                }
                feederNames.putIfAbsent(used, step);
            }
            for (Extract extract : step.extracts()) {
                set.add(extract.variable());
            }
        }
        return Collections.unmodifiableMap(feederNames);
    }

    private static String laterSetter(Map<String, Step> extractedBy, String variable, Step user) {
        Step setter = extractedBy.get(variable);
        if (setter == null) {
            return ": no step extracts it";
        }
        return setter == user ? ": the step itself extracts it, after its request"
                : ": step '" + setter.name() + "' extracts it, later";
    }
}
