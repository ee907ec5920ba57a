package dev.loadtest;

import java.time.Duration;

/**
 * Where a run is, for a progress bar or a GUI.
 *
 * @param fractionDone from 0 to 1: requests done of those planned, or time elapsed of the duration
 * @param elapsed time since the run started (warm-up included)
 * @param done requests finished in the measured phase
 * @param errors requests errored in the measured phase
 * @param currentRate responses per second over the last interval
 */
public record Progress(double fractionDone, Duration elapsed, long done, long errors, double currentRate) {

    /** The figures with the elapsed time as people write it: {@code Progress[fractionDone=0.5, elapsed=1.5s, ...]}. */
    @Override
    public String toString() {
        return "Progress[fractionDone=" + fractionDone + ", elapsed=" + DurationFormat.format(elapsed) + ", done="
                + done + ", errors=" + errors + ", currentRate=" + currentRate + "]";
    }
}
