package dev.loadtest.internal.engine.http2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http2.hpack.HPackDecoder;
import org.junit.jupiter.api.Test;

class RequestBlockTest {

    private static List<Header> decoded(byte[] block, HPackDecoder decoder) throws Exception {
        return decoder.decodeHeaders(ByteBuffer.wrap(block));
    }

    private static List<String> text(List<? extends Header> headers) {
        return headers.stream().map(h -> h.getName() + ": " + h.getValue()).toList();
    }

    @Test
    void should_decode_to_the_same_fields_with_any_decoder_and_leave_its_table_empty() throws Exception {
        List<Header> fields = List.of(new BasicHeader(":method", "GET"), new BasicHeader(":scheme", "https"),
                new BasicHeader(":authority", "127.0.0.1:8443"), new BasicHeader(":path", "/"),
                new BasicHeader("user-agent", "loadtest/0.1"), new BasicHeader("x-custom", "v"),
                new BasicHeader("accept-encoding", "gzip, deflate"), new BasicHeader("x-long", "x".repeat(300)),
                new BasicHeader("authorization", "secret", true));
        byte[] block = RequestBlock.encode(fields);
        HPackDecoder decoder = new HPackDecoder(4096, StandardCharsets.ISO_8859_1);
        assertThat(text(decoded(block, decoder))).isEqualTo(text(fields));
        // the same bytes decode the same again: nothing went into the decoder's dynamic table
        assertThat(text(decoded(block, decoder))).isEqualTo(text(fields));
        HPackDecoder noTable = new HPackDecoder(0, StandardCharsets.ISO_8859_1);
        assertThat(text(decoded(block, noTable))).isEqualTo(text(fields));
    }

    @Test
    void should_send_whole_static_entries_as_one_byte_and_sensitive_fields_never_indexed() {
        assertThat(RequestBlock.encode(List.of(new BasicHeader(":method", "GET")))).containsExactly(0x82);
        assertThat(RequestBlock.encode(List.of(new BasicHeader(":path", "/")))).containsExactly(0x84);
        assertThat(RequestBlock.encode(List.of(new BasicHeader(":scheme", "http")))).containsExactly(0x86);
        // :path /x: literal without indexing, name index 4, value "/x"
        assertThat(RequestBlock.encode(List.of(new BasicHeader(":path", "/x")))).containsExactly(0x04, 2, '/', 'x');
        // user-agent is index 58: over the 4-bit prefix, 15 then 43
        assertThat(RequestBlock.encode(List.of(new BasicHeader("user-agent", "a")))).containsExactly(0x0f, 43, 1, 'a');
        // a sensitive field: never indexed (0001), even when the static table holds it whole
        assertThat(RequestBlock.encode(List.of(new BasicHeader(":method", "GET", true)))).containsExactly(0x12, 3, 'G',
                'E', 'T');
    }
}
