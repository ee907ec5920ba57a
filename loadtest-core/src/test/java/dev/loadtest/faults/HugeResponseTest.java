package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithin;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.faults.FaultRuns.Run;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A response of hundreds of MiB is counted, not kept: the heap stays flat while it streams through.
 * A sampler collects garbage and reads the heap used every 100 ms during the run, so what it sees is
 * what the engine holds, not what it has already dropped.
 */
class HugeResponseTest {

    private static final long SIZE = 300L << 20;
    private static final long MAX_GROWTH = 64L << 20;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H1", "H2C"})
    void should_stream_a_300_MiB_response_with_a_flat_heap(Transport t) throws Exception {
        FaultServer.Behaviour huge = t.http2() ? H2Faults.flood(SIZE) : Http1Faults.huge(SIZE);
        long baseline = usedAfterGc();
        AtomicLong peak = new AtomicLong(baseline);
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                peak.accumulateAndGet(usedAfterGc(), Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "huge-response-heap-sampler");
        sampler.setDaemon(true);
        try (FaultServer server = t.server(huge)) {
            sampler.start();
            // 300 MiB took 16-23 s over h2c on a starved core (12-18 MB/s): the request timeout is far above that,
            // so that a slow stream is not cut short; the wall-time bound, 35 s (30 s + GRACE), half as much again
            // as the slowest seen, catches a stream that stalls on the way
            Run run = run("huge-300MiB-" + t, t.target(server).clients(1).requests(1)
                    .requestTimeout(Duration.ofSeconds(50)));
            sampling.set(false);
            sampler.join(5_000);
            assertCounted(run);
            assertEndedWithin(run, Duration.ofSeconds(30));
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(1);
            assertThat(run.result().traffic().dataBytes()).as(run.report()).isEqualTo(SIZE);
            assertThat(peak.get() - baseline).as("heap growth (bytes) while streaming 300 MiB\n%s", run.report())
                    .isLessThan(MAX_GROWTH);
        } finally {
            sampling.set(false);
        }
        t.assertNextRunClean();
    }

    private static long usedAfterGc() {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
