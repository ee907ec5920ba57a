package dev.loadtest.internal.scenario;

import dev.loadtest.scenario.Step;
import java.time.Duration;
import java.util.List;

/**
 * What a step's response did to its session, for the engine to record under the step's name and to schedule
 * the next step: the checks that failed (the others passed), and either the pause before the next step or the
 * reason the session failed here.
 *
 * @param step the step
 * @param failedChecks the step's checks that failed, each with its reason, in the step's order
 * @param failure why the step failed (the first reason: status, checks, then extractions), or null if it passed
 * @param pause the pause to wait before asking {@link SessionState#next()}; zero when the step failed
 */
public record StepOutcome(Step step, List<CheckFailure> failedChecks, String failure, Duration pause) {

    /** A check of the step that the response failed. */
    public record CheckFailure(String check, String reason) {
    }

    public StepOutcome {
        failedChecks = List.copyOf(failedChecks);
    }

    /** Whether the step passed: the session goes on after the pause. */
    public boolean passed() {
        return failure == null;
    }
}
