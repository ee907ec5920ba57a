package dev.loadtest.internal.engine.http2;

import static dev.loadtest.internal.engine.http2.Frames.concat;
import static dev.loadtest.internal.engine.http2.Frames.frame;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DataSkippingReaderTest {

    /** What HttpCore's buffer held before: a DATA payload passed over keeps it. */
    private static final byte STALE = 0x55;
    private static final int DATA_BYTES = 300;
    /** Where the unpadded DATA payload starts in {@link #FRAMES}: after SETTINGS (9 + 12), HEADERS (9 + 10), its header. */
    private static final int PAYLOAD_START = 9 + 12 + 9 + 10 + 9;

    /**
     * A server's frames: SETTINGS, HEADERS, an unpadded DATA of 300 bytes, a padded DATA, PING, an empty DATA that ends
     * the stream, and an unknown type.
     */
    private static final byte[] FRAMES = concat(
            frame(0x4, 0, 0, bytes(12, 1)), frame(0x1, 0x4, 1, bytes(10, 2)), frame(0x0, 0, 1, bytes(DATA_BYTES, 3)),
            frame(0x0, 0x8, 1, padded(4, 20)), frame(0x6, 0, 0, bytes(8, 5)), frame(0x0, 0x1, 1, new byte[0]),
            frame(0xa, 0, 0, bytes(5, 6)));

    @ParameterizedTest(name = "reads of {0} bytes, {1} bytes of room")
    @CsvSource({"1, 1", "1, 4096", "7, 3", "9, 9", "10, 64", "64, 17", "4096, 1", "4096, 50", "4096, 4096"})
    void should_copy_every_byte_but_unpadded_data_payloads_whatever_the_reads_and_room(int readSize, int room)
            throws Exception {
        DataSkippingReader reader = new DataSkippingReader();
        ChunkedChannel socket = new ChunkedChannel(FRAMES, readSize);
        byte[] out = new byte[FRAMES.length];
        Arrays.fill(out, STALE);
        ByteBuffer dst = ByteBuffer.wrap(out);
        for (int calls = 0; dst.position() < out.length && calls < 100_000; calls++) {
            dst.limit(Math.min(out.length, dst.position() + room));
            int n = reader.read(socket, dst);
            assertThat(n).as("bytes placed while the socket still has some").isPositive();
            reader.keepUnread();   // each read in an event of its own: the worst case for the shared buffer
        }
        assertThat(dst.position()).isEqualTo(FRAMES.length);
        for (int i = 0; i < FRAMES.length; i++) {
            boolean passedOver = i >= PAYLOAD_START && i < PAYLOAD_START + DATA_BYTES;
            assertThat(out[i]).as("byte %d", i).isEqualTo(passedOver ? STALE : FRAMES[i]);
        }
        assertThat(reader.skippedBytes()).isEqualTo(DATA_BYTES);
        assertThat(reader.read(socket, ByteBuffer.allocate(16))).as("the end of the stream").isEqualTo(-1);
    }

    @ParameterizedTest(name = "{0} bytes of room, events end: {1}")
    @CsvSource({"5, true", "40, true", "1000, true", "5, false", "40, false"})
    void should_keep_a_connections_unread_bytes_apart_from_another_connection_on_the_same_thread(int room,
            boolean eventsEnd) throws Exception {
        // two connections of one I/O thread, one event each in turn: each gets exactly its own stream of bytes, also
        // when an event ends without keepUnread (the other connection's read then keeps them for it)
        byte[] other = concat(frame(0x6, 0, 0, bytes(8, 9)), frame(0x1, 0x4, 3, bytes(30, 8)));
        DataSkippingReader a = new DataSkippingReader();
        DataSkippingReader b = new DataSkippingReader();
        ChunkedChannel socketA = new ChunkedChannel(FRAMES, 4096);
        ChunkedChannel socketB = new ChunkedChannel(other, 4096);
        ByteArrayOutputStream gotA = new ByteArrayOutputStream();
        ByteArrayOutputStream gotB = new ByteArrayOutputStream();
        for (int turn = 0; turn < 10_000 && (gotA.size() < FRAMES.length || gotB.size() < other.length); turn++) {
            take(a, socketA, room, gotA);
            if (eventsEnd) {
                a.keepUnread();
            }
            take(b, socketB, room, gotB);
            if (eventsEnd) {
                b.keepUnread();
            }
        }
        assertThat(gotB.toByteArray()).isEqualTo(other);
        byte[] a0 = gotA.toByteArray();
        assertThat(a0).hasSize(FRAMES.length);
        assertThat(Arrays.copyOfRange(a0, 0, PAYLOAD_START)).isEqualTo(Arrays.copyOfRange(FRAMES, 0, PAYLOAD_START));
        assertThat(Arrays.copyOfRange(a0, PAYLOAD_START + DATA_BYTES, a0.length))
                .isEqualTo(Arrays.copyOfRange(FRAMES, PAYLOAD_START + DATA_BYTES, FRAMES.length));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"a TLS record, 1603030000000000016162636465", "a DATA frame before any SETTINGS, 000004000000000001abcdef01"})
    void should_pass_nothing_over_when_the_server_does_not_start_with_settings(String what, String hex)
            throws Exception {
        // the bytes read as a DATA frame header, but no SETTINGS came first: not HTTP/2, so shown as they came
        byte[] notHttp2 = java.util.HexFormat.of().parseHex(hex);
        DataSkippingReader reader = new DataSkippingReader();
        ChunkedChannel socket = new ChunkedChannel(notHttp2, 3);
        ByteBuffer dst = ByteBuffer.allocate(notHttp2.length);
        Arrays.fill(dst.array(), STALE);
        while (dst.hasRemaining() && reader.read(socket, dst) > 0) {
            reader.keepUnread();
        }
        assertThat(dst.array()).isEqualTo(notHttp2);
        assertThat(reader.skippedBytes()).isZero();
    }

    /** One read of at most {@code room} bytes, as HttpCore makes it, appended to {@code got}. */
    private static void take(DataSkippingReader reader, ChunkedChannel socket, int room, ByteArrayOutputStream got)
            throws Exception {
        ByteBuffer dst = ByteBuffer.allocate(room);
        Arrays.fill(dst.array(), STALE);
        int n = reader.read(socket, dst);
        if (n > 0) {
            got.write(dst.array(), 0, n);
        }
    }

    /** A socket that gives at most {@code chunk} bytes a read, then -1. */
    private static final class ChunkedChannel implements ReadableByteChannel {
        private final byte[] bytes;
        private final int chunk;
        private int at;

        ChunkedChannel(byte[] bytes, int chunk) {
            this.bytes = bytes;
            this.chunk = chunk;
        }

        @Override
        public int read(ByteBuffer dst) {
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(chunk, Math.min(dst.remaining(), bytes.length - at));
            dst.put(bytes, at, n);
            at += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static byte[] padded(int padLength, int contentLength) {
        byte[] p = new byte[1 + contentLength + padLength];
        p[0] = (byte) padLength;
        Arrays.fill(p, 1, 1 + contentLength, (byte) 4);
        return p;
    }

    private static byte[] bytes(int n, int value) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) value);
        return b;
    }
}
