package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SharesTest {

    @Test
    void should_give_the_first_parties_one_more_as_h2load_does() {
        assertThat(IntStream.range(0, 3).map(i -> Shares.share(10, 3, i))).containsExactly(4, 3, 3);
        assertThat(IntStream.range(0, 4).map(i -> Shares.share(2, 4, i))).containsExactly(1, 1, 0, 0);
    }

    @Test
    void should_add_up_to_the_whole() {
        for (int parties = 1; parties <= 7; parties++) {
            int p = parties;
            assertThat(IntStream.range(0, p).mapToLong(i -> Shares.share(1_000_000_007L, p, i)).sum())
                    .isEqualTo(1_000_000_007L);
        }
    }
}
