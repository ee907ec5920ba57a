package dev.loadtest.internal.engine.http2;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** HPACK's static table (RFC 7541 Appendix A): what our requests refer to, and what the server's blocks may. */
final class StaticTable {

    /** RFC 7541 Appendix A, index 1 to 61. */
    static final String[][] STATIC = {
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
    static final Map<String, Integer> NAMES = new HashMap<>();
    static final Map<String, Integer> FIELDS = new HashMap<>();
    /** Entry i (1 to 61) as bytes, at [i - 1]. */
    static final byte[][] NAME_BYTES = new byte[STATIC.length][];
    static final byte[][] VALUE_BYTES = new byte[STATIC.length][];
    static final int LENGTH = STATIC.length;

    static {
        for (int i = STATIC.length - 1; i >= 0; i--) {
            NAMES.put(STATIC[i][0], i + 1);
            if (!STATIC[i][1].isEmpty()) {
                FIELDS.put(STATIC[i][0] + '\0' + STATIC[i][1], i + 1);
            }
            NAME_BYTES[i] = STATIC[i][0].getBytes(StandardCharsets.ISO_8859_1);
            VALUE_BYTES[i] = STATIC[i][1].getBytes(StandardCharsets.ISO_8859_1);
        }
    }

    private StaticTable() {
    }
}
