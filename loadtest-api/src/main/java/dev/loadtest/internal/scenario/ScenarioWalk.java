package dev.loadtest.internal.scenario;

import dev.loadtest.scenario.Repeat;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.ScenarioPart;
import dev.loadtest.scenario.Step;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A session's place in its scenario: the steps in order, each repeat's parts run its number of times. Knows
 * nothing of conditions or outcomes ({@link SessionState} does): only the order. Not thread-safe.
 */
final class ScenarioWalk {

    /** A list of parts being walked: the scenario's, or a repeat's with the pass it is in. */
    private static final class Frame {
        final List<ScenarioPart> parts;
        final int times;
        int index;
        int pass;

        Frame(List<ScenarioPart> parts, int times) {
            this.parts = parts;
            this.times = times;
        }
    }

    private final Deque<Frame> frames = new ArrayDeque<>();
    private final Frame root;

    ScenarioWalk(Scenario scenario) {
        root = new Frame(scenario.parts(), 1);
        frames.push(root);
    }

    /** The next step in order, or null when the scenario is over. */
    Step next() {
        while (!frames.isEmpty()) {
            Frame frame = frames.peek();
            if (frame.index == frame.parts.size()) {
                frame.pass++;
                if (frame.pass < frame.times) {
                    frame.index = 0;
                } else {
                    frames.pop();
                }
                continue;
            }
            ScenarioPart part = frame.parts.get(frame.index++);
            if (part instanceof Step step) {
                return step;
            }
            Repeat repeat = (Repeat) part;
            frames.push(new Frame(repeat.parts(), repeat.times()));
        }
        return null;
    }

    /** The pass of the innermost repeat the last step returned is in, from 0; 0 outside any repeat. */
    int iteration() {
        Frame frame = frames.peek();
        return frame == null || frame == root ? 0 : frame.pass;
    }
}
