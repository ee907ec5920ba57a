package dev.loadtest.internal.check;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import dev.loadtest.internal.Tokens;

/**
 * How an expected or received value appears in a check's name and in its failure reasons: on one line,
 * shortened, and redacted by the rule that redacts headers ({@link Header#isSecret(String, String)}), so that
 * neither a report nor the JSON prints a credential a check compared.
 */
public final class Shown {

    /** How much of a value a name or reason quotes. */
    static final int LONGEST = 40;

    private Shown() {
    }

    /** The text in double quotes, escaped to one line and shortened; redacted when it has a credential's shape. */
    public static String quoted(String text) {
        if (Tokens.isSecretValue(text)) {
            return Redaction.REDACTED;
        }
        return "\"" + shortened(oneLine(text.replace("\\", "\\\\").replace("\"", "\\\""))) + "\"";
    }

    /** A value received or expected under this name, in double quotes as {@link #quoted(String)}, or redacted. */
    static String quoted(String name, String value) {
        return Header.isSecretName(name) ? Redaction.REDACTED : quoted(value);
    }

    /** A value received or expected under this name (a header, a JSON property), redacted as a header's would be. */
    static String value(String name, String value) {
        return Header.isSecret(name, value) ? Redaction.REDACTED : shortened(oneLine(value));
    }

    static String shortened(String text) {
        return text.length() > LONGEST ? text.substring(0, LONGEST) + "..." : text;
    }

    private static String oneLine(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
