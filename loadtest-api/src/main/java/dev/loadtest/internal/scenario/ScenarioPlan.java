package dev.loadtest.internal.scenario;

import dev.loadtest.spi.CheckPlan;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.check.Check;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scenario made ready for a run, once: each step's checks as a {@link CheckPlan} (the run's check machinery,
 * so a step's checks are judged, counted and sampled as a run's are) and its extractions compiled
 * ({@link ExtractionRule}). Shared by all the run's sessions; immutable and thread-safe.
 */
public final class ScenarioPlan {

    private final Scenario scenario;
    private final int maxBodyBytes;
    private final Map<Step, CheckPlan> checks;
    private final Map<Step, List<ExtractionRule>> rules;

    private ScenarioPlan(Scenario scenario, int maxBodyBytes, Map<Step, CheckPlan> checks,
            Map<Step, List<ExtractionRule>> rules) {
        this.scenario = scenario;
        this.maxBodyBytes = maxBodyBytes;
        this.checks = checks;
        this.rules = rules;
    }

    /**
     * The plan of a scenario.
     *
     * @param maxBodyBytes the most of a body kept for the checks and extractions that read it: the run's bound
     * @throws IllegalArgumentException if the bound is out of {@link CheckPlan}'s range
     */
    public static ScenarioPlan of(Scenario scenario, int maxBodyBytes) {
        return of(scenario, List.of(), maxBodyBytes);
    }

    /**
     * The plan of a scenario whose run has checks of its own: they judge every step, before the step's own.
     *
     * @throws IllegalArgumentException if a run check and a step's check share a name, or the bound is out of range
     */
    public static ScenarioPlan of(Scenario scenario, List<Check> runChecks, int maxBodyBytes) {
        Objects.requireNonNull(scenario, "scenario must not be null");
        Map<Step, CheckPlan> checks = new IdentityHashMap<>();
        Map<Step, List<ExtractionRule>> rules = new IdentityHashMap<>();
        for (Step step : scenario.steps()) {
            checks.put(step, checks(step, runChecks, maxBodyBytes));
            rules.put(step, step.extracts().stream().map(ExtractionRule::new).toList());
        }
        return new ScenarioPlan(scenario, maxBodyBytes, checks, rules);
    }

    /**
     * A step's checks as they judge it: the run's checks first, then the step's own.
     *
     * @throws IllegalArgumentException if a run check and a step's check share a name, or the bound is out of range
     */
    public static CheckPlan checks(Step step, List<Check> runChecks, int maxBodyBytes) {
        List<Check> all = new ArrayList<>(runChecks);
        all.addAll(step.checks());
        return new CheckPlan(all, maxBodyBytes);
    }

    /** The scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** The most of a body kept for a step's checks and extractions. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /**
     * A step's checks: whether to keep its bodies ({@link CheckPlan#needsBody()}, or an extraction reads them:
     * {@link Step#needsBody()}), and a tally per thread and step ({@link CheckPlan#newTally()}) for its counts.
     */
    public CheckPlan checks(Step step) {
        return known(checks.get(step), step);
    }

    /** The step's compiled extractions, in order. */
    List<ExtractionRule> rules(Step step) {
        return known(rules.get(step), step);
    }

    private <T> T known(T value, Step step) {
        if (value == null) {
            throw new IllegalArgumentException("step '" + step.name() + "' is not a step of scenario '"
                    + scenario.name() + "'");
        }
        return value;
    }
}
