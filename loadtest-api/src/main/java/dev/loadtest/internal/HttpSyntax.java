package dev.loadtest.internal;

/**
 * The characters of HTTP tokens (methods, header names) and of request targets, looked up in tables: a request
 * source builds, and so checks, a request for every request sent, so these checks are loops over a table, with
 * no stream, lambda or string made.
 */
public final class HttpSyntax {

    private static final boolean[] TOKEN = table("!#$%&'*+-.^_`|~");
    /** RFC 3986's unreserved, sub-delims, {@code : @ / ?} and {@code %} of an escape. */
    private static final boolean[] URI = table("-._~!$&'()*+,;=:@/?%");

    private HttpSyntax() {
    }

    /** RFC 9110's token: one or more of letters, digits and {@code !#$%&'*+-.^_`|~}. */
    public static boolean isToken(String s) {
        int n = s.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 128 || !TOKEN[c]) {
                return false;
            }
        }
        return true;
    }

    /** Whether a request target may hold this character as it is (the others must be percent-encoded). */
    public static boolean isUriChar(char c) {
        return c < 128 && URI[c];
    }

    /** Whether a request target may hold this byte as it is. */
    public static boolean isUriByte(byte b) {
        return b >= 0 && URI[b];
    }

    public static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Letters, digits and these characters. */
    private static boolean[] table(String others) {
        boolean[] t = new boolean[128];
        for (char c = '0'; c <= '9'; c++) {
            t[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            t[c] = true;
            t[Character.toUpperCase(c)] = true;
        }
        for (int i = 0; i < others.length(); i++) {
            t[others.charAt(i)] = true;
        }
        return t;
    }
}
