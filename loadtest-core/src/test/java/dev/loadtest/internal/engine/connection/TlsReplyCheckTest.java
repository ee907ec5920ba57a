package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.faults.FaultTls;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine HttpCore's TLS session is given, against a server engine in memory (the JDK's, TLS 1.3): one unwrap
 * decrypts every whole record its source holds while the destination has room, and no more; a failure after the
 * first record comes on the next unwrap, after the records before it.
 */
class TlsReplyCheckTest {

    private SSLEngine server;
    private TlsReplyCheck client;

    @BeforeEach
    void handshake() throws Exception {
        server = FaultTls.serverContext().createSSLEngine();
        server.setUseClientMode(false);
        client = new TlsReplyCheck(FaultTls.clientContext().createSSLEngine("localhost", 443));
        client.setUseClientMode(true);
        ByteBuffer toServer = ByteBuffer.allocate(1 << 16);
        ByteBuffer toClient = ByteBuffer.allocate(1 << 16);
        ByteBuffer plain = ByteBuffer.allocate(1 << 16);
        client.beginHandshake();
        server.beginHandshake();
        for (int i = 0; i < 100 && !(idle(client) && idle(server)); i++) {
            step(client, toClient, toServer, plain);
            step(server, toServer, toClient, plain);
        }
        assertThat(idle(client) && idle(server)).as("handshake done").isTrue();
        // what the server sent after its Finished (TLS 1.3 session tickets) carries no application data
        toClient.flip();
        while (toClient.hasRemaining()) {
            assertThat(client.unwrap(toClient, plain).bytesProduced()).isZero();
        }
    }

    @Test
    void should_decrypt_every_whole_record_of_the_source_in_one_unwrap() throws Exception {
        ByteBuffer src = records("first", "second", "third");
        ByteBuffer dst = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(result.bytesConsumed()).isEqualTo(src.limit());
        assertThat(result.bytesProduced()).isEqualTo("firstsecondthird".length());
        assertThat(text(dst)).isEqualTo("firstsecondthird");
    }

    @Test
    void should_leave_an_incomplete_record_for_the_next_read() throws Exception {
        ByteBuffer src = records("first", "second", "third");
        src.limit(src.limit() - 1);
        ByteBuffer dst = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(result.bytesProduced()).isEqualTo("firstsecond".length());
        assertThat(text(dst)).isEqualTo("firstsecond");
        assertThat(src.remaining()).as("the third record, less its last byte").isPositive();
    }

    @Test
    void should_stop_where_the_next_record_might_not_fit_in_the_destination() throws Exception {
        ByteBuffer src = records("first", "second");
        int firstRecord = 5 + ((src.get(3) & 0xff) << 8 | (src.get(4) & 0xff));
        ByteBuffer dst = ByteBuffer.allocate(firstRecord);

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.bytesConsumed()).isEqualTo(firstRecord);
        assertThat(text(dst)).isEqualTo("first");
        assertThat(src.remaining()).as("the second record, whole").isPositive();
    }

    @Test
    void should_deliver_the_records_before_a_fatal_alert_and_throw_on_the_next_unwrap() throws Exception {
        ByteBuffer src = records("first", "second");
        int data = src.limit();
        failServer();
        withServerRecord(src);   // its fatal alert, encrypted as application data in TLS 1.3
        ByteBuffer dst = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(result.getHandshakeStatus()).isEqualTo(HandshakeStatus.NOT_HANDSHAKING);
        assertThat(result.bytesConsumed()).isEqualTo(data);
        assertThat(result.bytesProduced()).isEqualTo("firstsecond".length());
        assertThat(text(dst)).isEqualTo("firstsecond");
        assertThat(src.remaining()).as("the alert, left for the next unwrap").isPositive();
        dst.clear();
        assertThatThrownBy(() -> client.unwrap(src, dst))
                .isInstanceOf(SSLException.class)
                .hasMessageContaining("fatal alert");
        assertThat(dst.position()).isZero();
    }

    @Test
    void should_deliver_the_records_before_a_corrupted_one_and_throw_on_the_next_unwrap() throws Exception {
        ByteBuffer src = records("first", "second", "third");
        src.put(src.limit() - 1, (byte) (src.get(src.limit() - 1) ^ 1));   // the third record's tag
        ByteBuffer dst = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(text(dst)).isEqualTo("firstsecond");
        assertThat(result.bytesConsumed() + src.remaining()).isEqualTo(src.limit());
        assertThat(src.remaining()).as("the third record, left for the next unwrap").isPositive();
        assertThatThrownBy(() -> client.unwrap(src, dst)).isInstanceOf(SSLException.class);
    }

    @Test
    void should_return_closed_with_the_records_before_a_close_notify() throws Exception {
        ByteBuffer src = records("first", "second");
        server.closeOutbound();
        withServerRecord(src);   // close_notify
        ByteBuffer dst = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());

        SSLEngineResult result = client.unwrap(src, dst);

        assertThat(result.getStatus()).isEqualTo(SSLEngineResult.Status.CLOSED);
        assertThat(result.bytesConsumed()).isEqualTo(src.limit());
        assertThat(result.bytesProduced()).isEqualTo("firstsecond".length());
        assertThat(text(dst)).isEqualTo("firstsecond");
        assertThat(client.isInboundDone()).isTrue();
    }

    /** Makes the server fail: a record it cannot decrypt, so that its next wrap writes a fatal alert. */
    private void failServer() {
        ByteBuffer garbage = ByteBuffer.allocate(5 + 64);
        garbage.put((byte) 23).put((byte) 3).put((byte) 3).putShort((short) 64).position(0);
        assertThatThrownBy(() -> server.unwrap(garbage, ByteBuffer.allocate(1 << 16))).isInstanceOf(SSLException.class);
    }

    /** Appends to {@code src}, after its records, the record (an alert) that the server's next wrap writes. */
    private void withServerRecord(ByteBuffer src) throws Exception {
        int data = src.limit();
        src.limit(src.capacity()).position(data);
        server.wrap(ByteBuffer.allocate(0), src);
        src.flip();
        assertThat(src.limit()).as("a record after the data").isGreaterThan(data);
    }

    /** The server's records, one a text, back to back as one socket read would bring them. */
    private ByteBuffer records(String... texts) throws Exception {
        ByteBuffer net = ByteBuffer.allocate(1 << 16);
        for (String text : texts) {
            SSLEngineResult result = server.wrap(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)), net);
            assertThat(result.bytesConsumed()).isEqualTo(text.length());
        }
        return net.flip();
    }

    private static String text(ByteBuffer dst) {
        return new String(dst.array(), 0, dst.position(), StandardCharsets.US_ASCII);
    }

    private static boolean idle(SSLEngine engine) {
        return engine.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING;
    }

    /** One handshake step of {@code engine}: reads what it was sent ({@code in}), writes to its peer ({@code out}). */
    private static void step(SSLEngine engine, ByteBuffer in, ByteBuffer out, ByteBuffer plain) throws Exception {
        for (int i = 0; i < 20; i++) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> engine.wrap(ByteBuffer.allocate(0), out);
                case NEED_TASK -> engine.getDelegatedTask().run();
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    in.flip();
                    SSLEngineResult result = engine.unwrap(in, plain);
                    in.compact();
                    if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                        return;
                    }
                }
                default -> {
                    return;
                }
            }
        }
    }
}
