package dev.loadtest.internal.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The open model's per-client ring of due times: order, bounds, and what it counts at the end of a run. */
class BacklogTest {

    @Test
    void should_hand_out_due_times_oldest_first() {
        Backlog backlog = new Backlog(3);
        backlog.offerLast(10);
        backlog.offerLast(20);
        backlog.offerLast(30);

        assertThat(backlog.pollFirst()).isEqualTo(10);
        assertThat(backlog.pollFirst()).isEqualTo(20);
        assertThat(backlog.pollFirst()).isEqualTo(30);
        assertThat(backlog.isEmpty()).isTrue();
    }

    @Test
    void should_refuse_a_due_time_when_full() {
        Backlog backlog = new Backlog(2);

        assertThat(backlog.offerLast(1)).isTrue();
        assertThat(backlog.offerLast(2)).isTrue();
        assertThat(backlog.offerLast(3)).isFalse();
        assertThat(backlog.size()).isEqualTo(2);
        assertThat(backlog.pollFirst()).isEqualTo(1);
        assertThat(backlog.pollFirst()).isEqualTo(2);
    }

    @Test
    void should_put_a_request_that_could_not_be_sent_back_first() {
        Backlog backlog = new Backlog(3);
        backlog.offerLast(20);
        backlog.offerLast(30);

        backlog.pushFront(10);

        assertThat(backlog.pollFirst()).isEqualTo(10);
        assertThat(backlog.pollFirst()).isEqualTo(20);
        assertThat(backlog.pollFirst()).isEqualTo(30);
    }

    @Test
    void should_drop_the_latest_due_time_when_one_is_put_back_into_a_full_backlog() {
        Backlog backlog = new Backlog(2);
        backlog.offerLast(20);
        backlog.offerLast(30);

        backlog.pushFront(10);

        assertThat(backlog.size()).isEqualTo(2);
        assertThat(backlog.pollFirst()).isEqualTo(10);
        assertThat(backlog.pollFirst()).isEqualTo(20);
        assertThat(backlog.isEmpty()).isTrue();
    }

    @Test
    void should_keep_its_order_across_the_end_of_the_ring() {
        Backlog backlog = new Backlog(3);
        for (long due = 1; due <= 10; due++) {
            backlog.offerLast(due);
            if (backlog.size() == 3) {
                assertThat(backlog.pollFirst()).isEqualTo(due - 2);
            }
        }
        assertThat(backlog.pollFirst()).isEqualTo(9);
        assertThat(backlog.pollFirst()).isEqualTo(10);
    }

    @Test
    void should_count_the_due_times_within_a_window_both_ends_included() {
        Backlog backlog = new Backlog(4);
        backlog.offerLast(5);
        backlog.pollFirst();   // the ring's head moves on: the count must follow it
        for (long due : new long[] {10, 20, 30, 40}) {
            backlog.offerLast(due);
        }

        assertThat(backlog.countWithin(20, 30)).isEqualTo(2);
        assertThat(backlog.countWithin(0, 100)).isEqualTo(4);
        assertThat(backlog.countWithin(41, 100)).isZero();
    }

    @Test
    void should_forget_everything_when_cleared() {
        Backlog backlog = new Backlog(2);
        backlog.offerLast(1);
        backlog.offerLast(2);

        backlog.clear();

        assertThat(backlog.isEmpty()).isTrue();
        assertThat(backlog.countWithin(Long.MIN_VALUE, Long.MAX_VALUE)).isZero();
        assertThat(backlog.offerLast(3)).isTrue();
        assertThat(backlog.pollFirst()).isEqualTo(3);
    }
}
