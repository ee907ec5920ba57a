package dev.loadtest.internal.scenario;

import dev.loadtest.internal.check.CapturedResponse;
import dev.loadtest.internal.check.CheckPlan;
import dev.loadtest.internal.check.CheckTally;
import dev.loadtest.internal.request.SeededRandom;
import dev.loadtest.request.Request;
import dev.loadtest.request.Row;
import dev.loadtest.scenario.Session;
import dev.loadtest.scenario.Step;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * One virtual user's session, as a state machine the engine drives and that knows nothing of connections or
 * clocks:
 *
 * <pre>{@code
 * ScenarioPlan plan = ScenarioPlan.of(scenario, maxBodyBytes);                     // once per run
 * SessionState session = new SessionState(plan, id, seed, feedRows, cookieJar);
 * for (Step step = session.next(); step != null; step = session.next()) {   // null: completed
 *     Request request = session.request(step, client, sequence, server);    // throws: call failed(step, message)
 *     ... send it; on an error: session.failed(step, reason), and stop
 *     StepOutcome outcome = session.complete(step, request.uri(server), response, tallies.get(step));
 *     ... record the outcome under step.name(); if !outcome.passed(), stop (the session failed there)
 *     ... wait outcome.pause(), then ask next()
 * }
 * }</pre>
 *
 * <p>Variables, the feeder row (taken at the first {@link #row()}), the cookie jar, the seeded generators of
 * its requests and pauses, and its place in the scenario. Not thread-safe: a session runs one step at a time.
 */
public final class SessionState implements Session {

    /** Where a session is in its life. */
    public enum Status { RUNNING, COMPLETED, FAILED }

    private final long id;
    private final ScenarioWalk walk;
    private final Supplier<Row> rows;
    private final CookieJar jar;
    private final SeededRandom requestRandom;
    private final SeededRandom pauseRandom;
    private final ScenarioPlan plan;
    private final Map<String, String> variables = new LinkedHashMap<>();
    private Row row;
    private int client = -1;
    private long sequence = -1;
    private int iteration;
    private Status status = Status.RUNNING;
    private Step failedStep;
    private String failure;

    /**
     * @param id the session's number in the run
     * @param seed the run's seed: the session's generators derive from it and {@code id}
     * @param rows gives the session its feeder row when it first asks; it may throw
     *     {@code IllegalStateException} (no feeder) or {@code FeederExhaustedException}
     * @param jar the session's own cookie jar
     */
    public SessionState(ScenarioPlan plan, long id, long seed, Supplier<Row> rows, CookieJar jar) {
        this.plan = Objects.requireNonNull(plan, "plan must not be null");
        this.id = id;
        this.walk = new ScenarioWalk(plan.scenario());
        this.rows = Objects.requireNonNull(rows, "rows must not be null");
        this.jar = Objects.requireNonNull(jar, "cookie jar must not be null");
        this.requestRandom = SeededRandom.ofSession(seed, id, SeededRandom.SessionStream.REQUESTS);
        this.pauseRandom = SeededRandom.ofSession(seed, id, SeededRandom.SessionStream.PAUSES);
    }

    /**
     * The next step to run: the next in order whose condition holds (the others are skipped: not sent, not
     * counted); null when there is none left, and the session is then {@link Status#COMPLETED}.
     *
     * @throws IllegalStateException if the session has already failed or completed
     */
    public Step next() {
        requireRunning("next");
        for (Step step = walk.next(); step != null; step = walk.next()) {
            if (step.condition().map(variables::containsKey).orElse(true)) {
                iteration = walk.iteration();
                return step;
            }
        }
        status = Status.COMPLETED;
        return null;
    }

    /**
     * Builds the step's request for this session, with the {@code Cookie} header of the jar's cookies for it
     * (unless the request gives one itself).
     *
     * @param client the client (connection) that will send it: {@link #client()}
     * @param sequence its sequence number in the run: {@link #sequence()}
     * @param server the run's server, to which a path is sent (what the cookies are matched against)
     * @throws RuntimeException whatever the step's request throws, or an {@code IllegalStateException} for a
     *     null request: call {@link #failed} with its message
     */
    public Request request(Step step, int client, long sequence, URI server) {
        requireRunning("request");
        this.client = client;
        this.sequence = sequence;
        Request request = step.request().build(this);
        if (request == null) {
            throw new IllegalStateException("the request of step '" + step.name() + "' was null");
        }
        boolean ownCookie = request.headers().stream().anyMatch(h -> h.name().equalsIgnoreCase("Cookie"));
        Optional<String> cookies = ownCookie ? Optional.empty() : jar.cookieHeader(request.uri(server));
        return cookies.map(value -> request.header("Cookie", value)).orElse(request);
    }

    /**
     * Takes a step's response: stores its cookies, judges and counts its checks ({@link CheckPlan#evaluate}),
     * fails the step on a status of 400 or more or a failed check, else runs its extractions, and draws the
     * pause after it.
     *
     * @param uri where the request went (its cookies' origin)
     * @param tally this thread's counts of the step's checks, from {@code plan.checks(step).newTally()}
     * @return what to record, and whether the session goes on
     */
    public StepOutcome complete(Step step, URI uri, CapturedResponse response, CheckTally tally) {
        requireRunning("complete");
        jar.receive(uri, response.headers("Set-Cookie"));
        CheckPlan.Failed check = plan.checks(step).evaluate(response, tally);
        String reason = response.status() >= 400 ? "status " + response.status()
                : check != null ? check.message() : extract(step, response);
        if (reason != null) {
            fail(step, reason);
            return new StepOutcome(step, failure, Duration.ZERO);
        }
        return new StepOutcome(step, null, step.pause().next(pauseRandom));
    }

    /** The step could not be built or sent, or its exchange errored: the session fails there. */
    public StepOutcome failed(Step step, String reason) {
        requireRunning("failed");
        fail(step, reason);
        return new StepOutcome(step, failure, Duration.ZERO);
    }

    /** Where the session is in its life. */
    public Status status() {
        return status;
    }

    /** The step the session failed at, if it did. */
    public Optional<Step> failedStep() {
        return Optional.ofNullable(failedStep);
    }

    /** Why the session failed ({@code step 'checkout': status 500}), if it did. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public Optional<String> variable(String name) {
        return Optional.ofNullable(variables.get(name));
    }

    @Override
    public String get(String name) {
        String value = variables.get(name);
        if (value == null) {
            throw new IllegalStateException("variable (" + name + ") is not set in session " + id
                    + ": the variables set are " + variables.keySet());
        }
        return value;
    }

    @Override
    public Optional<String> cookie(String name) {
        return jar.value(name);
    }

    @Override
    public int iteration() {
        return iteration;
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
        return requestRandom;
    }

    @Override
    public Row row() {
        if (row == null) {
            row = Objects.requireNonNull(rows.get(), "the feeder gave no row");
        }
        return row;
    }

    /** {@code session 7 (RUNNING) {token=[redacted], item=42}}: values as a feeder row shows them. */
    @Override
    public String toString() {
        String shown = variables.isEmpty() ? "{}"
                : Row.of(List.copyOf(variables.keySet()), List.copyOf(variables.values())).toString();
        return "session " + id + " (" + status + ") " + shown;
    }

    /** Null when every extraction found its value (or may find none), else the first reason. */
    private String extract(Step step, CapturedResponse response) {
        for (ExtractionRule rule : plan.rules(step)) {
            ExtractionRule.Found found = rule.extract().needsBody() && response.bodyTooLarge()
                    ? new ExtractionRule.Found(null, "the body was larger than the " + plan.maxBodyBytes()
                            + " bytes kept for checks and extractions")
                    : rule.apply(response, jar);
            if (found.value() != null) {
                variables.put(rule.extract().variable(), found.value());
            } else if (!rule.extract().isOptional()) {
                return "extraction " + rule.extract() + " failed: " + found.missing();
            }
        }
        return null;
    }

    private void fail(Step step, String reason) {
        status = Status.FAILED;
        failedStep = step;
        failure = "step '" + step.name() + "': " + reason;
    }

    private void requireRunning(String call) {
        if (status != Status.RUNNING) {
            throw new IllegalStateException(call + "() on session " + id + " that is " + status
                    + (failure == null ? "" : " (" + failure + ")"));
        }
    }
}
