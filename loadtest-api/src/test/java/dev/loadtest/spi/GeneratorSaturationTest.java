package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import java.time.Duration;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class GeneratorSaturationTest {

    private static GeneratorLoad run(double coresUsed, int cores) {
        return new GeneratorLoad(Duration.ofSeconds(5), coresUsed, cores, 1, 2);
    }

    @Test
    void should_call_a_run_saturated_at_90_percent_of_its_cores() {
        assertThat(GeneratorSaturation.saturated(run(1.80, 2), 2)).isTrue();
        assertThat(GeneratorSaturation.saturated(run(2.00, 2), 4)).isTrue();
        assertThat(GeneratorSaturation.saturated(run(1.79, 2), 2)).isFalse();
        assertThat(GeneratorSaturation.saturated(run(0.10, 2), 2)).isFalse();
    }

    @Test
    void should_count_only_the_cores_its_io_threads_can_keep_busy() {
        // -t 1 on 2 cores: one busy I/O thread is all the generator can do
        assertThat(GeneratorSaturation.usableCores(run(0.95, 2), 1)).isEqualTo(1);
        assertThat(GeneratorSaturation.saturated(run(0.95, 2), 1)).isTrue();
        assertThat(GeneratorSaturation.saturated(run(0.85, 2), 1)).isFalse();
        assertThat(GeneratorSaturation.usableCores(run(0.95, 2), 8)).isEqualTo(2);
    }

    @Test
    void should_explain_a_saturated_run_with_its_figures() {
        assertThat(GeneratorSaturation.explanation(run(1.94, 2), 2)).hasValue(
                "the generator used 1.94 of its 2 cores (97 %, the line is 90 %): the figures may be its limit, "
                        + "not the server's; give it more cores, or run it on another machine");
        assertThat(GeneratorSaturation.explanation(run(0.99, 2), 1)).hasValue(
                "the generator used 0.99 cores with 1 I/O thread, which can keep 1 of its 2 cores busy (99 %, "
                        + "the line is 90 %): the figures may be its limit, not the server's; raise the threads (-t), "
                        + "or run it on another machine");
    }

    @Test
    void should_give_at_most_100_percent_of_what_its_io_threads_can_use() {
        assertThat(GeneratorSaturation.explanation(run(1.5, 2), 1)).hasValueSatisfying(s -> s.startsWith(
                "the generator used 1.50 cores with 1 I/O thread, which can keep 1 of its 2 cores busy (100 %,"));
    }

    @Test
    void should_explain_nothing_when_the_generator_had_room() {
        assertThat(GeneratorSaturation.explanation(run(1.0, 2), 2)).isEmpty();
    }

    @Test
    void should_need_the_io_threads_busy_too_so_an_application_in_the_same_jvm_is_not_blamed_on_the_generator() {
        assertThat(GeneratorSaturation.saturated(run(1.95, 2), 1.85, 2)).isTrue();
        assertThat(GeneratorSaturation.saturated(run(1.95, 2), 1.79, 2)).isFalse();
        assertThat(GeneratorSaturation.saturated(run(0.95, 2), 0.92, 1)).as("one I/O thread").isTrue();
        assertThat(GeneratorSaturation.saturated(run(0.30, 2), 0.30, 1)).as("mostly idle").isFalse();
    }

    @Test
    void should_say_why_a_result_is_generator_saturated_by_its_lag_or_its_cpu() {
        Result cpu = result(Verdict.GENERATOR_SATURATED, Optional.empty(), Optional.of(run(0.99, 2)), 1);
        Histogram lag = LatencyHistogram.newHistogram();
        lag.recordValue(25_000_000);
        Result behind = result(Verdict.GENERATOR_SATURATED,
                Optional.of(new Rate(100, 100, 100, 0, 0, 0, LatencyHistogram.of(lag))), Optional.of(run(0.2, 2)), 2);

        assertThat(GeneratorSaturation.why(cpu)).hasValueSatisfying(s -> s.startsWith(
                "the generator used 0.99 cores with 1 I/O thread, which can keep 1 of its 2 cores busy"));
        assertThat(GeneratorSaturation.why(behind)).hasValueSatisfying(s -> s.startsWith(
                "the generator's scheduler fell behind (lag p99 25"));
        assertThat(GeneratorSaturation.why(result(Verdict.OK, Optional.empty(), Optional.of(run(1.99, 2)), 2)))
                .isEmpty();
    }

    private static Result result(Verdict verdict, Optional<Rate> rate, Optional<GeneratorLoad> generator,
                                 int threads) {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).threads(threads).requests(10).build();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(1)).protocol("h2c").rate(rate)
                .generator(generator).verdict(verdict).build();
    }

    @Test
    void should_refuse_fewer_than_one_io_thread() {
        assertThatThrownBy(() -> GeneratorSaturation.saturated(run(1.0, 2), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("ioThreads (0) must be >= 1");
    }

    @Test
    void should_refuse_a_load_above_its_cores() {
        assertThatThrownBy(() -> run(2.5, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("coresUsed (2.5) must be from 0 to cores (2)");
    }
}
