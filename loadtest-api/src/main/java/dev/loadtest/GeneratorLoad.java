package dev.loadtest;

import java.time.Duration;

/**
 * What the load generator's own process used over a stretch of time: CPU against the cores it may use, and
 * its heap. One for the measured part of a run ({@link Result#generator()}) and one per interval
 * ({@link Interval#generator()}), so a run can say when the generator, not the server, was the limit.
 *
 * <pre>{@code
 * result.generator().ifPresent(g -> System.out.printf("cpu %.0f %% of %d cores, heap %d MiB%n",
 *         100 * g.cpuShare(), g.cores(), g.heapUsedBytes() >> 20));
 * }</pre>
 *
 * <p>The figure is the whole process's: every thread of the JVM (the engine's I/O threads, its timer, GC and
 * JIT), and in a JUnit test or an application that runs the load test in-process, the application under test
 * too. It is what the machine paid, as {@code top} shows it; read it as the generator's own load only when the
 * generator has its JVM to itself (the command, a tool built on the library).
 *
 * @param elapsed the wall-clock time this figure covers
 * @param coresUsed CPU time (user + system, every thread of the process: I/O threads, GC, JIT) per second of
 *     {@code elapsed}: 1.5 means one and a half cores busy on average; from 0 to {@code cores}
 * @param cores the cores this process may use ({@link Runtime#availableProcessors()}: the CPU affinity
 *     mask or the container's CPU quota, whichever is smaller)
 * @param heapUsedBytes heap in use: at the end of an interval; the highest seen at the interval ticks for a run
 * @param heapCommittedBytes heap the JVM holds from the operating system, likewise
 */
public record GeneratorLoad(Duration elapsed, double coresUsed, int cores, long heapUsedBytes,
                            long heapCommittedBytes) {

    /**
     * Checks the ranges.
     *
     * @throws IllegalArgumentException naming the value and the rule, when one is out of its range
     */
    public GeneratorLoad {
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("elapsed (" + elapsed + ") must be >= 0");
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores (" + cores + ") must be >= 1");
        }
        if (!(coresUsed >= 0 && coresUsed <= cores)) {
            throw new IllegalArgumentException("coresUsed (" + coresUsed + ") must be from 0 to cores (" + cores + ")");
        }
        if (heapUsedBytes < 0 || heapCommittedBytes < 0) {
            throw new IllegalArgumentException("heap bytes (used " + heapUsedBytes + ", committed "
                    + heapCommittedBytes + ") must be >= 0");
        }
    }

    /** {@link #coresUsed()} as a share of {@link #cores()}, from 0 to 1: 0.93 is 93 % of the cores it may use. */
    public double cpuShare() {
        return coresUsed / cores;
    }
}
