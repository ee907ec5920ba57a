package dev.loadtest;

import dev.loadtest.internal.HttpSyntax;
import dev.loadtest.internal.Tokens;
import java.util.Objects;
import java.util.List;
import java.util.regex.Pattern;

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
    /** Names that carry credentials: the standard ones and the usual custom ones (X-Api-Key, X-Auth-Token...). */
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(auth|token|secret|passw|pwd|passphrase|api[-_]?key|session|cookie|credential|signature|jwt"
                    + "|bearer).*|.*(key|code)|(.*[-_])?(sig|pass|otp)");

    /**
     * Checks the header: a non-empty HTTP token as its name, one the engine does not set itself, and a
     * value without CR, LF or NUL.
     *
     * @throws IllegalArgumentException naming the rule the name or value breaks
     */
    public Header {
        Objects.requireNonNull(name, "header name must not be null");
        Objects.requireNonNull(value, "header value must not be null");
        // loops, not streams: a request source's headers are checked for every request it builds
        if (!HttpSyntax.isToken(name)) {
            throw new IllegalArgumentException(
                    "header name (" + printable(name) + ") must be a non-empty HTTP token (RFC 9110: letters, digits, !#$%&'*+-.^_`|~)");
        }
        if (isEngineOwned(name)) {
            throw new IllegalArgumentException(
                    "header name (" + name + ") is set by the engine and cannot be given: " + ENGINE_OWNED);
        }
        if (!isSafeValue(value)) {
            throw new IllegalArgumentException(
                    "header value of " + name + " must not contain CR, LF or NUL (header injection)");
        }
    }

    /**
     * Whether this header may carry a credential, so that {@link #toString()}, the JSON result, the reports and
     * every message show its value redacted (the value itself is sent unchanged). See
     * {@link #isSecret(String, String)}.
     */
    public boolean isSecret() {
        return isSecret(name, value);
    }

    /**
     * Whether a header or query parameter of this name and value may carry a credential: its name says so
     * ({@link #isSecretName}), or its value has the shape of one, whatever it is called:
     * <ul>
     *   <li>a JSON Web Token, {@code eyJ...} with two dots (as in {@code X-JWT: eyJhbGciOi...});</li>
     *   <li>an authorization scheme and its credentials: {@code Bearer ...}, {@code Basic ...},
     *       {@code Token ...}, {@code Digest ...}, {@code Negotiate ...}, {@code NTLM ...},
     *       {@code AWS4-HMAC-SHA256 ...};</li>
     *   <li>a long opaque token: one word of base64, base64url or hex characters mixing letters and digits,
     *       at least 20 characters long (32 if it holds a {@code /} or a {@code .}, as paths and versions
     *       such as {@code loadtest/1.0.0} do).</li>
     * </ul>
     * This is the one rule behind every redaction: reports, the JSON result, URIs in messages (query
     * parameters by name and value) and error messages that quote a header.
     *
     * <pre>{@code
     * Header.isSecret("X-JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig");   // true (a JWT)
     * Header.isSecret("X-Upstream", "Bearer abc");                            // true (a scheme and a token)
     * Header.isSecret("X-Trace", "9f86d081884c7d659a2feaa0c55ad015");         // true (a long opaque token)
     * Header.isSecret("Accept", "application/json");                          // false
     * }</pre>
     */
    public static boolean isSecret(String name, String value) {
        return isSecretName(name) || Tokens.isSecretValue(value);
    }

    /**
     * Whether a header or query parameter of this name may carry a credential: one whose name contains, in
     * any case, {@code auth}, {@code token}, {@code secret}, {@code passw}, {@code pwd}, {@code passphrase},
     * {@code api-key} (or {@code api_key}, {@code apikey}), {@code session}, {@code cookie}, {@code credential},
     * {@code signature}, {@code jwt} or {@code bearer}; ends with {@code key} ({@code Ocp-Apim-Subscription-Key},
     * {@code key=}) or {@code code} (OAuth's {@code ?code=}); or is, or ends with {@code -} or {@code _} and,
     * {@code sig} (signed URLs), {@code pass} or {@code otp}. See {@link #isSecret(String, String)} for values
     * recognised by their shape.
     * Redacting a harmless value costs a report little; printing a key costs much more, so the rule may
     * grow in later versions.
     *
     * <pre>{@code
     * Header.isSecretName("Authorization");   // true
     * Header.isSecretName("X-Api-Key");       // true
     * Header.isSecretName("key");             // true (a query parameter)
     * Header.isSecretName("code");            // true (an OAuth authorization code)
     * Header.isSecretName("Accept");          // false
     * }</pre>
     */
    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** {@code Name: value}, with the value redacted for credentials. */
    @Override
    public String toString() {
        return name + ": " + (isSecret() ? Redaction.REDACTED : value);
    }

    private static boolean isEngineOwned(String name) {
        for (int i = 0; i < ENGINE_OWNED.size(); i++) {
            if (ENGINE_OWNED.get(i).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** No CR, LF or NUL. */
    private static boolean isSafeValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= '\r' && (c == '\r' || c == '\n' || c == 0)) {
                return false;
            }
        }
        return true;
    }

    private static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
