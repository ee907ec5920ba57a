package dev.loadtest.internal.compare;

import dev.loadtest.Interval;
import dev.loadtest.Result;
import java.util.List;

/** One run's timeline, as the resampling needs it: per interval, counts and latencies over the grid. */
final class Series {

    final int n;
    final long[] responses;
    final long[] lengthNanos;
    final long[] done;
    final long[] failed;
    final Grid.Sparse[] latency;   // null entries when the interval has no histogram
    final boolean hasHistograms;
    final long latencyCount;
    /** The bootstrap's block length for this run, from how its intervals' figures move together. */
    final int blockLength;

    Series(Result r, Grid grid) {
        List<Interval> intervals = r.intervals();
        n = intervals.size();
        responses = new long[n];
        lengthNanos = new long[n];
        done = new long[n];
        failed = new long[n];
        latency = new Grid.Sparse[n];
        boolean all = n > 0;
        long count = 0;
        for (int i = 0; i < n; i++) {
            Interval x = intervals.get(i);
            responses[i] = x.done() - x.errored();
            lengthNanos[i] = x.length().toNanos();
            done[i] = x.done();
            failed[i] = Math.min(x.failed(), x.done());   // as Interval.errorRate() counts them
            if (x.responseTimeHistogram().isPresent()) {
                latency[i] = grid.sparse(x.responseTimeHistogram().get());
                count += latency[i].total();
            } else {
                all = false;
            }
        }
        hasHistograms = all;
        latencyCount = count;
        double[] mean = new double[n];
        double[] p99 = new double[n];
        double[] rps = new double[n];
        for (int i = 0; i < n; i++) {
            Interval x = intervals.get(i);
            mean[i] = x.responseTime().count() == 0 ? Double.NaN : x.responseTime().mean().toNanos();
            p99[i] = x.responseTime().count() == 0 ? Double.NaN : x.responseTime().p99().toNanos();
            rps[i] = lengthNanos[i] == 0 ? Double.NaN : responses[i] / (lengthNanos[i] / 1e9);
        }
        blockLength = Math.max(BlockLength.of(filled(mean)), Math.max(BlockLength.of(filled(p99)),
                BlockLength.of(filled(rps))));
    }

    /** The series with gaps (intervals without a value) filled with the mean of the rest. */
    private static double[] filled(double[] x) {
        double sum = 0;
        int k = 0;
        for (double v : x) {
            if (!Double.isNaN(v)) {
                sum += v;
                k++;
            }
        }
        double mean = k == 0 ? 0 : sum / k;
        double[] out = x.clone();
        for (int i = 0; i < out.length; i++) {
            if (Double.isNaN(out[i])) {
                out[i] = mean;
            }
        }
        return out;
    }

    /** Adds the intervals at these positions to the sums. */
    void addTo(Sums sums, int[] order, int length) {
        for (int k = 0; k < length; k++) {
            int i = order[k];
            sums.responses += responses[i];
            sums.lengthNanos += lengthNanos[i];
            sums.done += done[i];
            sums.failed += failed[i];
            Grid.Sparse s = latency[i];
            if (s != null) {
                long[] counts = sums.counts;
                for (int j = 0; j < s.index().length; j++) {
                    counts[s.index()[j]] += s.counts()[j];
                }
                sums.latencyCount += s.total();
                sums.latencySum += s.sum();
            }
        }
    }
}
