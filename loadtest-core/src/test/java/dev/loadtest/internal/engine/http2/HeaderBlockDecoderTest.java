package dev.loadtest.internal.engine.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http2.hpack.HPackDecoder;
import org.apache.hc.core5.http2.hpack.HPackEncoder;
import org.apache.hc.core5.util.ByteArrayBuffer;
import org.junit.jupiter.api.Test;

class HeaderBlockDecoderTest {

    private static List<String> text(List<? extends Header> headers) {
        return headers.stream().map(h -> h.getName() + ": " + h.getValue()).toList();
    }

    private static long size(List<? extends Header> headers) {
        return headers.stream().mapToLong(h -> h.getName().length() + h.getValue().length()).sum();
    }

    /** A random header list, as a server's responses vary: repeated fields (indexed later), fresh ones, long ones. */
    private static List<Header> randomResponse(Random random, int n) {
        List<Header> headers = new ArrayList<>();
        int[] statuses = {200, 201, 204, 301, 404, 418, 500, 503};
        headers.add(new BasicHeader(":status", String.valueOf(statuses[random.nextInt(statuses.length)])));
        String[] names = {"server", "date", "content-type", "content-length", "x-request-id", "set-cookie", "etag",
            "cache-control", "vary", "x-custom-" + random.nextInt(50)};
        for (int i = 0; i < n; i++) {
            String name = names[random.nextInt(names.length)];
            StringBuilder value = new StringBuilder();
            int length = random.nextInt(10) == 0 ? 200 + random.nextInt(400) : random.nextInt(30);
            for (int k = 0; k < length; k++) {
                // mostly printable ASCII, sometimes any byte (Huffman's long codes)
                value.append((char) (random.nextInt(8) == 0 ? random.nextInt(256) : 32 + random.nextInt(95)));
            }
            headers.add(new BasicHeader(name, value.toString(), random.nextInt(20) == 0));
        }
        return headers;
    }

    @Test
    void should_decode_what_httpcores_encoder_writes_as_httpcores_decoder_does_block_after_block() throws Exception {
        Random random = new Random(7);
        for (boolean huffman : new boolean[] {true, false}) {
            HPackEncoder encoder = new HPackEncoder(4096, StandardCharsets.ISO_8859_1);
            HPackDecoder reference = new HPackDecoder(4096, StandardCharsets.ISO_8859_1);
            HeaderBlockDecoder decoder = new HeaderBlockDecoder(4096);
            for (int block = 0; block < 3000; block++) {
                List<Header> response = randomResponse(random, random.nextInt(12));
                ByteArrayBuffer encoded = new ByteArrayBuffer(256);
                if (block % 500 == 250) {
                    encoder.setMaxTableSize(block % 1000 == 250 ? 0 : 4096);   // a table size update in the block
                }
                encoder.encodeHeaders(encoded, response, huffman);
                List<Header> expected = reference.decodeHeaders(ByteBuffer.wrap(encoded.array(), 0, encoded.length()));
                List<Header> fields = new ArrayList<>();
                // every third block without the fields: the decoder only measures literals then, its table still follows
                boolean wanted = block % 3 != 0;
                int status = decoder.decode(ByteBuffer.wrap(encoded.array(), 0, encoded.length()), wanted ? fields : null);
                assertThat(status).isEqualTo(Integer.parseInt(response.get(0).getValue()));
                assertThat(decoder.decodedBytes()).isEqualTo(size(expected));
                if (wanted) {
                    assertThat(text(fields)).isEqualTo(text(expected));
                }
            }
        }
    }

    @Test
    void should_decode_rfc_7541s_huffman_examples_with_their_table() throws Exception {
        // RFC 7541 C.6: three responses, Huffman-coded, with a 256-byte table
        String[] blocks = {
            "488264025885aec3771a4b6196d07abe941054d444a8200595040b8166e082a62d1bff6e919d29ad171863c78f0b97c8e9ae82ae43d3",
            "4883640effc1c0bf",
            "88c16196d07abe941054d444a8200595040b8166e084a62d1bffc05a839bd9ab77ad94e7821dd7f2e6c7b335dfdfcd5b3960d5af27087f"
                + "3672c1ab270fb5291f9587316065c003ed4ee5b1063d5007",
        };
        HeaderBlockDecoder decoder = new HeaderBlockDecoder(4096);
        decoder.decode(ByteBuffer.wrap(HexFormat.of().parseHex("3fe101")), null);   // a size update to 256 (RFC's table)
        List<String> third = new ArrayList<>();
        int[] statuses = new int[3];
        for (int i = 0; i < 3; i++) {
            List<Header> fields = new ArrayList<>();
            statuses[i] = decoder.decode(ByteBuffer.wrap(HexFormat.of().parseHex(blocks[i])), fields);
            if (i == 2) {
                third.addAll(text(fields));
            }
        }
        assertThat(statuses).containsExactly(302, 307, 200);
        assertThat(third).containsExactly(":status: 200", "cache-control: private",
                "date: Mon, 21 Oct 2013 20:13:22 GMT", "location: https://www.example.com", "content-encoding: gzip",
                "set-cookie: foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1");
    }

