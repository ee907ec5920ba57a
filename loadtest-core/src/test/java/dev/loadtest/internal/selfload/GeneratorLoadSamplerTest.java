package dev.loadtest.internal.selfload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.GeneratorLoad;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GeneratorLoadSamplerTest {

    private static final long SECOND = 1_000_000_000L;

    /** A process whose CPU time, heap and clock the test sets. */
    private static final class FakeProcess implements ProcessProbe {
        final AtomicLong clock = new AtomicLong(5 * SECOND);
        long cpu = 7 * SECOND;
        HeapUse heap = new HeapUse(10, 100);

        @Override
        public long cpuNanos() {
            return cpu;
        }

        @Override
        public HeapUse heap() {
            return heap;
        }

        void advance(long wallNanos, long cpuNanos) {
            clock.addAndGet(wallNanos);
            cpu += cpuNanos;
        }
    }

    @Test
    void should_measure_an_interval_as_cpu_time_per_wall_time_against_the_cores() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(SECOND, 1_500_000_000L);
        process.heap = new HeapUse(40, 120);
        GeneratorLoad interval = sampler.tick();

        assertThat(interval.elapsed()).isEqualTo(Duration.ofSeconds(1));
        assertThat(interval.coresUsed()).isCloseTo(1.5, within(1e-9));
        assertThat(interval.cpuShare()).isCloseTo(0.75, within(1e-9));
        assertThat(interval.cores()).isEqualTo(2);
        assertThat(interval.heapUsedBytes()).isEqualTo(40);
        assertThat(interval.heapCommittedBytes()).isEqualTo(120);
    }

    @Test
    void should_start_each_interval_where_the_previous_one_ended() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 4);

        process.advance(SECOND, 2 * SECOND);
        sampler.tick();
        process.advance(2 * SECOND, SECOND);
        GeneratorLoad second = sampler.tick();

        assertThat(second.elapsed()).isEqualTo(Duration.ofSeconds(2));
        assertThat(second.coresUsed()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void should_measure_the_run_from_the_start_with_the_highest_heap_seen() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(SECOND, 2 * SECOND);
        process.heap = new HeapUse(90, 150);
        sampler.tick();
        process.advance(3 * SECOND, SECOND);
        process.heap = new HeapUse(30, 140);
        sampler.tick();
        process.advance(0, 0);
        GeneratorLoad run = sampler.run();

        assertThat(run.elapsed()).isEqualTo(Duration.ofSeconds(4));
        assertThat(run.coresUsed()).isCloseTo(0.75, within(1e-9));
        assertThat(run.heapUsedBytes()).isEqualTo(90);
        assertThat(run.heapCommittedBytes()).isEqualTo(150);
    }

    @Test
    void should_not_end_an_interval_when_asked_for_the_run() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(SECOND, SECOND);
        sampler.run();
        process.advance(SECOND, 0);

        assertThat(sampler.tick().elapsed()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void should_cap_a_reading_above_the_cores_at_the_cores() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(SECOND, 2_100_000_000L);

        assertThat(sampler.tick().coresUsed()).isEqualTo(2.0);
    }

    @Test
    void should_read_a_cpu_sum_that_went_down_as_no_cpu_used() {
        // the live-threads fallback: a thread that ended takes its CPU time out of the sum
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(SECOND, -SECOND / 2);

        assertThat(sampler.tick().coresUsed()).isZero();
    }

    @Test
    void should_read_no_time_passed_as_no_cpu_used() {
        FakeProcess process = new FakeProcess();
        GeneratorLoadSampler sampler = new GeneratorLoadSampler(process, process.clock::get, 2);

        process.advance(0, SECOND);
        GeneratorLoad interval = sampler.tick();

        assertThat(interval.elapsed()).isZero();
        assertThat(interval.coresUsed()).isZero();
    }

    @Test
    void should_refuse_fewer_than_one_core() {
        FakeProcess process = new FakeProcess();

        assertThatThrownBy(() -> new GeneratorLoadSampler(process, process.clock::get, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cores (0) must be >= 1");
    }

    @Test
    void should_see_this_process_burn_cpu_within_its_cores() throws InterruptedException {
        GeneratorLoadSampler sampler = GeneratorLoadSampler.startForThisProcess().orElseThrow();
        int cores = Runtime.getRuntime().availableProcessors();

        Thread burner = new Thread(GeneratorLoadSamplerTest::burn, "cpu-burner");
        burner.start();
        burner.join(60_000);
        GeneratorLoad interval = sampler.tick();
        GeneratorLoad run = sampler.run();

        assertThat(burner.isAlive()).as("the burner thread ended").isFalse();
        assertThat(interval.cores()).isEqualTo(cores);
        assertThat(interval.coresUsed()).isGreaterThan(0).isLessThanOrEqualTo(cores);
        assertThat(run.coresUsed()).isGreaterThan(0).isLessThanOrEqualTo(cores);
        assertThat(interval.heapUsedBytes()).isPositive();
        assertThat(interval.heapCommittedBytes()).isGreaterThanOrEqualTo(interval.heapUsedBytes());
    }

    /** A fixed amount of arithmetic: some tens of milliseconds of one core, however busy the machine. */
    private static void burn() {
        long x = 1;
        for (int i = 0; i < 50_000_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
            System.out.println("unlikely");   // keeps the loop from being removed as dead code
        }
    }
}
