package dev.loadtest.scenario;

import java.util.List;

/**
 * Parts of a scenario run several times in a row: {@code Scenario.repeat(3, browse, addToBasket)} runs
 * browse, add, browse, add, browse, add. {@link Session#iteration()} says which pass a step is in. Made by
 * {@link Scenario#repeat}; immutable.
 *
 * @param times how many passes, at least 1
 * @param parts the steps and repeats of one pass, not empty
 */
public record Repeat(int times, List<ScenarioPart> parts) implements ScenarioPart {

    /** The most passes: a repeat is a flow's loop (a few items in a basket), not the run's length. */
    public static final int MAX_TIMES = 1_000_000;

    /**
     * @throws IllegalArgumentException if {@code times} is not within [1, {@value #MAX_TIMES}] or there are no parts
     */
    public Repeat {
        if (times < 1 || times > MAX_TIMES) {
            throw new IllegalArgumentException("repeat times (" + times + ") must be within [1, " + MAX_TIMES
                    + "]: the run's duration or iterations bound the whole scenario");
        }
        parts = Scenario.copyParts("repeat", parts);
    }

    /** {@code repeat 3 x [browse, add]}. */
    @Override
    public String toString() {
        return "repeat " + times + " x " + parts;
    }
}
