package dev.loadtest.faults;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A server's side of HPACK (RFC 7541) by hand, for {@link H2Conn}'s tests of a client's decoder: integers on a
 * prefix, string literals plain or Huffman-coded, indexed fields, literals with incremental indexing, dynamic
 * table size updates. Independent of any HTTP/2 library. Huffman codes are known for the characters of RFC 7541's
 * examples and a few more (digits, most lower-case letters, {@code - . /}); another character is refused.
 */
final class Hpack {

    private Hpack() {
    }

    /** Huffman code and its bit length (RFC 7541 Appendix B), by character; length 0 when not known here. */
    private static final int[] CODE = new int[128];
    private static final int[] BITS = new int[128];

    static {
        code("012aceiost", 5, 0x0);
        code(" %-./3456789=A_bdfghlmnpru", 6, 0x14);
        code(":BCDEFGHIJKLMNOPQRSTUVWYjkqvwxyz", 7, 0x5c);
        code("&*,;XZ", 8, 0xf8);
    }

    /** Consecutive codes of one length, from {@code first}: the canonical Huffman code's runs. */
    private static void code(String chars, int bits, int first) {
        for (int i = 0; i < chars.length(); i++) {
            CODE[chars.charAt(i)] = first + i;
            BITS[chars.charAt(i)] = bits;
        }
    }

    /** An integer on an {@code prefixBits}-bit prefix, the first byte's high bits from {@code pattern} (§5.1). */
    static void integer(ByteArrayOutputStream out, int pattern, int prefixBits, long value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(pattern | (int) value);
            return;
        }
        out.write(pattern | max);
        long rest = value - max;
        while (rest >= 128) {
            out.write((int) (rest % 128 + 128));
            rest /= 128;
        }
        out.write((int) rest);
    }

    /** A string literal (§5.2), Huffman-coded or not. */
    static void string(ByteArrayOutputStream out, String s, boolean huffman) {
        byte[] bytes = huffman ? huffman(s) : s.getBytes(StandardCharsets.US_ASCII);
        integer(out, huffman ? 0x80 : 0, 7, bytes.length);
        out.write(bytes, 0, bytes.length);
    }

    /** The Huffman code of {@code s}, padded with ones (§5.2). */
    static byte[] huffman(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long acc = 0;
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 128 || BITS[c] == 0) {
                throw new IllegalArgumentException("no Huffman code here for '" + c + "'");
            }
            acc = (acc << BITS[c]) | CODE[c];
            n += BITS[c];
            while (n >= 8) {
                out.write((int) (acc >>> (n - 8)));
                n -= 8;
            }
        }
        if (n > 0) {
            out.write((int) ((acc << (8 - n)) | (0xff >>> n)));
        }
        return out.toByteArray();
    }

    /** An indexed field (§6.1): static table 1..61, dynamic table from 62. */
    static void indexed(ByteArrayOutputStream out, int index) {
        integer(out, 0x80, 7, index);
    }

    /** A literal with incremental indexing and an indexed name (§6.2.1): it enters the dynamic table. */
    static void literalIndexing(ByteArrayOutputStream out, int nameIndex, String value, boolean huffman) {
        integer(out, 0x40, 6, nameIndex);
        string(out, value, huffman);
    }

    /** A literal with incremental indexing and a new name. */
    static void literalIndexing(ByteArrayOutputStream out, String name, String value, boolean huffman) {
        out.write(0x40);
        string(out, name, false);
        string(out, value, huffman);
    }

    /** A literal without indexing, indexed name (§6.2.2). */
    static void literal(ByteArrayOutputStream out, int nameIndex, String value, boolean huffman) {
        integer(out, 0, 4, nameIndex);
        string(out, value, huffman);
    }

    /** A dynamic table size update (§6.3): only at the start of a header block. */
    static void tableSizeUpdate(ByteArrayOutputStream out, int size) {
        integer(out, 0x20, 5, size);
    }
}
