package dev.loadtest.internal.selfload;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.Optional;

/**
 * Reads this process's CPU time and heap. An interface so that the sampler's arithmetic can be tested with
 * numbers chosen by the test; {@link #thisProcess()} is the real one.
 */
interface ProcessProbe {

    /** CPU time the process has used since it started, user + system, in nanoseconds. */
    long cpuNanos();

    HeapUse heap();

    /**
     * This process, read through the JDK's management beans. CPU time comes from
     * {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime} (HotSpot and OpenJ9: the kernel's
     * per-process clock, every thread counted, those that ended too); where that is missing, from the sum of
     * the live threads' CPU time ({@link ThreadMXBean}), which misses threads that have ended and, on
     * HotSpot, the GC and JIT threads: an undercount, said here so nobody reads it as exact (and a sum that
     * drops when a thread ends, which the sampler absorbs). Empty where neither tells.
     */
    static Optional<ProcessProbe> thisProcess() {
        var memory = ManagementFactory.getMemoryMXBean();
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            return Optional.of(probe(os::getProcessCpuTime, memory));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads.isThreadCpuTimeSupported()) {
            if (!threads.isThreadCpuTimeEnabled()) {
                threads.setThreadCpuTimeEnabled(true);
            }
            return Optional.of(probe(() -> liveThreadsCpuNanos(threads), memory));
        }
        return Optional.empty();
    }

    private static ProcessProbe probe(CpuClock cpu, MemoryMXBean memory) {
        return new ProcessProbe() {
            @Override
            public long cpuNanos() {
                return cpu.nanos();
            }

            @Override
            public HeapUse heap() {
                MemoryUsage heap = memory.getHeapMemoryUsage();
                return new HeapUse(heap.getUsed(), heap.getCommitted());
            }
        };
    }

    private static long liveThreadsCpuNanos(ThreadMXBean threads) {
        long sum = 0;
        for (long id : threads.getAllThreadIds()) {
            sum += Math.max(0, threads.getThreadCpuTime(id));   // -1: the thread ended between listing and reading
        }
        return sum;
    }

    /** The CPU clock alone, so the two sources above share the heap reading. */
    @FunctionalInterface
    interface CpuClock {
        long nanos();
    }
}
