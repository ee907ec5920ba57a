package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.http1.Http1Connection;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server that closes (without {@code Connection: close}) right behind a response: the request the slot handed its
 * HTTP/1.1 connection in that read event, not yet written, fails as never sent, and goes out on the next connection.
 * Fake sessions play the sockets, so the close lands in the same event as the response, every time.
 */
class CloseBeforeHandedOverRequestTest {

    private final Recorders recorders = new Recorders((thread, error) -> { });
    private final List<FakeSession> connections = new ArrayList<>();
    private Phase phase;

    /**
     * A run's context whose every connect gets a new fake connection, connected and ready at once: answered inside
     * the slot's connect, unlike HttpCore, which is harmless with the test's one slot (see {@link FakeRun}).
     */
    private final SlotContext context = new FakeRun(new ConnectWindow(1), (ready, callback) -> {
        FakeSession fake = new FakeSession();
        fake.handler = new Http1Connection(recorders, phase, ReadyToSend.NONE);
        try {
            fake.handler.connected(fake.session);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        connections.add(fake);
        callback.completed(fake.session);
        ready.ready();
    });

    /** A 200 response of exactly {@code size} bytes (its body fills the rest), so that the read takes all it can. */
    private static byte[] responseOf(int size) {
        String head = "HTTP/1.1 200 OK\r\nContent-Length: ";
        int digits = 1;
        while (true) {
            int body = size - head.length() - digits - 4;
            if (String.valueOf(body).length() == digits) {
                byte[] bytes = Arrays.copyOf((head + body + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), size);
                Arrays.fill(bytes, size - body, size, (byte) 'x');
                return bytes;
            }
            digits++;
        }
    }

    @Test
    void should_send_a_request_handed_over_when_the_server_closed_again_on_a_new_connection() throws Exception {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/hello"))
                .protocol(Protocol.HTTP_1_1).clients(1).streams(1).requests(2).build();
        phase = new Phase(test, System.nanoTime());
        RequestTemplate template = new RequestTemplate(test, test.targets().get(0), null);
        ByteBuffer h = template.http1Head();
        byte[] head = new byte[h.remaining()];
        h.duplicate().get(head);
        ConnectionSlot slot = new ConnectionSlot(0, context, SlotSettings.of(test), phase, recorders,
                new Connections(), RequestSource.rotating(List.of(template)), null);
        slot.start();
        FakeSession first = connections.get(0);
        assertThat(first.written.toByteArray()).isEqualTo(head);   // the first request, on the first connection

        // the response fills the read, so the connection reads again in the same event, and finds the server closed:
        // the second request, handed over when the response completed, was never written
        first.arriving.add(CloseBeforeHandedOverRequestTest::responseOf);
        first.arriving.add(room -> null);
        first.handler.inputReady(first.session, null);

        assertThat(first.written.toByteArray()).isEqualTo(head);
        assertThat(connections).hasSize(2);
        assertThat(connections.get(1).written.toByteArray()).isEqualTo(head);   // sent again, not lost
    }
}
