package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** HttpCore's select interval grows with the connections an I/O thread holds, between 20 ms and 1 s. */
class SelectIntervalTest {

    @Test
    void should_be_20_ms_for_up_to_a_thousand_connections_a_thread() {
        assertThat(SelectInterval.of(1, 1).toMilliseconds()).isEqualTo(20);
        assertThat(SelectInterval.of(1_000, 1).toMilliseconds()).isEqualTo(20);
        assertThat(SelectInterval.of(2_000, 2).toMilliseconds()).isEqualTo(20);
    }

    @Test
    void should_grow_by_20_us_a_connection_a_thread_beyond() {
        assertThat(SelectInterval.of(10_000, 1).toMilliseconds()).isEqualTo(200);
        assertThat(SelectInterval.of(10_000, 2).toMilliseconds()).isEqualTo(100);
        assertThat(SelectInterval.of(10_001, 2).toMilliseconds()).isEqualTo(100);
    }

    @Test
    void should_be_at_most_httpcores_default_of_one_second() {
        assertThat(SelectInterval.of(1_000_000, 1).toMilliseconds()).isEqualTo(1_000);
    }
}
