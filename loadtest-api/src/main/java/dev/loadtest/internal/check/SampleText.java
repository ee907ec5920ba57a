package dev.loadtest.internal.check;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import dev.loadtest.internal.Tokens;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text a failure sample may show of a response body or of an exception's message: on one printable line, about
 * {@value #LONGEST} characters, and with credentials redacted by the rule that redacts headers
 * ({@link Header#isSecret(String, String)} and {@link Tokens}), applied to the shapes a body holds them in:
 * <ul>
 *   <li>a JSON member {@code "token": "..."} or {@code "password": "..."}: judged by its name and value;</li>
 *   <li>a form or query pair {@code api_key=...}: judged by its name and value;</li>
 *   <li>an authorization scheme and its credentials ({@code Bearer ...});</li>
 *   <li>a JSON Web Token or a long opaque token anywhere, whatever surrounds it.</li>
 * </ul>
 * The text is redacted before it is cut, so a credential that starts within the shown part is never half shown.
 */
public final class SampleText {

    /** The characters shown: enough to recognise an error page or an error document. */
    public static final int LONGEST = 200;
    /** How much of the text is redacted before the cut: a credential starting in the shown part ends in it. */
    private static final int REDACTED_WINDOW = 4096;

    private static final Pattern JSON_MEMBER = Pattern.compile("\"((?:[^\"\\\\]|\\\\.){1,100})\"(\\s*:\\s*\")((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern PAIR = Pattern.compile("(?<![\\w-])([\\w.-]{1,100})=([^&;,\\s\"'<>]+)");
    private static final Pattern SCHEME = Pattern.compile(
            "(?i)\\b(bearer|basic|token|digest|negotiate|ntlm|aws4-hmac-sha256)\\s+([^\\s\"',;]+)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_~+/.=-]{20,}");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** Control characters left after the white space is folded (a binary body): a report must stay readable. */
    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    private SampleText() {
    }

    /** The text as a sample shows it: redacted, whitespace runs as one space, cut at {@value #LONGEST} characters. */
    public static String of(String text) {
        String window = text.length() > REDACTED_WINDOW ? text.substring(0, REDACTED_WINDOW) : text;
        String oneLine = WHITESPACE.matcher(redact(window)).replaceAll(" ").strip();
        String shown = CONTROL.matcher(oneLine).replaceAll(".");
        return shown.length() > LONGEST ? shown.substring(0, LONGEST) + "..." : shown;
    }

    /** The text with every credential in it replaced by {@link Redaction#REDACTED}. */
    static String redact(String text) {
        String s = Tokens.redactJwts(text, Redaction.REDACTED);
        s = replace(s, JSON_MEMBER, m -> Header.isSecret(m.group(1), m.group(3))
                ? "\"" + m.group(1) + "\"" + m.group(2) + Redaction.REDACTED + "\"" : m.group());
        s = replace(s, PAIR, m -> Header.isSecret(m.group(1), m.group(2))
                ? m.group(1) + "=" + Redaction.REDACTED : m.group());
        s = replace(s, SCHEME, m -> m.group(2).equals(Redaction.REDACTED) ? m.group()
                : m.group(1) + " " + Redaction.REDACTED);
        return replace(s, WORD, m -> Tokens.isSecretValue(m.group()) ? Redaction.REDACTED : m.group());
    }

    private static String replace(String text, Pattern pattern, java.util.function.Function<Matcher, String> with) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        do {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
        } while (m.find());
        m.appendTail(out);
        return out.toString();
    }
}
