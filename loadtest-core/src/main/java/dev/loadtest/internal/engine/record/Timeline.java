package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.Progress;
import dev.loadtest.StatusCodes;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.selfload.GeneratorMeter;
import dev.loadtest.spi.CheckTally;
import dev.loadtest.spi.IntervalBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Cuts the measured phase into intervals, on the run's timer thread: each interval takes the
 * threads' interval histograms from their recorders and the growth of their counters. The run's
 * service and response time distributions are the sum of the intervals', so nothing is recorded twice.
 *
 * <p>Counters are read while I/O threads write them: a count may fall in the interval after the one it
 * happened in, never twice or never. The last interval is cut after the I/O threads have ended, so
 * the intervals add up to the run's totals exactly.
 */
public final class Timeline {

    /** Hears of each interval as it is cut, with its histograms; must not block (the run's timer calls it). */
    public interface IntervalListener {
        void interval(Interval interval, LatencyHistogram responseTime, LatencyHistogram serviceTime);
    }

    private final Phase phase;
    private final long intervalNanos;
    private final boolean rateDriven;
    /** A counted run's requests, for its progress; 0 in a timed run. */
    private final long plannedRequests;
    private final Recorders recorders;
    private final IntervalListener listener;
    private final List<Interval> intervals = new ArrayList<>();
    /** Packs the histograms of intervals beyond a memory budget (see {@link IntervalPacking} for why not all). */
    private final IntervalPacking packing;
    private final Histogram serviceTotal = LatencyHistogram.newHistogram();
    private final Histogram responseTotal = LatencyHistogram.newHistogram();
    private long cutNanos;
    private long started;
    private long done;
    private long errored;
    private long bytes;
    private long checkFailed;
    private final long[] statuses = new long[600];
    private double lastRate;
    /** The generator's own load, from the measured part's start (the first advance in it); null before. */
    private GeneratorMeter generator;
    /** The I/O threads have ended: the last cut reads no thread's CPU. */
    private boolean ended;

    /**
     * @param interval        the length of an interval
     * @param rateDriven      whether response times are recorded apart from service times (the open model)
     * @param plannedRequests a counted run's requests (its progress is the share done); ignored in a timed run
     * @param recorders       the threads whose figures are cut into intervals
     */
    public Timeline(Phase phase, Duration interval, boolean rateDriven, long plannedRequests, Recorders recorders,
             IntervalListener listener) {
        this(phase, interval, rateDriven, plannedRequests, recorders, listener, IntervalPacking.DEFAULT_BUDGET_BYTES);
    }

    /** @param unpackedBudgetBytes how much the newest intervals' histograms may take before older ones are packed */
    Timeline(Phase phase, Duration interval, boolean rateDriven, long plannedRequests, Recorders recorders,
             IntervalListener listener, long unpackedBudgetBytes) {
        this.packing = new IntervalPacking(unpackedBudgetBytes);
        this.phase = phase;
        this.intervalNanos = interval.toNanos();
        this.rateDriven = rateDriven;
        this.plannedRequests = plannedRequests;
        this.recorders = recorders;
        this.listener = listener;
        this.cutNanos = phase.measuredFromNanos();
        startGeneratorMeter(System.nanoTime());   // a counted run measures from its start, which has passed
    }

    /** Cuts every interval that has ended by now. */
    public void advance(long now) {
        startGeneratorMeter(now);
        while (now >= cutNanos + intervalNanos && cutNanos + intervalNanos <= phase.measureEndNanos()) {
            cut(cutNanos + intervalNanos);
        }
    }

    /**
     * When the timeline next has work, for the timer to wake then: the measured part's start (its generator meter
     * starts), then each interval's end, and the end of the measured phase.
     */
    public long nextWorkNanos() {
        long next = generator == null ? cutNanos : cutNanos + intervalNanos;
        return Math.min(next, phase.measureEndNanos());
    }

    /** Starts measuring the generator's load when the measured part starts (within a timer tick of it). */
    private void startGeneratorMeter(long now) {
        if (generator == null && now >= cutNanos) {
            generator = GeneratorMeter.startNow(recorders::ioThreads);
        }
    }

