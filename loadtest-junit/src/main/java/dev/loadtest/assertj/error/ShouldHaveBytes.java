package dev.loadtest.assertj.error;

import org.assertj.core.error.ErrorMessageFactory;

/**
 * Another byte count than expected:
 * <pre>
 * Expecting 2800 data bytes but had 2786
 * </pre>
 */
public class ShouldHaveBytes extends LoadTestMessage {

    /**
     * @param what the count's name: {@code total}, {@code header}, {@code data}, {@code sent}
     */
    public static ErrorMessageFactory shouldHaveBytes(String what, long expected, long actual) {
        return new ShouldHaveBytes("%nExpecting %s %s bytes but had %s", text(expected), text(what), text(actual));
    }

    /** Fewer bytes than the least expected. */
    public static ErrorMessageFactory shouldHaveBytesAtLeast(String what, long min, long actual) {
        return new ShouldHaveBytes("%nExpecting at least %s %s bytes but had %s", text(min), text(what), text(actual));
    }

    private ShouldHaveBytes(String format, Object... arguments) {
        super(format, arguments);
    }
}
