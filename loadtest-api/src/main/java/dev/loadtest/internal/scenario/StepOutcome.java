package dev.loadtest.internal.scenario;

import dev.loadtest.scenario.Step;
import java.time.Duration;

/**
 * What a step's response did to its session, for the engine to record under the step's name and to schedule
 * the next step: either the pause before the next step or the reason the session failed here. (The step's checks
 * are counted in the tally the engine gave {@link SessionState#complete}.)
 *
 * @param step the step
 * @param failure why the step failed (the first reason: status, checks, then extractions), or null if it passed
 * @param pause the pause to wait before asking {@link SessionState#next()}; zero when the step failed
 */
public record StepOutcome(Step step, String failure, Duration pause) {

    /** Whether the step passed: the session goes on after the pause. */
    public boolean passed() {
        return failure == null;
    }
}