    /** Cuts the last, partial, interval at the end of the measured phase; after the I/O threads ended. */
    public void finish(long measuredEndNanos) {
        ended = true;
        if (measuredEndNanos > cutNanos || intervals.isEmpty()) {
            cut(Math.max(measuredEndNanos, cutNanos));
        } else {
            cut(cutNanos);   // drains what the recorders still hold into the last interval's figures
        }
    }

    private void cut(long end) {
        Histogram service = LatencyHistogram.newHistogram();
        Histogram response = LatencyHistogram.newHistogram();
        long nowStarted = 0;
        long nowDone = 0;
        long nowErrored = 0;
        long nowBytes = 0;
        long nowCheckFailed = 0;
        long[] nowStatuses = new long[statuses.length];
        for (WorkerStats w : recorders.all()) {
            addRecorded(service, w.serviceTimeInterval());
            addRecorded(response, w.responseTimeInterval());
            nowStarted += w.started;
            nowDone += w.responded + w.errored;
            nowErrored += w.errored;
            nowBytes += w.totalBytes;
            nowCheckFailed += w.checkFailed;
            addInto(nowStatuses, w.statuses);
        }
        if (!rateDriven) {
            response = service;   // no schedule: the response time is the service time
        }
        serviceTotal.add(service);
        responseTotal.add(response);
        Map<Integer, Long> codes = byCode(nowStatuses, statuses);
        LatencyHistogram serviceHistogram = LatencyHistogram.of(service);
        LatencyHistogram responseHistogram = rateDriven ? LatencyHistogram.of(response) : serviceHistogram;
        long start = cutNanos;
        Interval interval = new IntervalBuilder()
                .start(Duration.ofNanos(start - phase.measuredFromNanos()))
                .length(Duration.ofNanos(end - start)).started(nowStarted - started).done(nowDone - done)
                .statusCodes(new StatusCodes(codes)).errored(nowErrored - errored).bytes(nowBytes - bytes)
                .responseTime(LatencySummary.of(responseHistogram)).serviceTime(LatencySummary.of(serviceHistogram))
                .responseTimeHistogram(Optional.of(responseHistogram))
                .serviceTimeHistogram(Optional.of(serviceHistogram))
                .generator(generator == null ? Optional.empty() : generator.interval(!ended))
                .checkFailed(nowCheckFailed - checkFailed).build();
        boolean added = end > start || intervals.isEmpty();
        if (added) {
            intervals.add(interval);
            packing.added(intervals, intervals.size() - 1, IntervalPacking.bytes(response, service));
        } else if (interval.done() > 0 || interval.started() > 0) {
            intervals.set(intervals.size() - 1, merge(intervals.get(intervals.size() - 1), interval));
        }
        started = nowStarted;
        done = nowDone;
        errored = nowErrored;
        bytes = nowBytes;
        checkFailed = nowCheckFailed;
        System.arraycopy(nowStatuses, 0, statuses, 0, statuses.length);
        cutNanos = end;
        if (added) {
            lastRate = interval.requestsPerSecond();
            listener.interval(interval, responseHistogram, serviceHistogram);
        }
    }

    /**
     * Late arrivals after the last cut: added to the last interval's counts and histograms, so that the
     * intervals still add up to the run's distributions.
     */
    private static Interval merge(Interval last, Interval late) {
        Map<Integer, Long> codes = new HashMap<>(last.statusCodes().counts());
        late.statusCodes().counts().forEach((c, n) -> codes.merge(c, n, Long::sum));
        Optional<LatencyHistogram> response = sum(last.responseTimeHistogram(), late.responseTimeHistogram());
        Optional<LatencyHistogram> service = sum(last.serviceTimeHistogram(), late.serviceTimeHistogram());
        return IntervalBuilder.from(last).started(last.started() + late.started()).done(last.done() + late.done())
                .statusCodes(new StatusCodes(codes)).errored(last.errored() + late.errored())
                .bytes(last.bytes() + late.bytes())
                .responseTime(response.map(LatencySummary::of).orElse(last.responseTime()))
                .serviceTime(service.map(LatencySummary::of).orElse(last.serviceTime()))
                .responseTimeHistogram(response).serviceTimeHistogram(service)
                .checkFailed(last.checkFailed() + late.checkFailed()).build();
    }

