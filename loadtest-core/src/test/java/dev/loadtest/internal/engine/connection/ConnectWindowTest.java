package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window alone: places taken, passed on in order, skipped for waiters that no longer connect, and dropped. */
class ConnectWindowTest {

    private final ConnectWindow window = new ConnectWindow(2);
    private final List<String> opened = new ArrayList<>();

    private ConnectWindow.Waiter waiter(String name, boolean stillConnects) {
        return () -> {
            opened.add(name);
            return stillConnects;
        };
    }

    @Test
    void should_let_width_connects_out_at_once_and_queue_the_rest() {
        assertThat(window.enter(waiter("a", true))).isEqualTo(ConnectWindow.Entry.NOW);
        assertThat(window.enter(waiter("b", true))).isEqualTo(ConnectWindow.Entry.NOW);
        assertThat(window.enter(waiter("c", true))).isEqualTo(ConnectWindow.Entry.QUEUED);

        assertThat(window.outstanding()).isEqualTo(2);
        assertThat(window.waiting()).isEqualTo(1);
        assertThat(opened).isEmpty();   // a connect that goes out at once is the caller's to make
    }

    @Test
    void should_hand_a_released_place_to_the_first_waiter_in_order() {
        window.enter(waiter("a", true));
        window.enter(waiter("b", true));
        window.enter(waiter("c", true));
        window.enter(waiter("d", true));

        window.release();

        assertThat(opened).containsExactly("c");
        assertThat(window.outstanding()).isEqualTo(2);
        assertThat(window.waiting()).isEqualTo(1);
    }

    @Test
    void should_pass_the_place_on_past_waiters_that_no_longer_connect() {
        window.enter(waiter("a", true));
        window.enter(waiter("b", true));
        window.enter(waiter("gone", false));
        window.enter(waiter("also gone", false));
        window.enter(waiter("e", true));

        window.release();

        assertThat(opened).containsExactly("gone", "also gone", "e");
        assertThat(window.outstanding()).isEqualTo(2);
        assertThat(window.waiting()).isZero();
    }

    @Test
    void should_free_the_place_when_nobody_waits_so_the_next_connect_goes_out_at_once() {
        window.enter(waiter("a", true));
        window.enter(waiter("b", true));
        window.enter(waiter("gone", false));

        window.release();

        assertThat(window.outstanding()).isEqualTo(1);
        assertThat(window.enter(waiter("c", true))).isEqualTo(ConnectWindow.Entry.NOW);
    }

    @Test
    void should_give_back_a_place_without_passing_it_on() {
        window.enter(waiter("a", true));
        window.enter(waiter("b", true));
        window.enter(waiter("c", true));

        window.giveBack();

        assertThat(opened).isEmpty();
        assertThat(window.outstanding()).isEqualTo(1);
    }

    @Test
    void should_drop_the_waiters_and_refuse_connects_once_closed() {
        window.enter(waiter("a", true));
        window.enter(waiter("b", true));
        window.enter(waiter("c", true));

        window.close();
        window.release();

        assertThat(opened).isEmpty();
        assertThat(window.waiting()).isZero();
        assertThat(window.enter(waiter("d", true))).isEqualTo(ConnectWindow.Entry.CLOSED);
    }

    @Test
    void should_name_the_width_and_the_rule_when_it_is_below_one() {
        assertThatThrownBy(() -> new ConnectWindow(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connect window width (0) must be >= 1");
    }
}
