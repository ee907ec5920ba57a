package dev.loadtest.internal.engine.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.TruncatedChunkException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parser on bytes, fed whole and cut at every position (a socket may hand over any split); the
 * events must be the same either way. Real servers are in the engine and fault tests.
 */
class Http1ResponseParserTest {

    /** Records the parser's events as text; answers onHead as a connection with the given requests would. */
    private static class Events implements Http1ResponseParser.Listener {
        final List<String> events = new ArrayList<>();
        final boolean[] headRequests;
        int responses;
        int body;

        Events(boolean... headRequests) {
            this.headRequests = headRequests;
        }

        @Override
        public boolean onHead(int status, long headerBytes) {
            events.add("head " + status + " " + headerBytes);
            return responses >= headRequests.length || !headRequests[responses];
        }

        @Override
        public void onBody(byte[] buf, int from, int bytes) {
            body += bytes;
        }

        @Override
        public void onEnd(long trailerBytes, boolean keepAlive) {
            events.add("body " + body);
            if (trailerBytes > 0) {
                events.add("trailers " + trailerBytes);
            }
            events.add(keepAlive ? "end keep-alive" : "end close");
            body = 0;
            responses++;
        }
    }

    /** Feeds {@code wire} in pieces of {@code piece} bytes as Http1Connection does: unparsed bytes stay in front. */
    private static List<String> parse(String wire, int piece, boolean close, boolean... headRequests) throws Exception {
        Events events = new Events(headRequests);
        Http1ResponseParser parser = new Http1ResponseParser(events);
        byte[] bytes = wire.getBytes(StandardCharsets.ISO_8859_1);
        byte[] buf = new byte[bytes.length];
        int start = 0;
        int end = 0;
        for (int i = 0; i < bytes.length; i += piece) {
            int n = Math.min(piece, bytes.length - i);
            System.arraycopy(bytes, i, buf, end, n);
            end += n;
            start = parser.parse(buf, start, end);
        }
        if (close) {
            parser.endOfStream();
            events.events.add("closed");
        }
        return events.events;
    }

    /** The events, which must not depend on how the bytes were cut. */
    private static List<String> parseEveryWay(String wire, boolean close, boolean... headRequests) throws Exception {
        List<String> whole = parse(wire, wire.length(), close, headRequests);
        for (int piece = 1; piece < Math.min(wire.length(), 40); piece++) {
            assertThat(parse(wire, piece, close, headRequests)).as("cut every %d bytes", piece).isEqualTo(whole);
        }
        return whole;
    }

    @Test
    void should_report_status_header_bytes_and_body_of_a_content_length_response() throws Exception {
        String wire = "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Length: 6\r\n\r\nhello\n";
        // h2load's figure: names and values, "Server" + "nginx" + "Content-Length" + "6"
        assertThat(parseEveryWay(wire, false)).containsExactly("head 200 26", "body 6", "end keep-alive");
    }

    @Test
    void should_read_pipelined_responses_one_after_the_other() throws Exception {
        String one = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        String two = "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
        assertThat(parseEveryWay(one + two + one, false)).containsExactly(
                "head 200 15", "body 2", "end keep-alive",
                "head 404 15", "body 0", "end keep-alive",
                "head 200 15", "body 2", "end keep-alive");
    }

    @Test
    void should_count_chunk_data_without_its_framing_and_skip_extensions() throws Exception {
        String wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nz";
        assertThat(parseEveryWay(wire, false)).containsExactly(
                "head 200 24", "body 31", "end keep-alive", "head 200 15", "body 1", "end keep-alive");
    }

    @Test
    void should_count_trailer_fields_as_h2load_does_and_not_let_them_frame_the_message() throws Exception {
        // "X-Trailer" + "t" + "Content-Length" + "99" + "Connection" + "close": counted, and neither
        // field is obeyed (a trailer may not frame the message, RFC 9110 §6.5.1)
        String wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n"
                + "X-Trailer: t\r\nContent-Length: 99\r\nConnection: close\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nz";
        assertThat(parseEveryWay(wire, false)).containsExactly(
                "head 200 24", "body 5", "trailers 41", "end keep-alive", "head 200 15", "body 1", "end keep-alive");
    }

    @Test
    void should_refuse_malformed_trailers_and_too_many_of_them() {
        String bad = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nno colon here\r\n\r\n";
        assertThatThrownBy(() -> parse(bad, bad.length(), false))
                .isInstanceOf(ProtocolException.class).hasMessage("Invalid header: no colon here");
        // the limit is on the head's fields and the trailers' together: 1 + MAX_HEADERS
        String many = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
                + "X: y\r\n".repeat(Http1ResponseParser.MAX_HEADERS);
        assertThatThrownBy(() -> parse(many, many.length(), false)).isInstanceOf(MessageConstraintException.class);
    }

    @Test
    void should_skip_interim_responses_and_count_their_header_bytes_with_the_final_one() throws Exception {
        String wire = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
        assertThat(parseEveryWay(wire, false)).containsExactly("head 200 23", "body 0", "end keep-alive");
    }

    @Test
    void should_read_no_body_after_head_204_and_304_whatever_their_length_says() throws Exception {
        String head = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n";
        String noContent = "HTTP/1.1 204 No Content\r\nContent-Length: 100\r\n\r\n";
        String notModified = "HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n";
        assertThat(parseEveryWay(head + noContent + notModified, false, true)).containsExactly(
                "head 200 17", "body 0", "end keep-alive",
                "head 204 17", "body 0", "end keep-alive",
                "head 304 17", "body 0", "end keep-alive");
    }

