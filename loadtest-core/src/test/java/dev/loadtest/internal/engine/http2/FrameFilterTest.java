package dev.loadtest.internal.engine.http2;

import static dev.loadtest.internal.engine.http2.Frames.concat;
import static dev.loadtest.internal.engine.http2.Frames.frame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.internal.engine.connection.SetupException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FrameFilterTest {

    private static final int MAX = 16_384;

    @Test
    void should_pass_known_frames_untouched_and_cut_unknown_ones() throws IOException {
        byte[] in = concat(settings(3, 100), frame(0xa, 0, 0, "altsvc"), frame(0x1, 0x5, 1, "hdrs"),
                frame(0xfa, 0x8, 1, new byte[] {(byte) 0xff, 1}), frame(0x0, 0x1, 1, "ok"), frame(0xc, 0x8, 0, ""));
        byte[] expected = concat(settings(3, 100), frame(0x1, 0x5, 1, "hdrs"), frame(0x0, 0x1, 1, "ok"));
        FrameFilter filter = new FrameFilter("h:1", MAX);
        assertThat(filterWhole(filter, in, false)).isEqualTo(expected);
        assertThat(filter.takeDroppedBytes()).isEqualTo(in.length - expected.length);
        assertThat(filter.maxConcurrentStreams()).isEqualTo(100);
        assertThat(filter.settingsSeen()).isTrue();
    }

    @ParameterizedTest(name = "reads of {0} bytes")
    @ValueSource(ints = {1, 2, 3, 5, 7, 8, 9, 10, 13, 17})
    void should_give_the_same_bytes_whatever_the_reads_are_cut_into(int chunk) throws IOException {
        byte[] in = concat(settings(4, 65535, 3, 0), frame(0xa, 0, 0, "h2=\":443\""), frame(0x1, 0x4, 1, "hdrs"),
                frame(0xfb, 0, 1, "x".repeat(40)), frame(0x0, 0x1, 1, "body"), settings(3, 8));
        byte[] whole = filterWhole(new FrameFilter("h:1", MAX), in, false);
        for (boolean direct : new boolean[] {false, true}) {
            FrameFilter filter = new FrameFilter("h:1", MAX);
            assertThat(filterInReads(filter, in, chunk, direct)).as("direct %s", direct).isEqualTo(whole);
            assertThat(filter.maxConcurrentStreams()).isEqualTo(8);
            assertThat(filter.isHolding()).isFalse();
        }
        // the 0 is hidden from HttpCore: its id is one no version knows
        assertThat(Arrays.copyOfRange(whole, 9 + 6, 9 + 8)).containsExactly(0xff, 0x00);
    }

    @Test
    void should_leave_an_unknown_frame_inside_a_header_block_for_httpcore_to_reject() throws IOException {
        byte[] in = concat(settings(), frame(0x1, 0x0, 1, "hdrs"), frame(0xfa, 0, 1, "x"));
        assertThat(filterWhole(new FrameFilter("h:1", MAX), in, false)).isEqualTo(in);
    }

    @Test
    void should_take_tls_records_split_anywhere_through_complete_held() throws IOException {
        byte[] in = concat(settings(3, 0), frame(0xa, 0, 0, "alt"), frame(0x0, 0x1, 1, "ok"));
        byte[] expected = concat(settings(3, 0), frame(0x0, 0x1, 1, "ok"));
        expected[9] = (byte) 0xff;
        expected[10] = 0;
        for (int cut = 1; cut < in.length; cut++) {
            FrameFilter filter = new FrameFilter("h:1", MAX);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] copy = in.clone();   // filtered in place
            for (ByteBuffer src : new ByteBuffer[] {ByteBuffer.wrap(copy, 0, cut).slice(),
                    ByteBuffer.wrap(copy, cut, in.length - cut).slice()}) {
                ByteBuffer unit = filter.completeHeld(src);
                if (unit != null) {
                    out.write(unit.array(), 0, unit.limit());
                }
                int end = filter.filter(src, src.position(), src.limit());
                byte[] kept = new byte[end - src.position()];
                for (int i = 0; i < kept.length; i++) {
                    kept[i] = src.get(src.position() + i);
                }
                out.write(kept);
            }
            assertThat(out.toByteArray()).as("cut at %d", cut).isEqualTo(expected);
        }
    }

    @Test
    void should_say_use_h1_for_an_http1_status_line_even_when_it_comes_a_byte_at_a_time() throws IOException {
        FrameFilter filter = new FrameFilter("127.0.0.1:8080", MAX);
        byte[] in = "HTTP/1.1 400 Bad Request\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> filterInReads(filter, in, 1, false)).isInstanceOf(SetupException.class)
                .hasMessage("the server at 127.0.0.1:8080 answered HTTP/1.1 to HTTP/2 prior knowledge:"
                        + " use --h1 (protocol(HTTP_1_1)) or a server with h2c");
    }

    @Test
    void should_say_use_https_for_a_tls_alert_even_when_the_server_closes_after_it() throws IOException {
        FrameFilter filter = new FrameFilter("127.0.0.1:8443", MAX);
        byte[] alert = {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x46};
        assertThatThrownBy(() -> filterWhole(filter, alert, true)).isInstanceOf(SetupException.class)
                .hasMessage("the server at 127.0.0.1:8443 answered the HTTP/2 preface with TLS: use https://");
    }

    @Test
    void should_name_what_came_instead_of_settings() {
        FrameFilter filter = new FrameFilter("h:1", MAX);
        byte[] ping = frame(0x6, 0, 0, new byte[8]);
        assertThatThrownBy(() -> filterWhole(filter, ping, false)).isInstanceOf(H2ConnectionException.class)
                .hasMessageContaining("not an HTTP/2 SETTINGS frame: \"\\x00\\x00\\x08\\x06");
    }

    @Test
    void should_say_when_the_server_closes_without_a_byte() {
        FrameFilter filter = new FrameFilter("h:1", MAX);
        assertThatThrownBy(filter::endOfStream).hasMessageContaining("closed the connection in reply to the HTTP/2 preface");
    }

    @Test
    void should_refuse_a_frame_over_our_maximum_in_words() {
        FrameFilter filter = new FrameFilter("h:1", MAX);
        byte[] in = concat(settings(), new byte[] {0x48, 0x54, 0x54, 0x50, 0x2f, 0x31, 0x2e, 0x31, 0x20});
        assertThatThrownBy(() -> filterWhole(filter, in, false)).isInstanceOf(H2ConnectionException.class)
                .hasMessage("the server at h:1 sent a frame of 4740180 bytes (type 0x50), over the 16384 bytes it may send:"
                        + " these are not HTTP/2 frames");
    }

    // ---- helpers ----

    private static byte[] filterWhole(FrameFilter filter, byte[] in, boolean thenEnd) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(in.clone());
        int end = filter.filter(buf, 0, in.length);
        if (thenEnd) {
            filter.endOfStream();
        }
        return Arrays.copyOf(buf.array(), end);
    }

    /** As H2Session reads: held bytes first, then what the channel gives, {@code chunk} bytes at a time. */
    private static byte[] filterInReads(FrameFilter filter, byte[] in, int chunk, boolean direct) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer dst = direct ? ByteBuffer.allocateDirect(64) : ByteBuffer.allocate(64);
        for (int at = 0; at < in.length; at += chunk) {
            dst.clear();
            int start = dst.position();
            filter.putHeld(dst);
            dst.put(in, at, Math.min(chunk, in.length - at));
            int end = filter.filter(dst, start, dst.position());
            for (int i = start; i < end; i++) {
                out.write(dst.get(i));
            }
        }
        return out.toByteArray();
    }

    private static byte[] settings(int... pairs) {
        byte[] p = new byte[pairs.length / 2 * 6];
        for (int i = 0; i < pairs.length; i += 2) {
            int at = i / 2 * 6;
            p[at] = (byte) (pairs[i] >>> 8);
            p[at + 1] = (byte) pairs[i];
            ByteBuffer.wrap(p, at + 2, 4).putInt(pairs[i + 1]);
        }
        return frame(0x4, 0, 0, p);
    }
}
