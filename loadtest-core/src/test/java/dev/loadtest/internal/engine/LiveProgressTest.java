package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import dev.loadtest.Result;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The counts a run's progress events carry while it runs (for live metrics), against Jetty. */
class LiveProgressTest {

    @Test
    void should_carry_growing_counts_whose_last_event_equals_the_results_totals() {
        List<Progress> seen = new CopyOnWriteArrayList<>();
        Result r;
        try (TestServer server = TestServer.h2c()) {
            // 200s, 404s and requests that time out, round robin on each connection
            r = LoadTest.target(server.uri("/hello").toString(), server.uri("/status/404").toString(),
                            server.uri("/slow/3000").toString())
                    .clients(3).requests(30).requestTimeout(Duration.ofMillis(200))
                    .listener(new LoadTestListener() {
                        @Override
                        public void onProgress(Progress p) {
                            seen.add(p);
                        }
                    })
                    .run();
        }

        assertThat(r.statusCodes().count(200)).isPositive();
        assertThat(r.statusCodes().count(404)).isPositive();
        assertThat(r.errorCount(ErrorCategory.REQUEST_TIMEOUT)).isPositive();
        Progress last = seen.get(seen.size() - 1);
        assertThat(last.done()).isEqualTo(r.requests().done());
        assertThat(last.errors()).isEqualTo(r.requests().errored());
        assertThat(last.started()).isEqualTo(r.requests().started());
        assertThat(last.succeeded()).isEqualTo(r.requests().succeeded());
        assertThat(last.failed()).isEqualTo(r.requests().failed());
        assertThat(last.bytesReceived()).isEqualTo(r.traffic().totalBytes()).isPositive();
        assertThat(last.bytesSent()).isEqualTo(r.traffic().sentBytes()).isPositive();
        assertThat(last.statusCodes()).isEqualTo(r.statusCodes());
        Map<ErrorCategory, Long> errors = new EnumMap<>(ErrorCategory.class);
        r.errors().forEach((category, count) -> errors.put(category, count.count()));
        assertThat(last.errorsByCategory()).isEqualTo(errors);
        for (int i = 1; i < seen.size(); i++) {
            Progress before = seen.get(i - 1);
            Progress after = seen.get(i);
            assertThat(after.done()).isGreaterThanOrEqualTo(before.done());
            assertThat(after.succeeded()).isGreaterThanOrEqualTo(before.succeeded());
            assertThat(after.failed()).isGreaterThanOrEqualTo(before.failed());
            assertThat(after.bytesReceived()).isGreaterThanOrEqualTo(before.bytesReceived());
        }
    }

    @Test
    void should_call_a_listener_on_one_thread_per_run_and_another_for_the_next_run() {
        List<Thread> threads = new CopyOnWriteArrayList<>();
        List<Integer> runStarts = new CopyOnWriteArrayList<>();
        LoadTestListener listener = new LoadTestListener() {
            @Override
            public void onProgress(Progress p) {
                threads.add(Thread.currentThread());
            }

            @Override
            public void onInterval(dev.loadtest.Interval i) {
                threads.add(Thread.currentThread());
            }
        };
        try (TestServer server = TestServer.h2c()) {
            LoadTest test = LoadTest.target(server.uri("/hello")).clients(1).duration(Duration.ofMillis(300))
                    .interval(Duration.ofMillis(100)).listener(listener).build();
            test.run();
            runStarts.add(threads.size());
            test.run();
        }

        List<Thread> first = threads.subList(0, runStarts.get(0));
        List<Thread> second = threads.subList(runStarts.get(0), threads.size());
        assertThat(first).isNotEmpty().allMatch(t -> t == first.get(0));
        assertThat(second).isNotEmpty().allMatch(t -> t == second.get(0));
        assertThat(second.get(0)).isNotSameAs(first.get(0));
    }

    @Test
    void should_keep_the_old_five_figure_shape_with_empty_counts() {
        Progress p = new Progress(0.5, Duration.ofSeconds(1), 10, 1, 100);
        assertThat(p.statusCodes().total()).isZero();
        assertThat(p.errorsByCategory()).isEmpty();
    }
}
