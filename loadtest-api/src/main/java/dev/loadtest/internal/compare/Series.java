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
            failed[i] = Math.min(x.failed(), x.done());
            if (x.responseTimeHistogram().isPresent()) {
                latency[i] = grid.sparse(x.responseTimeHistogram().get());
                count += latency[i].total();
            } else {
                all = false;
            }
        }
        hasHistograms = all;
        latencyCount = count;
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
