package dev.loadtest.bench.jmh;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/**
 * {@link TemplateBench}'s operations timed by this thread's CPU time and allocation, without JMH: the CPU a
 * thread spends is less disturbed by a loaded machine than the wall-clock time JMH measures (a thread waiting
 * for a core is not charged), so the best of several rounds compares builds on a busy machine. Still a
 * measure of this JVM's JIT on this CPU: compare two builds on the same machine, never across machines.
 *
 * <pre>
 * java -cp bench.jar dev.loadtest.bench.jmh.TemplateCost            # 2,000,000 operations a round, 7 rounds
 * java -cp bench.jar dev.loadtest.bench.jmh.TemplateCost 500000 5
 * java -cp bench.jar dev.loadtest.bench.jmh.TemplateCost 2000000 7 templatedGet   # the operations so named only
 * </pre>
 */
public final class TemplateCost {

    /** Where each operation's result goes, so that the JIT cannot drop the work or its allocation. */
    private static volatile Object last;

    private TemplateCost() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        String only = args.length > 2 ? args[2] : "";
        TemplateBench bench = new TemplateBench();
        bench.setUp();
        try {
            measure("staticGet", bench::staticGet, n, rounds, only);
            measure("templatedGet", bench::templatedGet, n, rounds, only);
            measure("lambdaGet", bench::lambdaGet, n, rounds, only);
            measure("templatedPost", bench::templatedPost, n, rounds, only);
        } finally {
            bench.tearDown();
        }
    }

    private static void measure(String name, Supplier<Object> operation, int n, int rounds, String only) {
        if (!name.contains(only)) {
            return;
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        double bestCpu = Double.MAX_VALUE;
        double bestBytes = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long bytes0 = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                last = operation.get();
            }
            long cpu = threads.getCurrentThreadCpuTime() - cpu0;
            long bytes = threads.getThreadAllocatedBytes(id) - bytes0;
            bestCpu = Math.min(bestCpu, (double) cpu / n);
            bestBytes = Math.min(bestBytes, (double) bytes / n);
        }
        System.out.printf("%-14s %8.1f CPU-ns/op (best of %d rounds of %,d)  %6.1f B/op%n", name, bestCpu, rounds, n,
                bestBytes);
    }
}
