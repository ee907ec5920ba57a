package dev.loadtest;

import java.util.Locale;
import java.util.Objects;
import java.util.List;
import java.util.Set;

/**
 * A request header sent with every request of a load test.
 *
 * <pre>{@code
 * new Header("Accept", "application/json")
 * }</pre>
 *
 * <p>The name must be an HTTP token; the value must not contain CR, LF or NUL, so header injection
 * is impossible. Headers the engine owns ({@code Content-Length}, {@code Transfer-Encoding},
 * {@code Connection}, {@code Upgrade}, HTTP/2 pseudo-headers) are refused.
 */
public record Header(String name, String value) {

    private static final List<String> ENGINE_OWNED =
            List.of("content-length", "transfer-encoding", "connection", "upgrade", "keep-alive", "te");
    private static final Set<String> SECRET =
            Set.of("authorization", "proxy-authorization", "cookie", "set-cookie");

    public Header {
        Objects.requireNonNull(name, "header name must not be null");
        Objects.requireNonNull(value, "header value must not be null");
        if (name.isEmpty() || !name.chars().allMatch(Header::isTokenChar)) {
            throw new IllegalArgumentException(
                    "header name (" + printable(name) + ") must be a non-empty HTTP token (RFC 9110: letters, digits, !#$%&'*+-.^_`|~)");
        }
        if (ENGINE_OWNED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(
                    "header name (" + name + ") is set by the engine and cannot be given: " + ENGINE_OWNED);
        }
        if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
            throw new IllegalArgumentException(
                    "header value of " + name + " must not contain CR, LF or NUL (header injection)");
        }
    }

    /** Whether this header carries a credential, so reports show it redacted. */
    public boolean isSecret() {
        return SECRET.contains(name.toLowerCase(Locale.ROOT));
    }

    /** {@code Name: value}, with the value redacted for credentials. */
    @Override
    public String toString() {
        return name + ": " + (isSecret() ? "<redacted>" : value);
    }

    private static boolean isTokenChar(int c) {
        return c > 32 && c < 127 && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
    }

    private static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
