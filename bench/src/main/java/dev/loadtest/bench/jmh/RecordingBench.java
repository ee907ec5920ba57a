package dev.loadtest.bench.jmh;

import dev.loadtest.LatencyHistogram;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;

/**
 * Recording one latency, as the engine does twice per response in a rate run (service and response time)
 * and once in a closed run: HdrHistogram's {@link SingleWriterRecorder} (the engine's choice, so the
 * timeline can take interval histograms while the I/O thread records) against a plain {@link Histogram},
 * and the clock reads around a request.
 */
public class RecordingBench extends QuickSettings {

    /** The engine's recorder range: 1 µs .. 1 hour in ns, 3 significant digits (WorkerStats). */
    private SingleWriterRecorder recorder;
    private Histogram histogram;
    private final ThreadLocal<long[]> perThread = ThreadLocal.withInitial(() -> new long[8]);
    /** Latencies spread like a loaded server's: 50 µs .. 5 ms, precomputed so the benchmark times recording only. */
    private long[] values;
    private int i;

    @Setup
    public void setUp() {
        recorder = new SingleWriterRecorder(1_000, 3_600_000_000_000L, 3);
        histogram = LatencyHistogram.newHistogram();
        values = new long[4096];
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int k = 0; k < values.length; k++) {
            values[k] = 50_000 + (long) (random.nextDouble() * random.nextDouble() * 5_000_000);
        }
    }

    private long next() {
        return values[i++ & (values.length - 1)];
    }

    @Benchmark
    public void singleWriterRecorder() {
        recorder.recordValue(next());
    }

    @Benchmark
    public void histogram() {
        histogram.recordValue(next());
    }

    /** What a closed-model response costs in recording: one service time. */
    @Benchmark
    public void recorderPlusClamp() {
        long v = next();
        recorder.recordValue(Math.max(0, Math.min(3_600_000_000_000L, v)));
    }

    /** Two clock reads per request (sent, completed) in the closed model; three with a due time. */
    @Benchmark
    public long nanoTimeTwice() {
        long a = System.nanoTime();
        long b = System.nanoTime();
        return b - a;
    }

    /** Recorders.get(): the per-thread stats lookup made on every callback. */
    @Benchmark
    public long threadLocalGet() {
        return perThread.get()[0]++;
    }

    /** Taking an interval histogram (the timeline, once a second per thread): not per request, for scale. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Histogram intervalHistogram() {
        recorder.recordValue(next());
        return recorder.getIntervalHistogram();
    }
}
