package dev.loadtest.internal.engine.http2;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** RFC 7541 Appendix A, index 1 to 61. */
    private static final String[][] STATIC = {
        {":authority", ""}, {":method", "GET"}, {":method", "POST"}, {":path", "/"}, {":path", "/index.html"},
        {":scheme", "http"}, {":scheme", "https"}, {":status", "200"}, {":status", "204"}, {":status", "206"},
        {":status", "304"}, {":status", "400"}, {":status", "404"}, {":status", "500"}, {"accept-charset", ""},
        {"accept-encoding", "gzip, deflate"}, {"accept-language", ""}, {"accept-ranges", ""}, {"accept", ""},
        {"access-control-allow-origin", ""}, {"age", ""}, {"allow", ""}, {"authorization", ""},
        {"cache-control", ""}, {"content-disposition", ""}, {"content-encoding", ""}, {"content-language", ""},
        {"content-length", ""}, {"content-location", ""}, {"content-range", ""}, {"content-type", ""},
        {"cookie", ""}, {"date", ""}, {"etag", ""}, {"expect", ""}, {"expires", ""}, {"from", ""}, {"host", ""},
        {"if-match", ""}, {"if-modified-since", ""}, {"if-none-match", ""}, {"if-range", ""},
        {"if-unmodified-since", ""}, {"last-modified", ""}, {"link", ""}, {"location", ""}, {"max-forwards", ""},
        {"proxy-authenticate", ""}, {"proxy-authorization", ""}, {"range", ""}, {"referer", ""}, {"refresh", ""},
        {"retry-after", ""}, {"server", ""}, {"set-cookie", ""}, {"strict-transport-security", ""},
        {"transfer-encoding", ""}, {"user-agent", ""}, {"vary", ""}, {"via", ""}, {"www-authenticate", ""},
    };
    /** name → index of its first entry; "name\0value" → index of a whole entry with a value. */
    private static final Map<String, Integer> NAMES = new HashMap<>();
    private static final Map<String, Integer> FIELDS = new HashMap<>();

    static {
        for (int i = STATIC.length - 1; i >= 0; i--) {
            NAMES.put(STATIC[i][0], i + 1);
            if (!STATIC[i][1].isEmpty()) {
                FIELDS.put(STATIC[i][0] + '\0' + STATIC[i][1], i + 1);
            }
        }
    }

    private RequestBlock() {
    }

    /** The header block of {@code fields} (names in lower case, pseudo-headers first, as HttpCore's converter gives). */
    public static byte[] encode(List<? extends Header> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        for (Header field : fields) {
            String name = field.getName();
            String value = field.getValue() == null ? "" : field.getValue();
            Integer whole = field.isSensitive() ? null : FIELDS.get(name + '\0' + value);
            if (whole != null) {
                integer(out, 0x80, 7, whole);   // indexed field
                continue;
            }
            Integer nameIndex = NAMES.get(name);
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
