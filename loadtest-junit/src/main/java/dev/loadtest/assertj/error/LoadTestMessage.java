package dev.loadtest.assertj.error;

import org.assertj.core.error.BasicErrorMessageFactory;

/**
 * The base of the message factories: every argument is shown as plain text, so numbers read as in the
 * report ({@code 200}, not AssertJ's {@code 200L}) and words carry no quotes.
 */
abstract class LoadTestMessage extends BasicErrorMessageFactory {

    LoadTestMessage(String format, Object... arguments) {
        super(format, arguments);
    }

    /** An argument shown as its {@code String.valueOf}, unquoted. */
    static CharSequence text(Object value) {
        return unquotedString(String.valueOf(value));
    }
}
