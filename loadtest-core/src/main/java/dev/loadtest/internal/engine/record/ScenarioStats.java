package dev.loadtest.internal.engine.record;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Sessions;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one thread recorded of a scenario run: each step's figures ({@link StepStats}, by the step's index in the
 * scenario's steps) and the sessions that started, completed and failed, with their durations. Single writer, read
 * once after the writers ended.
 */
public final class ScenarioStats {

    final StepStats[] steps;
    long started;
    long completed;
    long failed;
    /** Open model: arrivals not started, the sessions in flight at their bound (counted in started and failed too). */
    long notStarted;
    final long[] failedAt;
    final List<List<String>> reasons;
    final Histogram duration = LatencyHistogram.newHistogram();

    ScenarioStats(int stepCount) {
        steps = new StepStats[stepCount];
        for (int i = 0; i < stepCount; i++) {
            steps[i] = new StepStats();
        }
        failedAt = new long[stepCount];
        reasons = new ArrayList<>(stepCount);
        for (int i = 0; i < stepCount; i++) {
            reasons.add(new ArrayList<>(0));
        }
    }

    /** The step's figures, by its index in the scenario's steps. */
    public StepStats step(int index) {
        return steps[index];
    }

    /** A session of the measured phase began. */
    public void sessionStarted() {
        started++;
    }

    /** A measured session ran every step; {@code nanos} from its first send to its last step's end. */
    public void sessionCompleted(long nanos) {
        completed++;
        duration.recordValue(RequestCounts.clamp(nanos));
    }

    /** Open model: a measured arrival found the sessions in flight at their bound: failed at the first step. */
    public void sessionNotStarted(String reason) {
        notStarted++;
        sessionStarted();
        sessionFailed(0, reason);
    }

    /** A measured session failed at step {@code index}, for this reason. */
    public void sessionFailed(int index, String reason) {
        failed++;
        failedAt[index]++;
        keepReason(reasons.get(index), reason);
    }

    /**
     * Adds {@code reason} to a step's {@code kept} reasons unless it is there or they are full: a thread's and the
     * merged results' keep the same bound, {@link Sessions#MAX_REASONS_PER_STEP}.
     */
    static void keepReason(List<String> kept, String reason) {
        if (kept.size() < Sessions.MAX_REASONS_PER_STEP && !kept.contains(reason)) {
            kept.add(reason);
        }
    }
}
