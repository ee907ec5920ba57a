package dev.loadtest.internal.selfload;

import java.time.Duration;

/**
 * What the load generator's own process used over a stretch of time: CPU against the cores it may use, and
 * its heap. One per interval of a run, and one for the whole measured part.
 *
 * @param elapsed the wall-clock time this figure covers
 * @param coresUsed CPU time (user + system, every thread of the process: I/O threads, GC, JIT) per second of
 *     {@code elapsed}: 1.5 means one and a half cores busy on average; from 0 to {@code cores}
 * @param cores the cores this process may use ({@link Runtime#availableProcessors()}: the CPU affinity
 *     mask or the container's CPU quota, whichever is smaller)
 * @param heapUsedBytes heap in use: at the end of an interval; the highest seen at the interval ticks for a run
 * @param heapCommittedBytes heap the JVM holds from the operating system, likewise
 */
public record GeneratorLoad(Duration elapsed, double coresUsed, int cores, long heapUsedBytes, long heapCommittedBytes) {

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
