package dev.loadtest.internal.selfload;

import dev.loadtest.GeneratorLoad;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Samples the generator's own load: this process's CPU time against the cores it may use, and its heap, for
 * each interval of a run and for the whole measured part. Made when the measured part starts; {@link #tick()}
 * once per interval, {@link #run()} at the end.
 *
 * <p>Cheap enough for an interval tick: a tick reads the process CPU clock (one system call on Linux), the
 * monotonic clock and the heap's usage (a sum over the heap's memory pools), and allocates two small
 * objects. Not meant for a per-request path.
 *
 * <p>One caller at a time (the thread that ends intervals); not thread-safe.
 */
public final class GeneratorLoadSampler {

    private final ProcessProbe probe;
    private final LongSupplier nanoClock;
    private final int cores;
    private final long startNanos;
    private final long startCpu;
    private long lastNanos;
    private long lastCpu;
    private long peakHeapUsed;
    private long peakHeapCommitted;

    GeneratorLoadSampler(ProcessProbe probe, LongSupplier nanoClock, int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores (" + cores + ") must be >= 1");
        }
        this.probe = probe;
        this.nanoClock = nanoClock;
        this.cores = cores;
        this.startNanos = nanoClock.getAsLong();
        this.startCpu = probe.cpuNanos();
        this.lastNanos = startNanos;
        this.lastCpu = startCpu;
        noteHeap(probe.heap());
    }

    /**
     * Starts sampling this process now, against {@link Runtime#availableProcessors()} cores; empty where the
     * JVM tells no CPU time (then a result carries no generator figures rather than wrong ones).
     */
    public static Optional<GeneratorLoadSampler> startForThisProcess() {
        Optional<ProcessProbe> probe;
        try {
            probe = ProcessProbe.thisProcess();
        } catch (LinkageError e) {
            // On the module path the system module java.management is there only when some module requires
            // it, and loadtest-core, an automatic module, requires nothing: no figures then, not a failed run.
            return Optional.empty();
        }
        return probe.map(p -> new GeneratorLoadSampler(p, System::nanoTime, Runtime.getRuntime().availableProcessors()));
    }

    /** The load since the previous tick (or the start): the interval that ends now. */
    public GeneratorLoad tick() {
        long now = nanoClock.getAsLong();
        long cpu = probe.cpuNanos();
        HeapUse heap = probe.heap();
        noteHeap(heap);
        GeneratorLoad interval = load(now - lastNanos, cpu - lastCpu, heap.usedBytes(), heap.committedBytes());
        lastNanos = now;
        lastCpu = cpu;
        return interval;
    }

    /**
     * The load since the start, up to now (it does not end an interval): CPU over the whole time; the heap as
     * the highest use and commitment seen at the start, the ticks and now.
     */
    public GeneratorLoad run() {
        long now = nanoClock.getAsLong();
        long cpu = probe.cpuNanos();
        noteHeap(probe.heap());
        return load(now - startNanos, cpu - startCpu, peakHeapUsed, peakHeapCommitted);
    }

    private GeneratorLoad load(long wallNanos, long cpuNanos, long heapUsed, long heapCommitted) {
        double coresUsed = 0;
        if (wallNanos > 0 && cpuNanos > 0) {
            // The two clocks are read one after the other, and the kernel charges CPU time to a thread in
            // slices: over a short stretch the quotient can come out a little above what the cores allow.
            // No process uses more than its cores, so the reading is capped there.
            coresUsed = Math.min(cores, (double) cpuNanos / wallNanos);
        }
        return new GeneratorLoad(Duration.ofNanos(Math.max(0, wallNanos)), coresUsed, cores, heapUsed, heapCommitted);
    }

    private void noteHeap(HeapUse heap) {
        peakHeapUsed = Math.max(peakHeapUsed, heap.usedBytes());
        peakHeapCommitted = Math.max(peakHeapCommitted, heap.committedBytes());
    }
}
