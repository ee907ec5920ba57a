package dev.loadtest.internal.selfload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.GeneratorLoad;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GeneratorMeterTest {

    private static final long SECOND = 1_000_000_000L;

    /** A 2-core process and its I/O threads, whose clocks the test moves. */
    private static final class FakeRun implements ProcessProbe {
        final AtomicLong clock = new AtomicLong(SECOND);
        long processCpu;
        long ioCpu;

        @Override
        public long cpuNanos() {
            return processCpu;
        }

        @Override
        public HeapUse heap() {
            return new HeapUse(1, 2);
        }

        GeneratorMeter meter() {
            return new GeneratorMeter(Optional.of(new GeneratorLoadSampler(this, clock::get, 2)),
                    Optional.of(() -> ioCpu), clock::get);
        }

        /** One interval in which the process used {@code processCores} and its I/O threads {@code ioCores}. */
        void second(double processCores, double ioCores) {
            clock.addAndGet(SECOND);
            processCpu += (long) (processCores * SECOND);
            ioCpu += (long) (ioCores * SECOND);
        }
    }

    @Test
    void should_call_the_generator_saturated_when_process_and_io_threads_used_the_usable_cores() {
        FakeRun run = new FakeRun();
        GeneratorMeter meter = run.meter();
        for (int i = 0; i < 3; i++) {
            run.second(1.95, 1.9);
            meter.interval(true);
        }

        Optional<GeneratorLoad> load = meter.run();

        assertThat(load).get().extracting(GeneratorLoad::coresUsed).isEqualTo(1.95);
        assertThat(meter.saturated(load, 2)).isTrue();
        assertThat(meter.saturated(load, 8)).isTrue();   // at most its 2 cores are usable
    }

    @Test
    void should_not_blame_the_generator_for_an_application_that_shares_its_jvm() {
        FakeRun run = new FakeRun();
        GeneratorMeter meter = run.meter();
        for (int i = 0; i < 3; i++) {
            run.second(1.95, 0.4);   // the server in the same JVM used the rest
            meter.interval(true);
        }

        assertThat(meter.saturated(meter.run(), 2)).isFalse();
    }

    @Test
    void should_never_flag_a_mostly_idle_process() {
        FakeRun run = new FakeRun();
        GeneratorMeter meter = run.meter();
        for (int i = 0; i < 3; i++) {
            run.second(0.2, 0.15);
            meter.interval(true);
        }

        assertThat(meter.saturated(meter.run(), 1)).isFalse();
        assertThat(meter.saturated(meter.run(), 2)).isFalse();
    }

    @Test
    void should_judge_no_run_shorter_than_one_interval_cut_while_the_io_threads_ran() {
        FakeRun run = new FakeRun();
        GeneratorMeter meter = run.meter();
        run.second(2, 2);
        meter.interval(false);   // the only cut: after the I/O threads ended

        assertThat(meter.saturated(meter.run(), 2)).isFalse();
    }

    @Test
    void should_judge_nothing_without_figures() {
        FakeRun run = new FakeRun();
        GeneratorMeter noProcess = new GeneratorMeter(Optional.empty(), Optional.of(() -> run.ioCpu), run.clock::get);
        GeneratorMeter noThreads = new GeneratorMeter(
                Optional.of(new GeneratorLoadSampler(run, run.clock::get, 2)), Optional.empty(), run.clock::get);
        run.second(2, 2);

        assertThat(noProcess.interval(true)).isEmpty();
        assertThat(noProcess.saturated(noProcess.run(), 2)).isFalse();
        noThreads.interval(true);
        assertThat(noThreads.saturated(noThreads.run(), 2)).isFalse();
        assertThat(List.of(noThreads.run())).allMatch(Optional::isPresent);
    }
}
