package dev.loadtest.internal.engine.record;

import dev.loadtest.Requests;

/** For tests of the scenario engine: what a thread recorded of one step, read as its result's requests. */
public final class RecordedSteps {

    private RecordedSteps() {
    }

    /** Step {@code index} of a scenario of {@code steps} steps, as {@code stats} recorded it. */
    public static Requests requests(WorkerStats stats, int steps, int index) {
        return stats.scenario(steps).step(index).requestsSentOrNot();
    }
}
