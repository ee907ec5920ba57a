package dev.loadtest.spi;

import dev.loadtest.DurationFormat;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Rate;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import java.util.Locale;
import java.util.Optional;

/**
 * The rule "the generator was saturated", for engines (which measure their load with it and pass the answer to
 * {@code Verdict.of}) and for the reports that say why: over the measured part of a run, the generator's process
 * used at least {@value #THRESHOLD_PERCENT} % of the CPU it can use. Then the run's throughput and latency may be the
 * generator's limit rather than the server's, whatever the model (a closed run has no scheduler lag to say
 * so; this rule does).
 *
 * <p>"The CPU it can use" is the smaller of its cores and its I/O threads: the engine's requests run on its
 * I/O threads, one core each at most, so {@code -t 1} on a 2-core machine is saturated at one busy core. The
 * process's CPU also counts the GC and JIT threads, which can push a run whose I/O threads still had room
 * over the line; in the measured part, after start-up, they are a small share (bench/README.md), and a run
 * near the line is one whose figures deserve the doubt.
 *
 * <p>The process's CPU also counts an application that shares the JVM (a JUnit test against an embedded
 * server): its busy cores are not the generator's. So the engine's verdict takes a second reading, its own I/O
 * threads' CPU ({@link #saturated(GeneratorLoad, double, int)}): both must reach the line. A run whose process
 * was mostly idle never reaches it.
 */
public final class GeneratorSaturation {

    /** The share of the usable CPU at which the generator counts as saturated. */
    public static final double THRESHOLD = 0.90;
    /** {@link #THRESHOLD} in percent, as the sentences print it. */
    public static final int THRESHOLD_PERCENT = 90;

    private GeneratorSaturation() {
    }

    /** The cores the generator's work can keep busy: its cores, at most one per I/O thread. */
    public static int usableCores(GeneratorLoad run, int ioThreads) {
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads (" + ioThreads + ") must be >= 1");
        }
        return Math.min(run.cores(), ioThreads);
    }

    /** Whether {@code run}, the measured part's load, reached {@link #THRESHOLD} of the usable cores. */
    public static boolean saturated(GeneratorLoad run, int ioThreads) {
        return run.coresUsed() >= THRESHOLD * usableCores(run, ioThreads);
    }

    /**
     * The engine's rule: {@code run}, the process's load, reached the line, and so did
     * {@code ioThreadsCoresUsed}, the engine's I/O threads' CPU seconds per second over the measured phase (each
     * one core at most), so a busy application in the same JVM cannot make the generator look saturated.
     */
    public static boolean saturated(GeneratorLoad run, double ioThreadsCoresUsed, int ioThreads) {
        return saturated(run, ioThreads) && ioThreadsCoresUsed >= THRESHOLD * usableCores(run, ioThreads);
    }

    /** Whether a rate-driven run's scheduler lag p99 was over {@link Verdict#SATURATED_LAG}. */
    public static boolean schedulerFellBehind(Optional<Rate> rate) {
        return rate.isPresent() && rate.get().schedulerLag().percentile(99).compareTo(Verdict.SATURATED_LAG) > 0;
    }

    /**
     * Why a result's verdict is {@code generator-saturated}, for the reports and assertion messages: the
     * scheduler's lag, or the CPU sentence of {@link #explanation(GeneratorLoad, int)}; empty for another verdict
     * (or a result read from a file that says neither).
     */
    public static Optional<String> why(Result r) {
        if (r.verdict() != Verdict.GENERATOR_SATURATED) {
            return Optional.empty();
        }
        if (schedulerFellBehind(r.rate())) {
            return Optional.of("the generator's scheduler fell behind (lag p99 "
                    + DurationFormat.format(r.rate().get().schedulerLag().percentile(99)) + ", the line is "
                    + DurationFormat.format(Verdict.SATURATED_LAG) + "): the figures may be its limit, not the server's");
        }
        return r.generator().flatMap(g -> explanation(g, r.test().threads()));
    }

    /**
     * The sentence for the report and the verdict's explanation when {@code run} was saturated, e.g. "the
     * generator used 1.94 of its 2 cores (97 %, the line is 90 %): the figures may be its limit, not the
     * server's; give it more cores, or run it on another machine"; empty when it was not.
     */
    public static Optional<String> explanation(GeneratorLoad run, int ioThreads) {
        if (!saturated(run, ioThreads)) {
            return Optional.empty();
        }
        int usable = usableCores(run, ioThreads);
        String used = usable < run.cores()
                ? String.format(Locale.ROOT, "%.2f cores with %d I/O %s, which can keep %d of its %d cores busy",
                        run.coresUsed(), ioThreads, ioThreads == 1 ? "thread" : "threads", usable, run.cores())
                : String.format(Locale.ROOT, "%.2f of its %d %s", run.coresUsed(), usable, usable == 1 ? "core" : "cores");
        String remedy = usable < run.cores() ? "raise the threads (-t)" : "give it more cores";
        return Optional.of(String.format(Locale.ROOT, "the generator used %s (%d %%, the line is %d %%): the figures "
                        + "may be its limit, not the server's; %s, or run it on another machine",
                used, percentOfUsable(run, usable), THRESHOLD_PERCENT, remedy));
    }

    /**
     * The process's CPU as a share of the usable cores, at most 100 %: with fewer I/O threads than cores the
     * process (GC and JIT threads too) can use more than its I/O threads can, and "194 %" would read as nonsense.
     */
    private static long percentOfUsable(GeneratorLoad run, int usable) {
        return Math.min(100, Math.round(100 * run.coresUsed() / usable));
    }
}
