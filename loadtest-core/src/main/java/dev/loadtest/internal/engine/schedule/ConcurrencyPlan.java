package dev.loadtest.internal.engine.schedule;

import dev.loadtest.LoadTest;
import dev.loadtest.Stage;
import dev.loadtest.spi.Shares;
import java.util.List;

/**
 * Concurrency stages (the closed model by stages, like k6's ramping VUs held per stage): which stage
 * is current, and each client's share of its requests in flight. The warm-up uses the first stage. In a scenario
 * run the one {@link Limited} is the run's sessions, and a stage's count is its users in flight.
 */
public final class ConcurrencyPlan {

    private final List<Stage> stages;
    private int current = -1;

    private ConcurrencyPlan(List<Stage> stages) {
        this.stages = stages;
    }

    /** The plan of a run with concurrency stages, or null. */
    public static ConcurrencyPlan of(LoadTest test) {
        if (test.stages().isEmpty() || !test.stages().get(0).isConcurrency()) {
            return null;
        }
        return new ConcurrencyPlan(test.stages());
    }

    /** A client whose requests in flight a stage limits. */
    public interface Limited {
        /** Keep at most this many requests (a scenario run: sessions) in flight; lowered, those in flight finish. */
        void limit(int requestsInFlight);
    }

    /** Sets each limited's equal share of the stage's count when the stage changes; on the timer thread. */
    public void apply(List<? extends Limited> all, long now, Phase phase) {
        int stage = stageAt(now - phase.measureStartNanos());
        if (stage == current) {
            return;
        }
        current = stage;
        int total = stages.get(stage).concurrency();
        for (int i = 0; i < all.size(); i++) {
            all.get(i).limit(Shares.share(total, all.size(), i));
        }
    }

    private int stageAt(long sinceMeasureStart) {
        long end = 0;
        for (int i = 0; i < stages.size(); i++) {
            end += stages.get(i).duration().toNanos();
            if (sinceMeasureStart < end) {
                return i;
            }
        }
        return stages.size() - 1;
    }
}
