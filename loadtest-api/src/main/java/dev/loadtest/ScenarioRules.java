package dev.loadtest;

import dev.loadtest.check.Check;
import dev.loadtest.internal.scenario.ScenarioPlan;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.ScenarioRuleException;
import dev.loadtest.scenario.Step;
import java.util.List;

/**
 * The rules that combine a {@link LoadTest.Builder#scenario scenario} with the other settings, checked by
 * {@link LoadTest.Builder#build()} after {@link SettingsRules}: which load model (users or arrivals), how the run
 * ends (duration or iterations), and the settings a scenario's steps replace. {@link IllegalStateException}s
 * naming the settings and the rule.
 */
final class ScenarioRules {

    private ScenarioRules() {
    }

    /** @param pathGiven whether {@code path(...)} was called on the builder (the settings keep only the targets) */
    static void check(Settings s, boolean pathGiven) {
        Scenario scenario = s.scenario();
        if (scenario == null) {
            String orphan = s.users() > 0 ? "users (" + s.users() + ")"
                    : s.iterations() > 0 ? "iterations (" + s.iterations() + ")"
                    : s.connectionPerUser() ? "connectionPerUser" : null;
            if (orphan != null) {
                throw new IllegalStateException(orphan + " needs a scenario: give scenario(Scenario.of(...))");
            }
            return;
        }
        String excluded = s.requestSource() != null ? "request source"
                : s.method() != null ? "method (" + s.method() + ")"
                : s.body() != null ? "body (" + s.body().length + " bytes)"
                : pathGiven ? "path (" + s.targets().get(0).getRawPath() + ")" : null;
        if (excluded != null) {
            throw new IllegalStateException("scenario (" + scenario.name() + ") and " + excluded + " cannot both be"
                    + " set: the scenario's steps give each request's method, path and body");
        }
        checkLoadModel(s);
        checkConnections(s);
        checkChecks(scenario, s.checks(), s.maxCheckedBodyBytes());
        try {
            scenario.requireColumns(s.feeder() == null ? List.of() : s.feeder().columns());
        } catch (ScenarioRuleException e) {
            throw new IllegalStateException(e.getMessage(), e);   // the scenario against the feeder: a combination
        }
        if (s.shardCount() > 1 && s.seed() == null) {
            throw new IllegalStateException("a sharded run (shard " + s.shardIndex() + " of " + s.shardCount()
                    + ") of a scenario needs a seed: give every shard the same seed(long), so that their sessions"
                    + " are one run's and can be replayed");
        }
    }

    /** Users (closed) or arrivals (open), and what ends the run. */
    private static void checkLoadModel(Settings s) {
        boolean open = s.isRateDriven();
        checkUserStages(s);
        if (open && s.users() > 0) {
            throw new IllegalStateException("users (" + s.users() + ") and arrivals cannot both be set: a scenario"
                    + " run is closed (users) or open (arrivals)");
        }
        if (!open && s.users() == 0) {
            throw new IllegalStateException("scenario (" + s.scenario().name() + ") needs users(n) (closed model) or"
                    + " arrivals(perSecond) (open model)");
        }
        if (s.requests() > 0) {
            throw new IllegalStateException("requests (" + s.requests() + ") cannot be set with a scenario: a"
                    + " scenario run ends after its duration or, with users, its iterations per user");
        }
        if (s.iterations() > 0 && open) {
            throw new IllegalStateException("iterations (" + s.iterations() + ") needs users(n): arrivals run"
                    + " for a duration");
        }
        if (s.iterations() > 0 && s.duration() != null) {
            throw new IllegalStateException("iterations (" + s.iterations() + ") and duration ("
                    + DurationFormat.setting(s.duration()) + ") cannot both be set: a scenario run is counted or"
                    + " timed");
        }
        if (s.iterations() > 0 && !s.warmUp().isZero()) {
            throw new IllegalStateException("warmUp (" + DurationFormat.setting(s.warmUp()) + ") needs duration: a"
                    + " run counted in iterations has no warm-up");
        }
        if (s.iterations() == 0 && s.duration() == null && !s.timedByStages()) {
            throw new IllegalStateException("neither iterations nor duration is set: a scenario run needs one of"
                    + " them");
        }
        if (s.shardCount() > 1 && s.users() > 0 && s.users() < s.shardCount()) {
            throw new IllegalStateException("users (" + s.users() + ") must be >= shard count (" + s.shardCount()
                    + "): each shard needs at least one user");
        }
    }

    /**
     * Concurrency stages in a scenario run are users in flight (k6's ramping VUs): they need the users to draw on,
     * none above them, and they time the run, so no iterations.
     */
    private static void checkUserStages(Settings s) {
        if (!s.timedByStages() || !s.stages().get(0).isConcurrency()) {
            return;
        }
        if (s.users() == 0) {
            throw new IllegalStateException("concurrency stages in a scenario run are users in flight: give users(n),"
                    + " the most users any stage has");
        }
        for (Stage stage : s.stages()) {
            if (stage.concurrency() > s.users()) {
                throw new IllegalStateException("stage concurrency (" + stage.concurrency() + ") must be <= users ("
                        + s.users() + "): a stage's users in flight are drawn from the run's users");
            }
        }
        if (s.iterations() > 0) {
            throw new IllegalStateException("iterations (" + s.iterations() + ") and concurrency stages cannot both"
                    + " be set: the stages set how long the run lasts");
        }
    }

    private static void checkConnections(Settings s) {
        if (!s.connectionPerUser()) {
            return;
        }
        // the open model's sessions each open their own connection at their arrival (the engine's affair)
        if (s.clients() > 0 || s.streams() > 1) {
            throw new IllegalStateException((s.clients() > 0 ? "clients (" + s.clients() + ")"
                    : "streams (" + s.streams() + ")") + " cannot be set with connectionPerUser: each user (or, with"
                    + " arrivals, each session) has one connection with one request in flight");
        }
    }

    /** The run's checks judge every step before the step's own: their names must stay distinct in each step. */
    private static void checkChecks(Scenario scenario, List<Check> runChecks, int maxBodyBytes) {
        if (runChecks.isEmpty()) {
            return;
        }
        for (Step step : scenario.steps()) {
            try {
                ScenarioPlan.checks(step, runChecks, maxBodyBytes);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("step '" + step.name() + "' of scenario '" + scenario.name()
                        + "': its checks and the run's must have distinct names (" + e.getMessage() + ")", e);
            }
        }
    }
}
