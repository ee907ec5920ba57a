package dev.loadtest.internal.engine.http2;

import static dev.loadtest.internal.engine.http2.Frames.concat;
import static dev.loadtest.internal.engine.http2.Frames.frame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.internal.engine.connection.SetupException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FrameReaderTest {

    private static final int MAX = 16_384;

    /** Writes down what the reader hands over; DATA bytes are joined per frame, as they may come in pieces. */
    private static final class Recorder implements FrameReader.Listener {
        final List<String> events = new ArrayList<>();
        private StringBuilder data;

        @Override
        public void frame(int type, int flags, int streamId, ByteBuffer buf, int at, int length) {
            byte[] payload = new byte[length];
            buf.get(at, payload, 0, length);
            events.add("frame " + type + " " + flags + " " + streamId + " " + HexFormat.of().formatHex(payload));
        }

        @Override
        public void dataStart(int streamId, int flags, int length) {
            data = new StringBuilder("data " + streamId + " " + flags + " " + length + " ");
        }

        @Override
        public void dataBytes(ByteBuffer buf, int at, int n) {
            byte[] bytes = new byte[n];
            buf.get(at, bytes, 0, n);
            data.append(new String(bytes, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void dataEnd() {
            events.add(data.toString());
            data = null;
        }

        @Override
        public void unknownFrame(int type, int streamId) {
            events.add("unknown " + type + " " + streamId);
        }
    }

    private static final byte[] STREAM = concat(
            frame(0x4, 0, 0, new byte[] {0, 3, 0, 0, 0, 100}),
            frame(0xa, 0, 0, "altsvc"),
            frame(0x1, 0x4, 1, new byte[] {(byte) 0x88}),
            frame(0x0, 0, 1, "x".repeat(5000)),
            frame(0x0, 0x9, 1, new byte[] {2, 'o', 'k', 0, 0}),
            frame(0x6, 0, 0, new byte[8]),
            frame(0x1, 0x0, 3, new byte[] {(byte) 0x88}),
            frame(0x9, 0x4, 3, new byte[] {(byte) 0x84}),
            frame(0x0, 0x1, 3, ""),
            frame(0x0, 0x1, 5, "end"));

    private static List<String> readInChunks(byte[] in, int chunk, boolean direct) throws IOException {
        Recorder recorder = new Recorder();
        FrameReader reader = new FrameReader(recorder, "h:1", MAX);
        for (int i = 0; i < in.length; i += chunk) {
            int n = Math.min(chunk, in.length - i);
            ByteBuffer buf = direct ? ByteBuffer.allocateDirect(n + 7) : ByteBuffer.allocate(n + 7);
            buf.position(3);   // a read need not start at 0
            buf.put(in, i, n).flip().position(3);
            reader.read(buf);
            assertThat(buf.hasRemaining()).isFalse();
        }
        return recorder.events;
    }

    @Test
    void should_hand_over_each_frame_in_order() throws IOException {
        assertThat(readInChunks(STREAM, STREAM.length, false)).containsExactly(
                "frame 4 0 0 000300000064",
                "unknown 10 0",
                "frame 1 4 1 88",
                "data 1 0 5000 " + "x".repeat(5000),
                "frame 0 9 1 026f6b0000",
                "frame 6 0 0 0000000000000000",
                "frame 1 0 3 88",
                "frame 9 4 3 84",
                "data 3 1 0 ",
                "data 5 1 3 end");
    }

    @ParameterizedTest(name = "reads of {0} bytes")
    @ValueSource(ints = {1, 2, 3, 7, 8, 9, 10, 11, 17, 100, 4096})
    void should_hand_over_the_same_whatever_the_reads_are_cut_into(int chunk) throws IOException {
        List<String> whole = readInChunks(STREAM, STREAM.length, false);
        assertThat(readInChunks(STREAM, chunk, false)).isEqualTo(whole);
        assertThat(readInChunks(STREAM, chunk, true)).isEqualTo(whole);
    }

    /** Where the reader says each byte went: by stream, and by the read it came in (a cut header's with its stream). */
    private static final class Tally implements FrameReader.Tally {
        final Map<Integer, Long> byStream = new TreeMap<>();
        final Map<Integer, Long> byRead = new TreeMap<>();
        private final List<int[]> cutHeader = new ArrayList<>();
        int read;

        @Override
        public void headerStart(int n) {
            cutHeader.add(new int[] {read, n});
        }

        @Override
        public void headerEnd(int streamId, int n) {
            for (int[] part : cutHeader) {
                add(streamId, part[0], part[1]);
            }
            cutHeader.clear();
            add(streamId, read, n);
        }

        @Override
        public void payload(int streamId, int n) {
            add(streamId, read, n);
        }

        private void add(int streamId, int readNumber, long n) {
            byStream.merge(streamId, n, Long::sum);
            byRead.merge(readNumber, n, Long::sum);
        }
    }

    @ParameterizedTest(name = "reads of {0} bytes")
    @ValueSource(ints = {1, 2, 3, 7, 8, 9, 10, 11, 17, 100, 4096, 100_000})
    void should_tell_the_tally_each_byte_with_its_frames_stream_in_the_read_it_came_in(int chunk) throws IOException {
        Tally tally = new Tally();
        FrameReader reader = new FrameReader(new Recorder(), "h:1", MAX);
        reader.tally(tally);
        Map<Integer, Long> reads = new TreeMap<>();
        for (int i = 0; i < STREAM.length; i += chunk) {
            int n = Math.min(chunk, STREAM.length - i);
            reader.read(ByteBuffer.wrap(STREAM, i, n));
            reads.put(tally.read++, (long) n);
        }
        assertThat(tally.byRead).as("bytes by the read they came in").isEqualTo(reads);
        // stream 0: SETTINGS (6), ALTSVC (6), PING (8); 1: HEADERS (1), DATA (5000), padded DATA (5); 3: HEADERS,
        // CONTINUATION (1 each), DATA (0); 5: DATA (3); each with its 9-byte header
        assertThat(tally.byStream).containsExactly(Map.entry(0, 47L), Map.entry(1, 5033L), Map.entry(3, 29L),
                Map.entry(5, 12L));
    }

    @Test
    void should_refuse_a_frame_over_our_max_frame_size() {
        byte[] big = concat(frame(0x4, 0, 0, new byte[0]), frame(0x0, 0, 1, new byte[MAX + 1]));
        assertThatThrownBy(() -> readInChunks(big, big.length, false)).isInstanceOf(H2ConnectionException.class)
                .hasMessageContaining("16385 bytes");
    }

    @Test
    void should_say_what_answered_when_it_is_not_http2() {
        byte[] http1 = "HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> readInChunks(http1, 4, false)).isInstanceOf(SetupException.class)
                .hasMessageContaining("--h1");
        byte[] tls = {0x15, 0x03, 0x03, 0, 2, 2, 40, 0, 0};
        assertThatThrownBy(() -> readInChunks(tls, tls.length, false)).isInstanceOf(SetupException.class)
                .hasMessageContaining("https://");
        byte[] garbage = "garbage!!".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> readInChunks(garbage, garbage.length, false)).isInstanceOf(H2ConnectionException.class)
                .hasMessageContaining("garbage");
    }

    @Test
    void should_say_why_when_the_server_closes_before_a_whole_frame() throws IOException {
        FrameReader reader = new FrameReader(new Recorder(), "h:1", MAX);
        reader.read(ByteBuffer.wrap("HTTP/1.1".getBytes(StandardCharsets.US_ASCII)));
        assertThatThrownBy(reader::endOfStream).isInstanceOf(SetupException.class);
        FrameReader silent = new FrameReader(new Recorder(), "h:1", MAX);
        assertThatThrownBy(silent::endOfStream).hasMessageContaining("without a byte");
    }
}
