package dev.loadtest.internal.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Requests;
import org.junit.jupiter.api.Test;

/** Counts as a result's requests: h2load's meanings of done and failed, and the threads' retries. */
class CountsTest {

    @Test
    void should_sum_threads_into_requests_with_their_retries_and_never_issued_ones_not_done() {
        WorkerStats one = new WorkerStats();
        one.started = 5;
        one.responded = 4;
        one.countStatus(200);
        one.countStatus(200);
        one.countStatus(200);
        one.countStatus(503);
        one.failed(ErrorCategory.RESET, "reset", false);
        one.retried();
        WorkerStats two = new WorkerStats();
        two.notIssued(ErrorCategory.REFUSED, "refused", 2);
        two.retried();
        Counts sum = new Counts();
        sum.add(one);
        sum.add(two);

        Requests r = sum.requests(7);

        assertThat(r.total()).isEqualTo(7);
        assertThat(r.started()).isEqualTo(5);
        assertThat(r.done()).as("sent and finished: 4 responses and 1 reset").isEqualTo(5);
        assertThat(r.succeeded()).isEqualTo(3);
        assertThat(r.failed()).as("a 503, a reset and 2 never issued").isEqualTo(4);
        assertThat(r.errored()).isEqualTo(3);
        assertThat(r.notIssued()).isEqualTo(2);
        assertThat(r.retried()).isEqualTo(2);
        assertThat(sum.requestsSentOrNot().total()).as("5 started and 2 never issued").isEqualTo(7);
    }
}
