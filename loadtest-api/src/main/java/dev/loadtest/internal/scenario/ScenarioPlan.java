package dev.loadtest.internal.scenario;

import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scenario made ready for a run, once: each step's extractions compiled ({@link ExtractionRule}). Shared by
 * all the run's sessions; immutable and thread-safe.
 */
public final class ScenarioPlan {

    private final Scenario scenario;
    private final Map<Step, List<ExtractionRule>> rules;

    private ScenarioPlan(Scenario scenario, Map<Step, List<ExtractionRule>> rules) {
        this.scenario = scenario;
        this.rules = rules;
    }

    /** The plan of a scenario. */
    public static ScenarioPlan of(Scenario scenario) {
        Objects.requireNonNull(scenario, "scenario must not be null");
        Map<Step, List<ExtractionRule>> rules = new IdentityHashMap<>();
        for (Step step : scenario.steps()) {
            rules.put(step, step.extracts().stream().map(ExtractionRule::new).toList());
        }
        return new ScenarioPlan(scenario, rules);
    }

    /** The scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** The step's compiled extractions, in order. */
    List<ExtractionRule> rules(Step step) {
        List<ExtractionRule> stepRules = rules.get(step);
        if (stepRules == null) {
            throw new IllegalArgumentException("step '" + step.name() + "' is not a step of scenario '"
                    + scenario.name() + "'");
        }
        return stepRules;
    }
}
