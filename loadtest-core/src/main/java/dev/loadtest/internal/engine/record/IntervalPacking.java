package dev.loadtest.internal.engine.record;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.spi.IntervalBuilder;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

/**
 * Keeps the newest intervals' histograms as they were cut, and packs older ones (a {@link PackedHistogram}, whose
 * memory follows the values it holds, not the range it can hold) once the unpacked ones take more than a budget.
 *
 * <p>Why not pack each interval as it is cut: packing is slow. A histogram of 700 distinct values took 7 ms to pack
 * and 3,000 values 15 ms, compiled, on a busy 2-core machine, and 50-100 ms while still interpreted (a task that runs
 * once a second stays interpreted for long); wrapping it in a {@link LatencyHistogram} packs it a second time. With
 * two histograms an interval, packing each second cost more CPU at 1,000 req/s than the requests (issue 15: a
 * generator beside the application must be cheap at modest rates). A full histogram takes about 100 KB, so within the
 * default budget a run of about 40 one-second intervals packs nothing; a longer run packs each interval once, a
 * budget's worth behind the newest, so its memory stays bounded as before.
 *
 * <p>Not thread-safe: the timeline's thread calls it.
 */
final class IntervalPacking {

    /** Unpacked interval histograms a run keeps at most: 8 MiB, about 40 one-second intervals. */
    static final long DEFAULT_BUDGET_BYTES = 8L << 20;

    private final long budgetBytes;
    /** The unpacked intervals, oldest first: their index in the timeline's list, and their histograms' bytes. */
    private final ArrayDeque<long[]> unpacked = new ArrayDeque<>();
    private long unpackedBytes;

    IntervalPacking(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * The interval at {@code index} of {@code intervals} was added with unpacked histograms (response and service
     * time; the same one counted once) of {@code bytes}: packs the oldest unpacked ones, in place, while over budget.
     */
    void added(List<Interval> intervals, int index, long bytes) {
        unpacked.addLast(new long[] {index, bytes});
        unpackedBytes += bytes;
        while (unpackedBytes > budgetBytes && !unpacked.isEmpty()) {
            long[] oldest = unpacked.pollFirst();
            int i = (int) oldest[0];
            intervals.set(i, packed(intervals.get(i)));
            unpackedBytes -= oldest[1];
        }
    }

    /** What an interval's unpacked histograms take: the response time's and the service time's, once if the same. */
    static long bytes(Histogram response, Histogram service) {
        long bytes = service.getEstimatedFootprintInBytes();
        return response == service ? bytes : bytes + response.getEstimatedFootprintInBytes();
    }

    /** The interval with its histograms packed; one shared histogram (the closed model's) stays shared. */
    static Interval packed(Interval interval) {
        Optional<LatencyHistogram> response = interval.responseTimeHistogram();
        Optional<LatencyHistogram> service = interval.serviceTimeHistogram();
        boolean shared = response.isPresent() && service.isPresent() && response.get() == service.get();
        service = service.map(IntervalPacking::pack);
        response = shared ? service : response.map(IntervalPacking::pack);
        return IntervalBuilder.from(interval).responseTimeHistogram(response).serviceTimeHistogram(service).build();
    }

    /** A copy of a histogram whose memory is proportional to the values it holds (a packed array). */
    static LatencyHistogram pack(LatencyHistogram h) {
        Histogram full = h.toHistogram();
        PackedHistogram packed = new PackedHistogram(full);
        packed.add(full);
        return LatencyHistogram.of(packed);
    }
}