    private static Optional<LatencyHistogram> sum(Optional<LatencyHistogram> a, Optional<LatencyHistogram> b) {
        return a.isPresent() && b.isPresent() ? Optional.of(a.get().plus(b.get())) : a;
    }

    /** The generator's own load over the measured part, up to now; empty if not measured. */
    public Optional<GeneratorLoad> generatorRun() {
        return generator == null ? Optional.empty() : generator.run();
    }

    /** Whether the generator was the limit of the run: see {@link GeneratorMeter#saturated}. */
    public boolean generatorSaturated(Optional<GeneratorLoad> run, int ioThreads) {
        return generator != null && generator.saturated(run, ioThreads);
    }

    /**
     * Where the run is, for the progress listeners: the threads' counters summed as they are now. They are
     * read while I/O threads write them, as {@link #cut} reads them, so a count may show an event late but
     * never undo one; the error maps are only read here, one category at a time, which an
     * {@link java.util.EnumMap} allows while its owner adds to it.
     */
    public Progress progress(long now) {
        Counts sum = new Counts();
        long[] codes = new long[statuses.length];
        Map<ErrorCategory, Long> errors = new EnumMap<>(ErrorCategory.class);
        Map<String, Long> checkFailures = new LinkedHashMap<>();
        for (WorkerStats w : recorders.all()) {
            sum.add(w);
            CheckTally checks = w.checks;   // made by its thread at its first checked response: null before
            if (checks != null) {
                checks.addFailures(checkFailures);
            }
            addInto(codes, w.statuses);
            for (ErrorCategory category : ErrorCategory.values()) {
                long[] n = w.errors.get(category);
                if (n != null && n[0] > 0) {
                    errors.merge(category, n[0], Long::sum);
                }
            }
        }
        Map<Integer, Long> byCode = byCode(codes, null);
        long d = sum.responded + sum.errored;
        double fraction;
        if (phase.isCounted()) {
            fraction = plannedRequests == 0 ? 1 : Math.min(1, (double) d / plannedRequests);
        } else {
            long total = phase.measureEndNanos() - phase.startNanos();
            fraction = Math.min(1, Math.max(0, (double) (now - phase.startNanos()) / total));
        }
        return new Progress(fraction, Duration.ofNanos(now - phase.startNanos()), d, sum.errored, lastRate,
                sum.started, sum.succeeded, sum.statusFailed + sum.checkFailed + sum.errored, sum.totalBytes, sum.sentBytes,
                new StatusCodes(byCode), errors, checkFailures);
    }

    /*
     * The loops over the 600 status codes are methods of their own: run ten times a second, inside cut and progress
     * they made the JIT compile those whole methods, three times over (on-stack replacement, then again), a few
     * percent of a short run's compilation; alone they compile small.
     */

    /**
     * Adds {@code interval} into {@code sum} when it holds a value: adding walks the whole counts array (~24,000 slots),
     * and most threads record no latency (the scheduler, the timer, an idle I/O thread).
     */
    private static void addRecorded(Histogram sum, Histogram interval) {
        if (interval.getTotalCount() > 0) {
            sum.add(interval);
        }
    }

    /** Adds {@code counts} into {@code sum}, index by index. */
    private static void addInto(long[] sum, long[] counts) {
        for (int i = 0; i < sum.length; i++) {
            sum[i] += counts[i];
        }
    }

    /**
     * The status codes counted more often in {@code now} than in {@code before}, with the difference; {@code before}
     * null: since the start (progress's sum, which need not allocate and walk 600 zeros for it).
     */
    private static Map<Integer, Long> byCode(long[] now, long[] before) {
        Map<Integer, Long> codes = new HashMap<>();
        for (int i = 0; i < now.length; i++) {
            long delta = before == null ? now[i] : now[i] - before[i];
            if (delta > 0) {
                codes.put(i, delta);
            }
        }
        return codes;
    }

    List<Interval> intervals() {
        return intervals;
    }

    Histogram serviceTotal() {
        return serviceTotal;
    }

    Histogram responseTotal() {
        return responseTotal;
    }
}