    @Test
    void should_decode_a_block_where_it_lies_between_other_bytes() throws Exception {
        // RFC 7541 C.6.1's block, in a direct buffer between a frame header's bytes and the next frame's, as a read
        // leaves it: decoded in place, and the buffer's position and limit left alone
        byte[] block = HexFormat.of().parseHex(
                "488264025885aec3771a4b6196d07abe941054d444a8200595040b8166e082a62d1bff6e919d29ad171863c78f0b97c8e9ae82ae43d3");
        ByteBuffer read = ByteBuffer.allocateDirect(block.length + 20);
        read.put(new byte[] {0, 0, 0, 1, 4, 0, 0, 0, 1}).put(block).put(new byte[] {(byte) 0xff, (byte) 0xff, 0x7f});
        read.flip();
        HeaderBlockDecoder size256 = new HeaderBlockDecoder(4096);
        size256.decode(ByteBuffer.wrap(HexFormat.of().parseHex("3fe101")), null);
        List<Header> inPlace = new ArrayList<>();
        int status = size256.decode(read, 9, 9 + block.length, inPlace);

        HeaderBlockDecoder alone = new HeaderBlockDecoder(4096);
        alone.decode(ByteBuffer.wrap(HexFormat.of().parseHex("3fe101")), null);
        List<Header> wrapped = new ArrayList<>();
        alone.decode(ByteBuffer.wrap(block), wrapped);

        assertThat(status).isEqualTo(302);
        assertThat(text(inPlace)).isEqualTo(text(wrapped)).contains("location: https://www.example.com");
        assertThat(size256.decodedBytes()).isEqualTo(alone.decodedBytes());
        assertThat(read.position()).isZero();
        assertThat(read.limit()).isEqualTo(block.length + 12);
    }

    @Test
    void should_refuse_blocks_that_break_hpack() {
        HeaderBlockDecoder decoder = new HeaderBlockDecoder(4096);
        // an index in neither table
        assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap(new byte[] {(byte) 0xff, 0x7f}), null))
                .isInstanceOf(HeaderBlockDecoder.MalformedBlock.class).hasMessageContaining("index");
        // a table size update over ours
        assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap(HexFormat.of().parseHex("3fe21f")), null))
                .isInstanceOf(HeaderBlockDecoder.MalformedBlock.class).hasMessageContaining("size update");
        // a Huffman string with padding of zeros ("a" is 00011, padded with 000)
        assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap(new byte[] {0x00, (byte) 0x81, 'x', (byte) 0x81,
            0x18}), null)).isInstanceOf(HeaderBlockDecoder.MalformedBlock.class);
        // a string longer than the block
        assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap(new byte[] {0x00, 0x05, 'x'}), null))
                .isInstanceOf(HeaderBlockDecoder.MalformedBlock.class);
    }

    @Test
    void should_decode_every_byte_value_huffman_coded() throws Exception {
        StringBuilder all = new StringBuilder();
        for (int c = 0; c < 256; c++) {
            all.append((char) c);
        }
        List<Header> headers = List.of(new BasicHeader(":status", "200"), new BasicHeader("x-all", all.toString()));
        ByteArrayBuffer encoded = new ByteArrayBuffer(1024);
        new HPackEncoder(0, StandardCharsets.ISO_8859_1).encodeHeaders(encoded, headers, true);
        List<Header> fields = new ArrayList<>();
        new HeaderBlockDecoder(4096).decode(ByteBuffer.wrap(encoded.array(), 0, encoded.length()), fields);
        assertThat(text(fields)).isEqualTo(text(headers));
    }
}
