package dev.loadtest.scenario;

import java.util.Optional;

/**
 * A scenario that breaks one of {@link Scenario}'s rules, with the step that breaks it, so that a tool reading
 * scenarios from its own files can say where that step is written (the command's scenario file says its line).
 *
 * <pre>{@code
 * try {
 *     Scenario.of("shop", checkout, login);
 * } catch (ScenarioRuleException e) {
 *     e.step();   // Optional[checkout]: it uses {{token}}, which only the later login extracts
 * }
 * }</pre>
 */
public final class ScenarioRuleException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** Not serialized: a step holds functions. */
    private final transient Step step;

    ScenarioRuleException(String message, Step step) {
        super(message);
        this.step = step;
    }

    /** The step that breaks the rule (for a name given twice, its second use); empty after deserialization. */
    public Optional<Step> step() {
        return Optional.ofNullable(step);
    }
}
