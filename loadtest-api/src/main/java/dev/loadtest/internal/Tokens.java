package dev.loadtest.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Credentials recognised by the shape of their value, whatever the header or parameter is called: a
 * header named {@code X-JWT} or a parameter named {@code t} carries a token as surely as {@code Authorization}
 * does. Three shapes:
 * <ul>
 *   <li>a JSON Web Token: {@code eyJ...} (base64url of <code>{"</code>), then two dots-separated parts;</li>
 *   <li>an authorization scheme and its credentials: {@code Bearer ...}, {@code Basic ...}, {@code Token ...},
 *       {@code Digest ...}, {@code Negotiate ...}, {@code NTLM ...}, {@code AWS4-HMAC-SHA256 ...};</li>
 *   <li>a long opaque token: one word of base64 / base64url / hex characters mixing letters and digits, at
 *       least 20 characters long (32 when it holds a {@code /} or a {@code .}, which also make versions
 *       such as {@code loadtest/1.0.0-SNAPSHOT} and paths).</li>
 * </ul>
 * A harmless value of these shapes (a trace id, a hash) is redacted too: a report loses little, a leaked key
 * costs much more.
 */
public final class Tokens {

    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]{2,}\\.[A-Za-z0-9_-]{2,}\\.[A-Za-z0-9_-]*");
    private static final Pattern AUTH_SCHEME = Pattern.compile(
            "(?i)(bearer|basic|token|digest|negotiate|ntlm|aws4-hmac-sha256|apikey|sso-key|mac|hoba)\\s+\\S.*");
    private static final Pattern OPAQUE = Pattern.compile("[A-Za-z0-9_~+/.-]{20,}={0,2}");
    private static final Pattern LETTER = Pattern.compile("[A-Za-z]");
    private static final Pattern DIGIT = Pattern.compile("[0-9]");

    private Tokens() {
    }

    /** Whether the value, by its shape alone, looks like a credential. */
    public static boolean isSecretValue(String value) {
        String s = value.strip();
        if (JWT.matcher(s).find() || AUTH_SCHEME.matcher(s).matches()) {
            return true;
        }
        if (!OPAQUE.matcher(s).matches() || !LETTER.matcher(s).find() || !DIGIT.matcher(s).find()) {
            return false;
        }
        boolean pathOrVersionLike = s.indexOf('/') >= 0 || s.indexOf('.') >= 0;
        return !pathOrVersionLike || s.length() >= 32;
    }

    /** The text with every JSON Web Token in it replaced by the marker. */
    public static String redactJwts(String text, String marker) {
        return JWT.matcher(text).replaceAll(Matcher.quoteReplacement(marker));
    }
}
