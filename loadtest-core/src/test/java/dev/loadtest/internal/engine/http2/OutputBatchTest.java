package dev.loadtest.internal.engine.http2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.core5.reactor.ProtocolIOSession;
import org.junit.jupiter.api.Test;

class OutputBatchTest {

    /** The session under the batch: records each write it takes and each interest-op call. */
    private static final class Session {
        final List<byte[]> writes = new ArrayList<>();
        final List<String> events = new ArrayList<>();
        final ReentrantLock lock = new ReentrantLock();
        /** Bytes it takes per write call before it is "full"; then 0 until refilled. */
        int room = Integer.MAX_VALUE;
        boolean open = true;

        ProtocolIOSession proxy() {
            return (ProtocolIOSession) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ProtocolIOSession.class}, (p, method, args) -> switch (method.getName()) {
                        case "write" -> take((ByteBuffer) args[0]);
                        case "getLock" -> lock;
                        case "isOpen" -> open;
                        case "setEvent" -> {
                            events.add("set " + args[0]);
                            yield null;
                        }
                        case "clearEvent" -> {
                            events.add("clear " + args[0]);
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        private int take(ByteBuffer src) {
            int n = Math.min(src.remaining(), room);
            if (room != Integer.MAX_VALUE) {
                room -= n;
            }
            if (n == 0) {
                return 0;
            }
            byte[] bytes = new byte[n];
            src.get(bytes);
            writes.add(bytes);
            return n;
        }

        byte[] written() {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            writes.forEach(all::writeBytes);
            return all.toByteArray();
        }
    }

    private static final String WRITE = "set " + SelectionKey.OP_WRITE;
    private static final String NO_WRITE = "clear " + SelectionKey.OP_WRITE;

    @Test
    void should_hand_the_frames_of_one_event_to_the_session_in_one_write() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        assertThat(batch.beginEvent()).isTrue();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 10; i++) {
            byte[] frame = frame(i, 14);
            expected.writeBytes(frame);
            assertThat(batch.write(ByteBuffer.wrap(frame))).isEqualTo(14);
            batch.setEvent(SelectionKey.OP_WRITE);   // as HttpCore's multiplexer does after each frame
        }
        assertThat(session.writes).as("nothing leaves before the event ends").isEmpty();
        batch.endEvent();
        assertThat(session.writes).hasSize(1);
        assertThat(session.written()).isEqualTo(expected.toByteArray());
        assertThat(session.events).containsExactly(WRITE);
    }

    @Test
    void should_apply_only_the_last_interest_change_of_an_event() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        batch.beginEvent();
        batch.setEvent(SelectionKey.OP_WRITE);
        batch.clearEvent(SelectionKey.OP_WRITE);
        batch.endEvent();
        batch.beginEvent();
        batch.clearEvent(SelectionKey.OP_WRITE);
        batch.setEvent(SelectionKey.OP_WRITE);
        batch.endEvent();
        assertThat(session.events).containsExactly(NO_WRITE, WRITE);
    }

    @Test
    void should_keep_what_a_full_socket_did_not_take_and_send_it_first_next_time() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        session.room = 5;
        batch.beginEvent();
        batch.write(ByteBuffer.wrap(frame(1, 20)));
        batch.clearEvent(SelectionKey.OP_WRITE);   // the multiplexer thinks all is written
        batch.endEvent();
        assertThat(session.written()).hasSize(5);
        assertThat(session.events).as("asks to write the rest").containsExactly(WRITE);

        session.room = Integer.MAX_VALUE;
        batch.beginEvent();
        batch.write(ByteBuffer.wrap(frame(2, 7)));
        batch.endEvent();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(frame(1, 20));
        expected.writeBytes(frame(2, 7));
        assertThat(session.written()).isEqualTo(expected.toByteArray());
    }

    @Test
    void should_take_only_what_fits_while_the_socket_is_full() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        session.room = 0;
        batch.beginEvent();
        assertThat(batch.write(ByteBuffer.wrap(frame(2, 10)))).isEqualTo(10);
        ByteBuffer big = ByteBuffer.wrap(frame(3, OutputBatch.CAPACITY + 100));
        int taken = batch.write(big);
        assertThat(taken).isEqualTo(OutputBatch.CAPACITY - 10);
        assertThat(big.remaining()).as("the multiplexer keeps the rest").isEqualTo(110);
        assertThat(batch.write(ByteBuffer.wrap(frame(4, 10)))).isZero();
        batch.endEvent();
        assertThat(session.writes).isEmpty();
        assertThat(session.events).containsExactly(WRITE);
    }

    @Test
    void should_write_a_frame_larger_than_it_holds_straight_through_after_what_it_holds() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        batch.beginEvent();
        byte[] small = frame(5, 30);
        byte[] data = frame(6, OutputBatch.CAPACITY * 3);
        batch.write(ByteBuffer.wrap(small));
        assertThat(batch.write(ByteBuffer.wrap(data))).isEqualTo(data.length);
        assertThat(session.writes).hasSize(2);
        assertThat(session.writes.get(0)).isEqualTo(small);
        assertThat(session.writes.get(1)).isEqualTo(data);
        batch.endEvent();
        assertThat(session.writes).hasSize(2);
    }

    @Test
    void should_hold_a_write_from_another_thread_and_ask_the_io_thread_to_send_it() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        byte[] reset = frame(7, 13);
        Thread timer = new Thread(() -> {
            try {
                batch.write(ByteBuffer.wrap(reset));
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        timer.start();
        timer.join();
        assertThat(session.writes).isEmpty();
        assertThat(session.events).containsExactly(WRITE);
        batch.beginEvent();
        batch.endEvent();
        assertThat(session.written()).isEqualTo(reset);
    }

    @Test
    void should_send_what_it_holds_before_a_graceful_close_and_nothing_after_a_failed_event() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        batch.beginEvent();
        batch.write(ByteBuffer.wrap(frame(8, 17)));   // a GOAWAY
        batch.flushBeforeClose();
        assertThat(session.written()).isEqualTo(frame(8, 17));
        batch.setEvent(SelectionKey.OP_WRITE);
        batch.abandonEvent();
        assertThat(session.events).isEmpty();
        assertThat(batch.beginEvent()).as("a new event can begin").isTrue();
    }

    @Test
    void should_leave_a_write_to_a_closed_session_to_the_session() throws Exception {
        Session session = new Session();
        OutputBatch batch = new OutputBatch(session.proxy());
        session.open = false;
        batch.beginEvent();
        batch.write(ByteBuffer.wrap(frame(9, 11)));
        assertThat(session.writes).as("handed on at once, for the session to refuse").hasSize(1);
        batch.endEvent();
        assertThat(session.writes).hasSize(1);
    }

    private static byte[] frame(int seed, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }
}
