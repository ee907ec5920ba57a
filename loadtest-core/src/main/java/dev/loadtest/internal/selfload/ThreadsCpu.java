package dev.loadtest.internal.selfload;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.Optional;

/**
 * The CPU time of some of this process's threads: the engine's I/O threads, whose busy share tells whether the
 * generator itself, rather than an application sharing its JVM, used the cores (see
 * {@code GeneratorSaturation.saturated(load, ioThreadsCoresUsed, ioThreads)}). A thread that has ended counts
 * nothing: read it while the threads run.
 */
public final class ThreadsCpu {

    private final ThreadMXBean threads;

    private ThreadsCpu(ThreadMXBean threads) {
        this.threads = threads;
    }

    /** Per-thread CPU time of this JVM; empty where it tells none (or java.management is not in the module graph). */
    public static Optional<ThreadsCpu> forThisJvm() {
        try {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            if (!threads.isThreadCpuTimeSupported()) {
                return Optional.empty();
            }
            if (!threads.isThreadCpuTimeEnabled()) {
                threads.setThreadCpuTimeEnabled(true);
            }
            return Optional.of(new ThreadsCpu(threads));
        } catch (LinkageError | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The CPU time, user + system, the threads have used so far, in nanoseconds: one system call a thread. */
    @SuppressWarnings("deprecation")   // Thread.getId: threadId() is Java 19; we build for 17
    public long nanos(Collection<Thread> of) {
        long sum = 0;
        for (Thread t : of) {
            sum += Math.max(0, threads.getThreadCpuTime(t.getId()));   // -1: the thread has ended
        }
        return sum;
    }
}
