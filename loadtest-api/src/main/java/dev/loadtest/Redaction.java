package dev.loadtest;

import dev.loadtest.internal.Tokens;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every report, message and JSON result shows in place of a credential: one rule for which headers and
 * query parameters carry one ({@link Header#isSecret(String, String)}: by name, or by the shape of the
 * value), applied to URIs, header lines and free text, and one marker. The library's own reports and the JSON
 * result go through it; so can a report or a log line of yours that shows a load test's targets or headers.
 *
 * <pre>{@code
 * Redaction.display(URI.create("https://api.example/p?user=ann&token=s3cr3t"));
 *         // "https://api.example/p?user=ann&token=<redacted>"
 * Redaction.display(URI.create("https://ann:pw@api.example/"));   // "https://<redacted>@api.example/"
 * Redaction.headerLine("Authorization: Bearer abc");               // "Authorization: <redacted>"
 * Redaction.redacted(URI.create("https://api.example/?key=k"));   // https://api.example/?key=%3Credacted%3E
 * }</pre>
 *
 * <p>The values themselves are sent unchanged; only what is shown is redacted.
 */
public final class Redaction {

    /** The marker shown in place of a credential's value. */
    public static final String REDACTED = "<redacted>";
    /** The marker inside a URI, where {@code <} and {@code >} may not stand: it decodes to {@link #REDACTED}. */
    private static final String REDACTED_IN_URI = "%3Credacted%3E";
    private static final Pattern QUERY_PARAM = Pattern.compile("([^&=;]*)(=?)([^&;]*)");
    /** {@code scheme://user:password@host}: everything between {@code //} and {@code @} in the authority. */
    private static final Pattern USER_INFO = Pattern.compile("(?<=//)[^/?#]*@");

    private Redaction() {
    }

    /** The URI to show: user info, and the values of query parameters that carry credentials, as {@code <redacted>}. */
    public static String display(URI uri) {
        return display(uri.toString());
    }

    /**
     * The text of a URI, valid or not (an argument that failed to parse), as it may be shown: see
     * {@link #display(URI)}; JSON Web Tokens anywhere in it (a path segment) are redacted too.
     */
    public static String display(String uri) {
        return redact(uri, REDACTED);
    }

    /** {@link #display(URI)} of each. */
    public static List<String> display(List<URI> uris) {
        return uris.stream().map(Redaction::display).toList();
    }

    /** The URI to record (a JSON result): a valid URI, credential values of its query replaced by the marker. */
    public static URI redacted(URI uri) {
        String text = redact(uri.toString(), REDACTED_IN_URI);
        return text.equals(uri.toString()) ? uri : URI.create(text);
    }

    /**
     * A header as the user wrote it ({@code "Name: value"}, maybe malformed), as it may be shown: the value
     * redacted when {@link Header#isSecret(String, String)} says so. Without a colon, the first word is taken
     * for the name and the rest for the value.
     */
    public static String headerLine(String line) {
        int colon = line.indexOf(':', 1);   // h2load's pseudo-headers (":authority: x") start with a colon
        int space = line.indexOf(' ');
        int cut = colon > 0 ? colon : space;
        if (cut < 0) {
            return Header.isSecret(line, line) ? REDACTED : line;   // one word: a name, a value, or both
        }
        String name = line.substring(0, cut).strip();
        String value = line.substring(cut + 1).strip();
        if (!Header.isSecret(name, value)) {
            return line;
        }
        return line.substring(0, cut) + (colon > 0 ? ": " : " ") + REDACTED;
    }

    /**
     * A value with no name to go by (a flag's argument, a text a check looks for), as it may be shown: the marker
     * when it has the shape of a credential ({@link Header#isSecret(String, String)}'s shapes), else unchanged.
     */
    public static String value(String value) {
        return Tokens.isSecretValue(value) ? REDACTED : value;
    }

    private static String redact(String text, String marker) {
        String shown = USER_INFO.matcher(text).replaceFirst(Matcher.quoteReplacement(marker) + "@");
        int question = shown.indexOf('?');
        if (question >= 0) {
            int hash = shown.indexOf('#', question);
            String query = hash < 0 ? shown.substring(question + 1) : shown.substring(question + 1, hash);
            String tail = hash < 0 ? "" : shown.substring(hash);
            shown = shown.substring(0, question + 1) + redactQuery(query, marker) + tail;
        }
        // a token in the path (/reset/eyJ...) has no name to go by: its shape is all there is
        return Tokens.redactJwts(shown, marker);
    }

    private static String redactQuery(String query, String marker) {
        Matcher m = QUERY_PARAM.matcher(query);
        StringBuilder redacted = new StringBuilder();
        while (m.find()) {
            if (m.group().isEmpty()) {
                continue;
            }
            String name = decode(m.group(1));
            String value = decode(m.group(3));
            boolean hasValue = !m.group(2).isEmpty();
            String replacement;
            if (hasValue && !m.group(3).isEmpty() && Header.isSecret(name, value)) {
                replacement = m.group(1) + "=" + marker;
            } else if (!hasValue && Tokens.isSecretValue(name)) {
                replacement = marker;   // ?<token> with no name
            } else {
                replacement = m.group();
            }
            m.appendReplacement(redacted, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(redacted);
        return redacted.toString();
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;   // a malformed escape: judge the raw text
        }
    }
}
