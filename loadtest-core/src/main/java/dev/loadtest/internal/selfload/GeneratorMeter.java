package dev.loadtest.internal.selfload;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.spi.GeneratorSaturation;
import java.util.Collection;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The generator's own load over a run's measured part, as the timeline cuts it: the process's CPU and heap per
 * interval and for the run ({@link GeneratorLoadSampler}), and beside them the engine's I/O threads' CPU, which the
 * saturation rule reads too so that an application sharing the JVM does not count as the generator.
 *
 * <p>Started when the measured part starts; one caller (the thread that cuts intervals); not thread-safe.
 */
public final class GeneratorMeter {

    private final Optional<GeneratorLoadSampler> process;
    /** The I/O threads' CPU time so far, in nanoseconds; empty where the JVM tells no per-thread CPU time. */
    private final Optional<LongSupplier> ioThreadsCpu;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final long startIoCpu;
    private long lastIoNanos;
    private long lastIoCpu;

    GeneratorMeter(Optional<GeneratorLoadSampler> process, Optional<LongSupplier> ioThreadsCpu,
                   LongSupplier nanoClock) {
        this.process = process;
        this.ioThreadsCpu = ioThreadsCpu;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.startIoCpu = ioCpu();
        this.lastIoNanos = startNanos;
        this.lastIoCpu = startIoCpu;
    }

    /** Starts measuring this process now; {@code ioThreads} are the engine's I/O threads as they become known. */
    public static GeneratorMeter startNow(Supplier<Collection<Thread>> ioThreads) {
        Optional<LongSupplier> ioThreadsCpu = ThreadsCpu.forThisJvm().map(cpu -> () -> cpu.nanos(ioThreads.get()));
        return new GeneratorMeter(GeneratorLoadSampler.startForThisProcess(), ioThreadsCpu, System::nanoTime);
    }

    /**
     * The interval that ends now; empty where the JVM tells no CPU time.
     *
     * @param ioThreadsRunning whether the I/O threads still run: their CPU time is read only then (an ended
     *     thread tells none), so the I/O threads' figure covers the run up to its last interval cut before the end
     */
    public Optional<GeneratorLoad> interval(boolean ioThreadsRunning) {
        if (ioThreadsRunning && ioThreadsCpu.isPresent()) {
            lastIoCpu = ioCpu();
            lastIoNanos = nanoClock.getAsLong();
        }
        return process.map(GeneratorLoadSampler::tick);
    }

    /** The measured part up to now; empty where the JVM tells no CPU time. */
    public Optional<GeneratorLoad> run() {
        return process.map(GeneratorLoadSampler::run);
    }

    /**
     * Whether the generator was the limit of the run ({@link GeneratorSaturation#saturated(GeneratorLoad, double,
     * int)}): never when a figure is missing, or when no interval ended while the I/O threads ran (a run shorter
     * than one interval, whose CPU figure is mostly start-up's).
     */
    public boolean saturated(Optional<GeneratorLoad> run, int ioThreadCount) {
        long wall = lastIoNanos - startNanos;
        if (run.isEmpty() || ioThreadsCpu.isEmpty() || wall <= 0) {
            return false;
        }
        double ioCoresUsed = Math.max(0, lastIoCpu - startIoCpu) / (double) wall;
        return GeneratorSaturation.saturated(run.get(), ioCoresUsed, ioThreadCount);
    }

    private long ioCpu() {
        return ioThreadsCpu.map(LongSupplier::getAsLong).orElse(0L);
    }
}
