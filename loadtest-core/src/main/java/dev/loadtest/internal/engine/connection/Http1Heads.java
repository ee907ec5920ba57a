package dev.loadtest.internal.engine.connection;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.net.URIAuthority;

/**
 * The HTTP/1.1 heads of a run's built requests, written straight into one array each: the bytes HttpCore's
 * client protocol processors and line formatter would give ({@link RequestTemplate}'s encoding), without their
 * request object, context, header group and text buffer per request. A request source's request costs this
 * once per request, so it matters: through HttpCore a POST's head took about 4 KB of garbage and 1.5 µs.
 *
 * <p>What HttpCore writes, for the methods done here: the request line; the run's headers the request does not
 * name, then the request's own, each {@code Name: value} with a form feed or vertical tab in a value written as a
 * space; {@code Content-Length} for a body (and {@code 0} for a POST, PUT or PATCH without one); then
 * {@code Host} and {@code Connection: keep-alive}. The run's lines and the {@code Host} line are cut from a head
 * HttpCore encoded, so they are its bytes. Anything else (another method, a {@code Host} header, a character
 * beyond ISO-8859-1) is left to HttpCore: {@link #encode} says so by returning null. BuiltRequestsTest compares
 * the two encodings.
 */
final class Http1Heads {

    private static final byte[] VERSION = " HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};

    /** Each run header's line, {@code Name: value\r\n}, as HttpCore wrote it. */
    private final byte[][] runLines;
    /** {@code Host: ...\r\nConnection: keep-alive\r\n\r\n}, as HttpCore wrote it. */
    private final byte[] end;

    private Http1Heads(byte[][] runLines, byte[] end) {
        this.runLines = runLines;
        this.end = end;
    }

    /**
     * Cuts the pieces out of the run's GET head as HttpCore encodes it; null if that head is not laid out as
     * expected (a run header named {@code Host}, say), and then every head is HttpCore's.
     */
    static Http1Heads of(String scheme, URIAuthority authority, Header[] runHeaders) {
        ByteBuffer encoded = new RequestTemplate("GET", scheme, authority, "/", runHeaders, null).http1Head();
        byte[] head = new byte[encoded.remaining()];
        encoded.get(head);
        String text = new String(head, StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\r\n", -1);
        // "GET / HTTP/1.1", the run's headers, Host, Connection, "", ""
        if (lines.length != runHeaders.length + 5 || !lines[0].equals("GET / HTTP/1.1")
                || !lines[runHeaders.length + 1].startsWith("Host: ")
                || !lines[runHeaders.length + 2].equals("Connection: keep-alive")) {
            return null;
        }
        byte[][] runLines = new byte[runHeaders.length][];
        for (int i = 0; i < runHeaders.length; i++) {
            String line = lines[i + 1];
            if (!line.regionMatches(0, runHeaders[i].getName() + ": ", 0, runHeaders[i].getName().length() + 2)) {
                return null;
            }
            runLines[i] = (line + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        }
        int endStart = text.indexOf("\r\nHost: ") + 2;
        return new Http1Heads(runLines, Arrays.copyOfRange(head, endStart, head.length));
    }

    /**
     * The head of a request on the run's authority: the run's headers (in the order given to {@link #of}) but
     * those {@code replaced}, then its own.
     *
     * @param target the request target, as {@link dev.loadtest.request.Request#path()} gives it
     * @param asciiTarget whether the target is known to be ASCII (a {@code Request}'s path is checked so; the path
     *     of an absolute URI may hold other characters)
     * @param replaced which run headers the request names itself, or null for none
     * @param bodyLength the body's length, or -1 without a body
     * @return the head, or null when HttpCore's processors must write it
     */
    byte[] encode(String method, String target, boolean asciiTarget, boolean[] replaced, List<dev.loadtest.Header> own,
                  int bodyLength) {
        boolean enclosing = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
        if (!enclosing && !method.equals("GET") && !method.equals("DELETE") && !method.equals("HEAD")) {
            return null;
        }
        int size = method.length() + 1 + target.length() + VERSION.length + end.length;
        if (!asciiTarget && !isAscii(target)) {
            return null;
        }
        for (int i = 0; i < runLines.length; i++) {
            size += replaced != null && replaced[i] ? 0 : runLines[i].length;
        }
        for (int i = 0; i < own.size(); i++) {
            dev.loadtest.Header h = own.get(i);
            if (h.name().equalsIgnoreCase("Host")) {
                return null;
            }
            size += h.name().length() + 2 + h.value().length() + 2;
        }
        long contentLength = bodyLength >= 0 ? bodyLength : enclosing ? 0 : -1;
        if (contentLength >= 0) {
            size += CONTENT_LENGTH.length + digits(contentLength) + 2;
        }
        byte[] head = new byte[size];
        int at = ascii(method, head, 0);
        head[at++] = ' ';
        at = ascii(target, head, at);
        at = put(VERSION, head, at);
        for (int i = 0; i < runLines.length; i++) {
            if (replaced == null || !replaced[i]) {
                at = put(runLines[i], head, at);
            }
        }
        for (int i = 0; i < own.size(); i++) {
            dev.loadtest.Header h = own.get(i);
            at = ascii(h.name(), head, at);
            head[at++] = ':';
            head[at++] = ' ';
            at = value(h.value(), head, at);
            if (at < 0) {
                return null;
            }
            at = put(CRLF, head, at);
        }
        if (contentLength >= 0) {
            at = put(CONTENT_LENGTH, head, at);
            at = decimal(contentLength, head, at);
            at = put(CRLF, head, at);
        }
        put(end, head, at);
        return head;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /**
     * An ASCII string's characters, a byte each: {@code String.getBytes(int, int, byte[], int)} copies each
     * character's low byte (deprecated as a charset encoder, which it is not meant to be here), and copies a
     * Latin-1 string's bytes at once, where a loop of {@code charAt} costs a check per character.
     */
    @SuppressWarnings("deprecation")
    private static int ascii(String s, byte[] to, int at) {
        s.getBytes(0, s.length(), to, at);
        return at + s.length();
    }

    /**
     * A header value as HttpCore's BasicLineFormatter writes it, CR, LF, form feed and vertical tab as spaces;
     * -1 for a character beyond ISO-8859-1, which HttpCore's encoding writes as {@code ?} once for a surrogate pair.
     */
    private static int value(String s, byte[] to, int at) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c > 0xFF) {
                return -1;
            }
            to[at + i] = c == '\r' || c == '\n' || c == '\f' || c == 0x0b ? (byte) ' ' : (byte) c;
        }
        return at + s.length();
    }

    private static int put(byte[] bytes, byte[] to, int at) {
        System.arraycopy(bytes, 0, to, at, bytes.length);
        return at + bytes.length;
    }

    private static int digits(long value) {
        int n = 1;
        for (long v = value; v >= 10; v /= 10) {
            n++;
        }
        return n;
    }

    private static int decimal(long value, byte[] to, int at) {
        int n = digits(value);
        for (int i = at + n - 1; i >= at; i--) {
            to[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return at + n;
    }
}
