package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Interval;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timer sums a run's progress only when a listener takes it. */
class ListenersTest {

    private static class IntervalsOnly implements LoadTestListener {
        @Override
        public void onInterval(Interval interval) {
        }
    }

    private static final class ProgressToo extends IntervalsOnly {
        @Override
        public void onProgress(Progress progress) {
        }
    }

    @Test
    void should_take_progress_only_when_a_listener_has_its_own_onProgress() {
        assertThat(Listeners.takesProgress(new IntervalsOnly())).isFalse();
        assertThat(Listeners.takesProgress(LoadTestListener.NONE)).isFalse();
        assertThat(Listeners.takesProgress(new ProgressToo())).isTrue();
        assertThat(Listeners.takesProgress(new LoadTestListener() {
            @Override
            public void onProgress(Progress progress) {
            }
        })).isTrue();
    }

    @Test
    void should_take_progress_when_any_of_the_runs_listeners_does() {
        assertThat(new Listeners(List.of(), 1).takesProgress()).isFalse();
        assertThat(new Listeners(List.of(new IntervalsOnly()), 2).takesProgress()).isFalse();
        Listeners both = new Listeners(List.of(new IntervalsOnly(), new ProgressToo()), 3);
        try {
            assertThat(both.takesProgress()).isTrue();
        } finally {
            both.close();
        }
    }
}
