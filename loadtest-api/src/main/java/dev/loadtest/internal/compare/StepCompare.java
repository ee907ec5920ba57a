package dev.loadtest.internal.compare;

import dev.loadtest.Figure;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StepComparison;
import dev.loadtest.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Each step's figures on both sides of a comparison, steps matched by name: the baseline's steps in their order,
 * then those only the candidate ran. Point values from the steps' whole histograms and counts, a side's runs
 * pooled; the run's intervals, which the bootstrap resamples, are not kept per step, so there is no interval here.
 */
public final class StepCompare {

    private StepCompare() {
    }

    public static List<StepComparison> steps(List<Result> baselines, List<Result> candidates) {
        Set<String> names = new LinkedHashSet<>();
        baselines.forEach(r -> r.steps().forEach(s -> names.add(s.name())));
        candidates.forEach(r -> r.steps().forEach(s -> names.add(s.name())));
        List<StepComparison> out = new ArrayList<>();
        for (String name : names) {
            Pooled b = Pooled.of(baselines, name);
            Pooled c = Pooled.of(candidates, name);
            List<StepComparison.Change> changes = new ArrayList<>();
            for (Figure f : Figure.values()) {
                double bv = b.value(f);
                double cv = c.value(f);
                changes.add(new StepComparison.Change(f, bv, cv,
                        Double.isNaN(bv) || Double.isNaN(cv) ? Double.NaN : Bootstrap.change(f, bv, cv)));
            }
            out.add(new StepComparison(name, b.present, c.present, changes));
        }
        return out;
    }

    /** A step's figures over the runs of one side: histograms and counts added up, over the runs' whole time. */
    private record Pooled(boolean present, LatencyHistogram responseTime, long responded, long failed, long ended,
                          long nanos) {

        static Pooled of(List<Result> runs, String name) {
            boolean present = false;
            LatencyHistogram h = LatencyHistogram.EMPTY;
            long responded = 0;
            long failed = 0;
            long ended = 0;
            long nanos = 0;
            for (Result r : runs) {
                nanos += r.duration().toNanos();   // a run without the step ran it at no rate
                for (StepResult s : r.steps()) {
                    if (s.name().equals(name)) {
                        present = true;
                        h = h.plus(s.responseTime());
                        Requests q = s.requests();
                        responded += q.responded();
                        failed += q.failed();
                        ended += q.ended();
                    }
                }
            }
            return new Pooled(present, h, responded, failed, ended, nanos);
        }

        /** In {@link dev.loadtest.FigureChange}'s units: nanoseconds, responses per second, a fraction. */
        double value(Figure f) {
            if (!present) {
                return Double.NaN;
            }
            return switch (f) {
                case THROUGHPUT -> nanos == 0 ? Double.NaN : responded / (nanos / 1e9);
                case ERROR_RATE -> Requests.errorRate(failed, ended);
                case MEAN -> responseTime.isEmpty() ? Double.NaN : responseTime.toHistogram().getMean();
                default -> responseTime.isEmpty() ? Double.NaN : responseTime.percentile(f.percentile()).toNanos();
            };
        }
    }
}
