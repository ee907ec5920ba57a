package dev.loadtest.internal;

import dev.loadtest.Header;
import java.net.URI;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every report, message and JSON result shows in place of a credential: one rule for which names carry
 * one ({@link Header#isSecretName}), for headers and query parameters alike, and one marker.
 */
public final class Redaction {

    /** The marker shown in place of a credential's value. */
    public static final String REDACTED = "<redacted>";
    /** The marker inside a URI, where {@code <} and {@code >} may not stand: it decodes to {@link #REDACTED}. */
    private static final String REDACTED_IN_URI = "%3Credacted%3E";
    private static final Pattern QUERY_PARAM = Pattern.compile("([^&=]+)=([^&]*)");

    private Redaction() {
    }

    /** The URI to show: the values of query parameters with credential names as {@code <redacted>}. */
    public static String display(URI uri) {
        return withQueryRedacted(uri, REDACTED);
    }

    /** {@link #display(URI)} of each. */
    public static List<String> display(List<URI> uris) {
        return uris.stream().map(Redaction::display).toList();
    }

    /** The URI to record (a JSON result): a valid URI, credential values of its query replaced by the marker. */
    public static URI redacted(URI uri) {
        String text = withQueryRedacted(uri, REDACTED_IN_URI);
        return text.equals(uri.toString()) ? uri : URI.create(text);
    }

    private static String withQueryRedacted(URI uri, String marker) {
        String text = uri.toString();
        String query = uri.getRawQuery();
        if (query == null) {
            return text;
        }
        Matcher m = QUERY_PARAM.matcher(query);
        StringBuilder redacted = new StringBuilder();
        while (m.find()) {
            String replacement = Header.isSecretName(m.group(1)) ? m.group(1) + "=" + marker : m.group();
            m.appendReplacement(redacted, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(redacted);
        int at = text.indexOf('?');
        String fragment = uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment();
        return text.substring(0, at + 1) + redacted + fragment;
    }
}
