package dev.loadtest;

import java.util.Objects;

/**
 * How often one {@link ErrorCategory} occurred, with one sample message to tell what it was.
 *
 * @param count occurrences (failed requests or connection attempts)
 * @param sampleMessage the first message seen of this category, credentials redacted
 */
public record ErrorCount(long count, String sampleMessage) {

    /** No error of a category. */
    public static final ErrorCount NONE = new ErrorCount(0, "");

    /**
     * Checks the fields: {@code count >= 0}, a non-null {@code sampleMessage}.
     *
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public ErrorCount {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be >= 0");
        }
        Objects.requireNonNull(sampleMessage, "sampleMessage must not be null");
    }
}
