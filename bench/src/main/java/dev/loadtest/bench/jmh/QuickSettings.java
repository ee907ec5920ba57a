package dev.loadtest.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The settings every benchmark here runs with unless jmh.sh's options say otherwise, in one place (JMH reads
 * these annotations from a benchmark's superclass): the average time of one operation in nanoseconds, one
 * fork with a fixed 256 MB heap (so the collector's work is alike between runs), two warm-up and three measured
 * iterations of one second. Quick on purpose: these watch for a cost that grows, not for a few per cent.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
abstract class QuickSettings {
}
