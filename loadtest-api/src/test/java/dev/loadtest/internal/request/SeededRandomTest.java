package dev.loadtest.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SeededRandomTest {

    @Test
    void should_repeat_a_clients_numbers_from_the_same_seed() {
        assertThat(draws(SeededRandom.of(5, 0, SeededRandom.Stream.REQUESTS)))
                .containsExactly(draws(SeededRandom.of(5, 0, SeededRandom.Stream.REQUESTS)));
    }

    @Test
    void should_give_each_client_stream_and_seed_its_own_numbers() {
        long[] base = draws(SeededRandom.of(5, 0, SeededRandom.Stream.REQUESTS));

        assertThat(draws(SeededRandom.of(5, 1, SeededRandom.Stream.REQUESTS))).doesNotContain(base);
        assertThat(draws(SeededRandom.of(5, 0, SeededRandom.Stream.FEEDER))).doesNotContain(base);
        assertThat(draws(SeededRandom.of(6, 0, SeededRandom.Stream.REQUESTS))).doesNotContain(base);
    }

    @Test
    void should_draw_below_a_bound_every_value_in_range() {
        SeededRandom random = SeededRandom.of(1, 0, SeededRandom.Stream.REQUESTS);
        long[] counts = new long[7];
        for (int i = 0; i < 7_000; i++) {
            counts[(int) SeededRandom.below(random, 7)]++;
        }

        // each of 7 values about 1000 times: a broken rule (always 0, never 6) is far outside
        assertThat(LongStream.of(counts).boxed()).allMatch(c -> c > 800 && c < 1200);
        assertThatIllegalArgumentException().isThrownBy(() -> SeededRandom.below(random, 0))
                .withMessage("bound (0) must be positive");
    }

    private static long[] draws(SeededRandom random) {
        return LongStream.generate(random::nextLong).limit(8).toArray();
    }
}
