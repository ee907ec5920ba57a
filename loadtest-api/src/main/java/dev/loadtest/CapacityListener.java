package dev.loadtest;

/**
 * Hears a {@link Capacity capacity search} step by step, e.g. to print progress or stream the steps to a
 * dashboard. For the figures within a step, add a {@link LoadTestListener} to the template: every step runs
 * with the template's listeners.
 *
 * <pre>{@code
 * Capacity.of(template, objective)
 *         .listener(new CapacityListener() {
 *             public void onStep(CapacityStep step, CapacityAnswer soFar) {
 *                 System.out.println(step.rate() + " req/s " + step.outcome().label());
 *             }
 *         })
 *         .build().run();
 * }</pre>
 *
 * <p>Contract: methods are called one at a time, in order, on the search's own thread, between steps (never
 * during one, so a slow listener delays the next step but never disturbs a measurement). A listener that
 * throws is logged once and then ignored for the rest of the search; it never fails the search.
 */
public interface CapacityListener {

    /** Does nothing: the default. */
    CapacityListener NONE = new CapacityListener() {
    };

    /** A step is about to start. */
    default void onStepStart(int number, CapacityStep.Phase phase, double rate) {
    }

    /** A step has ended and been judged; {@code soFar} is the answer if the search ended now. */
    default void onStep(CapacityStep step, CapacityAnswer soFar) {
    }
}
