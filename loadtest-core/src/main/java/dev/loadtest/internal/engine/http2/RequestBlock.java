package dev.loadtest.internal.engine.http2;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hc.core5.http.Header;

/**
 * A request's header list as an HPACK header block (RFC 7541) that needs no shared state: each field is a reference to
 * the static table when it matches a whole entry ({@code :method GET}: one byte), else a literal never added to the
 * dynamic table, its name a static reference where the table has it, its value raw. So the block is the same on every
 * connection and for every request of a template: encoded once per run, copied per request, where HttpCore's encoder
 * searched its dynamic table for every field of every request. A few dozen bytes more a request than an indexing
 * encoder would send after the first, on loopback or a LAN nothing; the server parses literals as cheaply.
 */
public final class RequestBlock {

    private RequestBlock() {
    }

    /** The header block of {@code fields} (names in lower case, pseudo-headers first, as HttpCore's converter gives). */
    public static byte[] encode(List<? extends Header> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        for (Header field : fields) {
            String name = field.getName();
            String value = field.getValue() == null ? "" : field.getValue();
            Integer whole = field.isSensitive() ? null : StaticTable.FIELDS.get(name + '\0' + value);
            if (whole != null) {
                integer(out, 0x80, 7, whole);   // indexed field
                continue;
            }
            Integer nameIndex = StaticTable.NAMES.get(name);
            // literal without indexing (0000), or never indexed (0001) for a sensitive field
            int pattern = field.isSensitive() ? 0x10 : 0x00;
            if (nameIndex != null) {
                integer(out, pattern, 4, nameIndex);
            } else {
                out.write(pattern);
                string(out, name);
            }
            string(out, value);
        }
        return out.toByteArray();
    }

    /** An HPACK integer with an {@code prefixBits}-bit prefix after {@code pattern}'s bits (RFC 7541 §5.1). */
    private static void integer(ByteArrayOutputStream out, int pattern, int prefixBits, int value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(pattern | value);
            return;
        }
        out.write(pattern | max);
        int rest = value - max;
        while (rest >= 0x80) {
            out.write((rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
    }

    /** A string literal, not Huffman-coded (RFC 7541 §5.2); one byte a char, as HTTP field values are. */
    private static void string(ByteArrayOutputStream out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        integer(out, 0x00, 7, bytes.length);
        out.write(bytes, 0, bytes.length);
    }
}
