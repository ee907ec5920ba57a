package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.http1.Http1Connection;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.WorkerStats;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open model's send path: a request falling due on an idle clear-text HTTP/1.1 connection is written by the
 * scheduler's thread itself ({@link Http1Connection#sendNow}); what the socket does not take, what falls due while
 * bytes are left unwritten, and everything over TLS goes to the I/O thread as a command. A fake session stands for
 * the socket and the I/O thread, so each test sees exactly which way each request went.
 */
class SendFromSchedulerTest {

    /**
     * A run's context that connects at once to the fake session, ready to send, and runs nothing later: answered
     * inside the slot's connect, unlike HttpCore, which is harmless with the test's one slot (see {@link FakeRun}).
     */
    private static SlotContext connectingTo(FakeSession fake) {
        return new FakeRun(new ConnectWindow(1), (ready, callback) -> {
            callback.completed(fake.session);
            ready.ready();   // the handler is connected already (connectedSlot)
        });
    }

    private final Recorders recorders = new Recorders((thread, error) -> { });
    private final WorkerStats schedulerStats = new WorkerStats();
    private final FakeSession fake = new FakeSession();
    private byte[] head;

    /** A connected slot of a rate-driven HTTP/1.1 run to {@code target}, {@code streams} requests in flight. */
    private ConnectionSlot connectedSlot(String target, int streams) throws Exception {
        LoadTest test = LoadTest.target(URI.create(target)).protocol(Protocol.HTTP_1_1).clients(1).streams(streams)
                .rate(1000).requests(100).build();
        Phase phase = new Phase(test, System.nanoTime());
        RequestTemplate template = new RequestTemplate(test, test.targets().get(0), null);
        ByteBuffer h = template.http1Head();
        head = new byte[h.remaining()];
        h.duplicate().get(head);
        fake.handler = new Http1Connection(recorders, phase, ReadyToSend.NONE);
        fake.handler.connected(fake.session);
        ConnectionSlot slot = new ConnectionSlot(0, connectingTo(fake), SlotSettings.of(test), phase, recorders,
                new Connections(), RequestSource.rotating(List.of(template)), null);
        slot.start();
        return slot;
    }

    private byte[] heads(int n) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            all.write(head, 0, head.length);
        }
        return all.toByteArray();
    }

    @Test
    void should_write_a_due_request_on_the_calling_thread_when_the_connection_is_idle() throws Exception {
        ConnectionSlot slot = connectedSlot("http://127.0.0.1:8080/hello", 2);

        slot.onDue(System.nanoTime(), schedulerStats);
        slot.onDue(System.nanoTime(), schedulerStats);   // pipelined behind the first: streams 2

        assertThat(fake.written.toByteArray()).isEqualTo(heads(2));
        assertThat(fake.enqueued).isZero();   // the I/O thread was handed nothing
        assertThat(fake.eventMask & SelectionKey.OP_WRITE).isZero();   // nor asked to write
    }

    @Test
    void should_leave_what_the_socket_did_not_take_and_what_falls_due_behind_it_to_the_io_thread() throws Exception {
        ConnectionSlot slot = connectedSlot("http://127.0.0.1:8080/hello", 2);
        fake.room = 10;

        slot.onDue(System.nanoTime(), schedulerStats);
        assertThat(fake.written.size()).isEqualTo(10);
        assertThat(fake.eventMask & SelectionKey.OP_WRITE).isNotZero();   // the rest at the next output event

        slot.onDue(System.nanoTime(), schedulerStats);   // bytes of the first are unwritten: it must not cut in
        assertThat(fake.written.size()).isEqualTo(10);
        assertThat(fake.commands).hasSize(1);

        fake.room = Integer.MAX_VALUE;
        fake.handler.outputReady(fake.session);   // the I/O thread: the first request's rest, then the second

        assertThat(fake.written.toByteArray()).isEqualTo(heads(2));
        assertThat(fake.commands).isEmpty();
        assertThat(fake.eventMask & SelectionKey.OP_WRITE).isZero();
    }

    @Test
    void should_hand_a_due_request_to_the_io_thread_over_tls() throws Exception {
        ConnectionSlot slot = connectedSlot("https://127.0.0.1:8080/hello", 1);

        slot.onDue(System.nanoTime(), schedulerStats);

        assertThat(fake.written.size()).isZero();   // the TLS session writes only on its I/O thread
        assertThat(fake.commands).hasSize(1);
    }

    @Test
    void should_hand_a_due_request_to_the_io_thread_rather_than_wait_while_that_thread_writes() throws Exception {
        ConnectionSlot slot = connectedSlot("http://127.0.0.1:8080/hello", 2);
        fake.room = 10;
        slot.onDue(System.nanoTime(), schedulerStats);   // partly written: the I/O thread writes the rest
        fake.room = Integer.MAX_VALUE;
        fake.duringWrite = () -> {
            // the scheduler, while the I/O thread is in its output event: a wait here would never end
            Thread scheduler = new Thread(() -> slot.onDue(System.nanoTime(), schedulerStats));
            scheduler.start();
            try {
                scheduler.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertThat(scheduler.isAlive()).isFalse();
        };

        fake.handler.outputReady(fake.session);

        assertThat(fake.enqueued).isEqualTo(1);   // the second request went as a command
        assertThat(fake.written.toByteArray()).isEqualTo(heads(2));   // and out in the same event, behind the first
        assertThat(fake.commands).isEmpty();
    }
}
