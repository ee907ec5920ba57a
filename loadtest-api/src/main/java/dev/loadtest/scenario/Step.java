package dev.loadtest.scenario;

import dev.loadtest.check.Check;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One request of a {@link Scenario}: its name (which keys its figures in the result), the request built from
 * the {@link Session}, the checks of its response, the extractions of values for the next steps, the pause after
 * it, and an optional condition.
 *
 * <pre>{@code
 * Step login = Step.of("login", session -> Request.post("/login")
 *                 .body("user=" + session.row().get("user") + "&password=secret",
 *                         "application/x-www-form-urlencoded"))
 *         .checks(Check.status(200))
 *         .extract(Extract.jsonPath("$.token").into("token"))
 *         .pause(Pause.uniform(Duration.ofSeconds(1), Duration.ofSeconds(3)));
 * Step coupon = Step.of("coupon", session -> Request.post("/basket/coupon/" + session.get("coupon")))
 *         .onlyIf("coupon");   // runs only in sessions where an earlier step extracted a coupon
 * }</pre>
 *
 * <p>A step fails when its request cannot be built or sent, when the response's status is 400 or more, when a
 * check fails, or when a required extraction finds nothing: the session ends there and is counted as failed at
 * that step. Immutable: each method returns a new step.
 */
public final class Step implements ScenarioPart {

    /** The longest name: names head the rows of the per-step report. */
    static final int MAX_NAME_LENGTH = 100;

    private final String name;
    private final StepRequest request;
    private final List<Check> checks;
    private final List<Extract> extracts;
    private final Pause pause;
    private final String condition;

    private Step(String name, StepRequest request, List<Check> checks, List<Extract> extracts, Pause pause,
            String condition) {
        this.name = name;
        this.request = request;
        this.checks = checks;
        this.extracts = extracts;
        this.pause = pause;
        this.condition = condition;
    }

    /**
     * A step that sends this request, with no check, extraction, pause or condition.
     *
     * @param name unique in its scenario: not blank, one line, at most 100 characters
     * @param request builds the request from the session: a lambda or {@link StepRequest#template}
     * @throws IllegalArgumentException naming the rule the name breaks
     * @throws NullPointerException if there is no request: a step sends one
     */
    public static Step of(String name, StepRequest request) {
        String valid = validName("step name", name);
        Objects.requireNonNull(request, "step '" + valid + "' has no request: a step sends one request");
        return new Step(valid, request, List.of(), List.of(), Pause.none(), null);
    }

    /**
     * This step with these checks added; a response that fails one fails the step. Two checks of a step may
     * not share a name ({@link Check#named}).
     *
     * @throws IllegalArgumentException naming the check given twice
     */
    public Step checks(Check... more) {
        List<Check> all = new ArrayList<>(checks);
        for (Check check : more) {
            Objects.requireNonNull(check, "check of step '" + name + "' must not be null");
            if (all.stream().anyMatch(c -> c.name().equals(check.name()))) {
                throw new IllegalArgumentException("check (" + check.name() + ") is given twice in step '" + name
                        + "': a step's checks have distinct names (rename one with named(...))");
            }
            all.add(check);
        }
        return new Step(name, request, List.copyOf(all), extracts, pause, condition);
    }

    /**
     * This step with these extractions added, run in order after the checks pass.
     *
     * @throws IllegalArgumentException if two extractions of the step set the same variable
     */
    public Step extract(Extract... more) {
        List<Extract> all = new ArrayList<>(extracts);
        for (Extract extract : more) {
            Objects.requireNonNull(extract, "extraction of step '" + name + "' must not be null");
            if (all.stream().anyMatch(e -> e.variable().equals(extract.variable()))) {
                throw new IllegalArgumentException("variable (" + extract.variable() + ") is extracted twice in step '"
                        + name + "': one extraction per variable");
            }
            all.add(extract);
        }
        return new Step(name, request, checks, List.copyOf(all), pause, condition);
    }

    /** This step with a pause after it (replacing any given before): the think time before the next step. */
    public Step pause(Pause pause) {
        return new Step(name, request, checks, extracts, Objects.requireNonNull(pause, "pause must not be null"),
                condition);
    }

    /**
     * This step run only in sessions where the variable is set; skipped (not sent, not counted, no pause)
     * where it is not. {@link Scenario} checks that an earlier step extracts it.
     *
     * @throws IllegalArgumentException if the name is not a variable's
     */
    public Step onlyIf(String variable) {
        return new Step(name, request, checks, extracts, pause, Extract.validVariable(variable));
    }

    /** The step's name. */
    public String name() {
        return name;
    }

    /** How its request is built. */
    public StepRequest request() {
        return request;
    }

    /** Its checks, in order; unmodifiable. */
    public List<Check> checks() {
        return checks;
    }

    /** Its extractions, in order; unmodifiable. */
    public List<Extract> extracts() {
        return extracts;
    }

    /** The pause after it; {@link Pause#none()} unless set. */
    public Pause pause() {
        return pause;
    }

    /** The variable that must be set for it to run, if any. */
    public Optional<String> condition() {
        return Optional.ofNullable(condition);
    }

    /** Whether a check or an extraction reads the body, so that the engine keeps it. */
    public boolean needsBody() {
        return checks.stream().anyMatch(Check::needsBody) || extracts.stream().anyMatch(Extract::needsBody);
    }

    /** {@code login}: the name, as the reports show it. */
    @Override
    public String toString() {
        return name;
    }

    /** The rule of a step's and a scenario's name: they head the rows and titles of reports. */
    static String validName(String what, String name) {
        Objects.requireNonNull(name, what + " must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException(what + " ('" + name + "') must not be blank");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException(what + " (" + name.substring(0, 40) + "..., " + name.length()
                    + " characters) must be at most " + MAX_NAME_LENGTH + " characters");
        }
        if (name.chars().anyMatch(c -> c < 32 || c == 127)) {
            throw new IllegalArgumentException(what + " (" + name.replace("\r", "\\r").replace("\n", "\\n")
                    .replace("\t", "\\t")
                    + ") must be one line of printable characters");
        }
        return name;
    }
}
