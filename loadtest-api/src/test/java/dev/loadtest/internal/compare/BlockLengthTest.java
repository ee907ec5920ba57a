package dev.loadtest.internal.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BlockLengthTest {

    @Test
    void independent_intervals_get_short_blocks_and_correlated_ones_long_blocks() {
        Random random = new Random(3);
        double[] independent = new double[200];
        double[] correlated = new double[200];
        double level = 0;
        for (int i = 0; i < 200; i++) {
            independent[i] = random.nextGaussian();
            level = 0.9 * level + random.nextGaussian();   // AR(1): a slow drift
            correlated[i] = level;
        }
        int shortBlocks = BlockLength.of(independent);
        int longBlocks = BlockLength.of(correlated);
        assertThat(shortBlocks).isBetween(6, 8);   // the floor, n^(1/3) = 5.8 rounded, or close to it
        assertThat(longBlocks).isGreaterThan(2 * shortBlocks).isLessThanOrEqualTo(200 / 3);
    }

    @Test
    void short_series_keep_at_least_three_blocks() {
        assertThat(BlockLength.of(new double[] {1, 2, 3, 4, 5, 6})).isEqualTo(2);
        assertThat(BlockLength.of(new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1})).isEqualTo(2);   // constant: the floor
        double[] drift = new double[12];
        for (int i = 0; i < drift.length; i++) {
            drift[i] = i < 6 ? 0 : 1;   // one step: neighbours move together
        }
        assertThat(BlockLength.of(drift)).isBetween(2, 4);   // capped at a third
    }
}
