package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The slots' connects through a window of 2: a fake context stands for HttpCore and keeps every connect it is handed
 * unanswered until the test answers it, so each test sees exactly how many connects are out at once and which go next.
 */
class SlotConnectWindowTest {

    private static final int CLIENTS = 10;

    private final ConnectWindow window = new ConnectWindow(2);
    /** The connects handed to "HttpCore", in order; answered ones stay in the list. */
    private final List<FutureCallback<IOSession>> handedOver = new ArrayList<>();
    private int answered;
    private int mostOutstanding;
    private final List<ConnectionSlot> slots = new ArrayList<>();
    private LoadTest test;
    /** Read just before the clients start, and just after: their first connects went out between. */
    private long beforeStart;
    private long afterStart;

    /** "HttpCore": keeps every connect unanswered until the test answers it (a back-off ends the slot). */
    private final SlotContext context = new FakeRun(window, (ready, callback) -> {
        handedOver.add(callback);
        mostOutstanding = Math.max(mostOutstanding, handedOver.size() - answered);
    });

    @BeforeEach
    void startTenClients() {
        test = LoadTest.target(URI.create("http://127.0.0.1:8080/")).protocol(Protocol.HTTP_1_1).clients(CLIENTS)
                .requests(100).connectTimeout(Duration.ofSeconds(1)).build();
        Phase phase = new Phase(test, System.nanoTime());
        Recorders recorders = new Recorders((thread, error) -> { });
        RequestTemplate template = new RequestTemplate(test, test.targets().get(0), null);
        for (int i = 0; i < CLIENTS; i++) {
            slots.add(new ConnectionSlot(i, context, SlotSettings.of(test), phase, recorders, new Connections(),
                    RequestSource.rotating(List.of(template)), null));
        }
        beforeStart = System.nanoTime();
        slots.forEach(ConnectionSlot::start);
        afterStart = System.nanoTime();
    }

    /** "HttpCore" answers the {@code n}th connect handed over (from 0): refused. */
    private void refuse(int n) {
        answered++;
        handedOver.get(n).failed(new ConnectException("Connection refused"));
    }

    @Test
    void should_hand_over_two_connects_at_first_and_the_next_as_each_is_answered() {
        assertThat(handedOver).hasSize(2);
        assertThat(window.waiting()).isEqualTo(CLIENTS - 2);

        for (int n = 0; n < CLIENTS; n++) {
            refuse(n);
            assertThat(handedOver).hasSize(Math.min(CLIENTS, n + 3));
        }

        assertThat(mostOutstanding).isEqualTo(2);
        assertThat(window.waiting()).isZero();
        assertThat(window.outstanding()).isZero();
    }

    @Test
    void should_pass_the_place_of_a_connect_out_for_the_bound_on_while_it_stays_out() {
        slots.get(0).check(beforeStart + ConnectionSlot.PLACE_HOLD_NANOS - 1);   // out not quite the bound
        assertThat(handedOver).hasSize(2);

        slots.get(0).check(afterStart + ConnectionSlot.PLACE_HOLD_NANOS);   // out the bound, still unanswered
        assertThat(handedOver).hasSize(3);   // client 2's went out in its place
        assertThat(window.outstanding()).isEqualTo(2);
        slots.get(0).check(afterStart + 2 * ConnectionSlot.PLACE_HOLD_NANOS);
        assertThat(handedOver).hasSize(3);   // passed on once

        refuse(0);   // its answer comes after all: it has no place to give back
        assertThat(handedOver).hasSize(3);
        assertThat(window.outstanding()).isEqualTo(2);
        refuse(1);   // an answer within the bound gives its place back
        assertThat(handedOver).hasSize(4);
        assertThat(window.outstanding()).isEqualTo(2);
        assertThat(window.waiting()).isEqualTo(CLIENTS - 4);
    }

    @Test
    void should_not_time_out_a_connect_that_waits_for_its_place() {
        long past = System.nanoTime() + test.connectTimeout().toNanos() + Duration.ofSeconds(6).toNanos();

        slots.get(CLIENTS - 1).check(past);   // waiting: its connect has not begun
        assertThat(handedOver).hasSize(2);

        slots.get(0).check(past);   // out, and its answer lost: given up, its place passes on
        assertThat(handedOver).hasSize(3);
        assertThat(window.outstanding()).isEqualTo(2);

        refuse(0);   // the answer of the attempt given up comes after all: the place is not passed on twice
        assertThat(handedOver).hasSize(3);
        assertThat(window.outstanding()).isEqualTo(2);
    }

    @Test
    void should_connect_a_client_whose_wait_for_its_place_outlasted_the_connect_timeout() {
        long past = System.nanoTime() + test.connectTimeout().toNanos() + Duration.ofSeconds(6).toNanos();
        slots.get(CLIENTS - 1).check(past);

        for (int n = 0; n < CLIENTS - 1; n++) {
            refuse(n);
        }

        assertThat(handedOver).hasSize(CLIENTS);   // the last client's connect went out in its turn
    }

    @Test
    void should_skip_a_client_that_gave_up_while_it_waited() {
        slots.get(2).giveUp(ErrorCategory.REFUSED, "given up");

        refuse(0);

        assertThat(handedOver).hasSize(3);   // client 3's: client 2 no longer connects
        assertThat(window.waiting()).isEqualTo(CLIENTS - 4);
        assertThat(window.outstanding()).isEqualTo(2);
    }

    @Test
    void should_leave_no_connect_behind_when_the_run_closes() {
        window.close();
        slots.forEach(ConnectionSlot::close);

        refuse(0);
        refuse(1);

        assertThat(handedOver).hasSize(2);
        assertThat(window.waiting()).isZero();
    }
}
