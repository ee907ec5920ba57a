package dev.loadtest.internal.engine.schedule;

import dev.loadtest.LoadTest;
import dev.loadtest.Stage;
import java.util.ArrayList;
import java.util.List;

/**
 * When each request of a rate-driven run falls due: piecewise-linear rates (held or ramped stages),
 * request k due when the area under the rate reaches k, as wrk2's and k6's schedules do.
 *
 * <p>A warm-up runs at the first stage's starting rate. A counted run ({@code rate(r).requests(n)})
 * has one open-ended segment; the scheduler stops after n.
 */
public final class RateSchedule {

    private final double[] fromRate;
    private final double[] toRate;
    private final double[] seconds;
    /** Requests due before each segment starts. */
    private final double[] before;
    private final long[] startNanos;

    private RateSchedule(List<double[]> segments) {
        int n = segments.size();
        fromRate = new double[n];
        toRate = new double[n];
        seconds = new double[n];
        before = new double[n + 1];
        startNanos = new long[n + 1];
        for (int i = 0; i < n; i++) {
            double[] s = segments.get(i);
            fromRate[i] = s[0];
            toRate[i] = s[1];
            seconds[i] = s[2];
            before[i + 1] = before[i] + (s[0] + s[1]) / 2 * s[2];
            startNanos[i + 1] = startNanos[i] + Math.round(s[2] * 1e9);
        }
    }

    public static RateSchedule of(LoadTest test) {
        List<double[]> segments = new ArrayList<>();
        if (test.stages().isEmpty()) {
            double rate = test.rate().orElseThrow();
            segments.add(new double[] {rate, rate, Double.POSITIVE_INFINITY});
            return new RateSchedule(segments);
        }
        if (!test.warmUp().isZero()) {
            double warm = test.stages().get(0).fromRate();
            segments.add(new double[] {warm, warm, test.warmUp().toNanos() / 1e9});
        }
        for (Stage stage : test.stages()) {
            segments.add(new double[] {stage.fromRate(), stage.toRate(), stage.duration().toNanos() / 1e9});
        }
        return new RateSchedule(segments);
    }

    /** Nanoseconds from the schedule's start at which request k (from 0) is due; -1 past the schedule's end. */
    long dueOffsetNanos(long k) {
        for (int i = 0; i < seconds.length; i++) {
            if (k < before[i + 1] || Double.isInfinite(seconds[i])) {
                double x = k - before[i];
                double r0 = fromRate[i];
                double a = (toRate[i] - r0) / (2 * seconds[i]);
                double t;
                if (Math.abs(a) < 1e-12 || Double.isInfinite(seconds[i])) {
                    t = r0 > 0 ? x / r0 : 0;
                } else {
                    // r0 t + a t^2 = x
                    t = (-r0 + Math.sqrt(Math.max(0, r0 * r0 + 4 * a * x))) / (2 * a);
                }
                long offset = startNanos[i] + Math.round(t * 1e9);
                return Double.isInfinite(seconds[i]) ? offset : Math.min(offset, startNanos[i + 1]);
            }
        }
        return -1;
    }
}