    @Test
    void should_read_a_body_without_length_until_the_connection_closes() throws Exception {
        String wire = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of this is the body";
        assertThat(parseEveryWay(wire, true)).containsExactly("head 200 22", "body 23", "end close", "closed");
    }

    @Test
    void should_read_until_close_when_the_last_coding_is_not_chunked() throws Exception {
        String wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n5\r\nhello";
        assertThat(parseEveryWay(wire, true)).containsExactly("head 200 30", "body 8", "end close", "closed");
    }

    @Test
    void should_end_the_connection_after_connection_close_and_ignore_what_follows() throws Exception {
        String wire = "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 2\r\n\r\nok"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        assertThat(parseEveryWay(wire, false)).containsExactly("head 200 42", "body 2", "end close");
    }

    @Test
    void should_keep_an_http_1_0_connection_only_when_the_server_says_keep_alive() throws Exception {
        assertThat(parseEveryWay("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false))
                .containsExactly("head 200 15", "body 0", "end close");
        assertThat(parseEveryWay("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n", false))
                .containsExactly("head 200 35", "body 0", "end keep-alive");
    }

    @Test
    void should_take_bare_line_feeds_optional_whitespace_folded_lines_and_a_status_without_reason() throws Exception {
        String wire = "\r\nHTTP/1.1 200\nA:   x  \n  folded\ncontent-length:1\n\nz";
        // "A" + "x" + "folded" + "content-length" + "1"
        assertThat(parseEveryWay(wire, false)).containsExactly("head 200 23", "body 1", "end keep-alive");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "HTTP/1.1 2x0 Broken\r\n\r\n",
        "garbage instead of a status line\r\n\r\n",
        "HTTP/2 200\r\n\r\n",
        "HTTP/1.1 200OK\r\n\r\n",
        "HTTP/1.1 200 OK\r\nthis line is no header\r\n\r\n",
        "HTTP/1.1 200 OK\r\n: no name\r\n\r\n",
        "HTTP/1.1 200 OK\r\nName : space before the colon\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: two\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "HTTP/1.1 101 Switching Protocols\r\n\r\n",
    })
    void should_refuse_a_malformed_head_as_a_protocol_error(String wire) {
        assertThatThrownBy(() -> parse(wire, wire.length(), false)).isInstanceOf(ProtocolException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nok\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 x\r\nok\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\n",
    })
    void should_refuse_bad_chunk_framing(String wire) {
        assertThatThrownBy(() -> parse(wire, wire.length(), false))
                .isInstanceOf(MalformedChunkCodingException.class).hasMessageContaining("hunk");
    }

    @Test
    void should_refuse_a_line_too_long_and_too_many_headers_rather_than_buffer_without_end() {
        char[] longValue = new char[Http1ResponseParser.MAX_LINE + 1];
        Arrays.fill(longValue, 'a');
        String longLine = "HTTP/1.1 200 OK\r\nX: " + new String(longValue);
        assertThatThrownBy(() -> parse(longLine, longLine.length(), false)).isInstanceOf(MessageConstraintException.class);
        String many = "HTTP/1.1 200 OK\r\n" + "X: y\r\n".repeat(Http1ResponseParser.MAX_HEADERS + 1);
        assertThatThrownBy(() -> parse(many, many.length(), false)).isInstanceOf(MessageConstraintException.class);
    }

    @Test
    void should_tell_how_a_body_was_cut_when_the_connection_closes_early() {
        String length = "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc";
        assertThatThrownBy(() -> parse(length, length.length(), true))
                .isInstanceOf(ConnectionClosedException.class)
                .hasMessage("Premature end of Content-Length delimited message body (expected: 10; received: 3)");
        String chunk = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc";
        assertThatThrownBy(() -> parse(chunk, chunk.length(), true))
                .isInstanceOf(TruncatedChunkException.class)
                .hasMessage("Truncated chunk (expected size: 16; actual size: 3)");
        String head = "HTTP/1.1 200 OK\r\nContent-Le";
        assertThatThrownBy(() -> parse(head, head.length(), true)).isInstanceOf(ConnectionClosedException.class);
    }

    @Test
    void should_be_idle_only_between_responses() throws Exception {
        Http1ResponseParser parser = new Http1ResponseParser(new Events());
        assertThat(parser.isIdle()).isTrue();
        byte[] part = "HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.ISO_8859_1);
        parser.parse(part, 0, part.length);
        assertThat(parser.isIdle()).isFalse();
        byte[] rest = "Content-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        parser.parse(rest, 0, rest.length);
        assertThat(parser.isIdle()).isTrue();
        parser.endOfStream();   // between responses: nothing was cut
    }

    @Test
    void should_tell_where_each_response_of_a_read_ends_so_its_bytes_count_for_its_step() throws Exception {
        String first = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
        String second = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nde\r\n0\r\nX-T: 1\r\n\r\n";
        String third = "HTTP/1.1 204 No Content\r\n\r\n";
        byte[] wire = (first + second + third).getBytes(StandardCharsets.ISO_8859_1);
        List<Integer> ends = new ArrayList<>();
        Http1ResponseParser[] parser = new Http1ResponseParser[1];
        parser[0] = new Http1ResponseParser(new Events() {
            @Override
            public void onEnd(long trailerBytes, boolean keepAlive) {
                ends.add(parser[0].responseEnd());
            }
        });

        assertThat(parser[0].parse(wire, 0, wire.length)).isEqualTo(wire.length);

        assertThat(ends).containsExactly(first.length(), first.length() + second.length(), wire.length);
    }
}
