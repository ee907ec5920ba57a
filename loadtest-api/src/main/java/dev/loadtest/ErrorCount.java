package dev.loadtest;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How often one {@link ErrorCategory} occurred, with the messages that tell what it was: the first one seen,
 * and the first {@value #MAX_MESSAGES} distinct ones, so that a category with several causes (a request
 * source that fails in two ways, two kinds of reset) shows each of them, and a run that fails a million times
 * one way keeps one.
 *
 * <pre>{@code
 * ErrorCount e = result.errors().get(ErrorCategory.OTHER);
 * e.count();           // 12
 * e.sampleMessage();   // "request source: no order for customer 7"
 * e.messages();        // [request source: no order for customer 7, request source: stock is empty]
 * }</pre>
 *
 * @param count occurrences (failed requests or connection attempts)
 * @param sampleMessage the first message seen of this category, credentials redacted
 * @param messages the distinct messages of this category in the order first seen, at most {@value #MAX_MESSAGES},
 *     credentials redacted; unmodifiable. It starts with {@code sampleMessage} when that is not empty.
 */
public record ErrorCount(long count, String sampleMessage, List<String> messages) {

    /** How many distinct messages a category keeps: enough to see each cause, not one per failed request. */
    public static final int MAX_MESSAGES = 10;

    /** No error of a category. */
    public static final ErrorCount NONE = new ErrorCount(0, "");

    /**
     * Checks the fields: {@code count >= 0}, a non-null {@code sampleMessage} and {@code messages}; keeps the
     * first {@value #MAX_MESSAGES} distinct messages, with {@code sampleMessage} first.
     *
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public ErrorCount {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be >= 0");
        }
        Objects.requireNonNull(sampleMessage, "sampleMessage must not be null");
        Objects.requireNonNull(messages, "messages must not be null");
        List<String> distinct = new ArrayList<>(Math.min(MAX_MESSAGES, messages.size() + 1));
        add(distinct, sampleMessage);
        for (String message : messages) {
            add(distinct, Objects.requireNonNull(message, "messages must not hold null"));
        }
        messages = List.copyOf(distinct);
    }

    /** One message, or none when {@code sampleMessage} is empty (the form before distinct messages were kept). */
    public ErrorCount(long count, String sampleMessage) {
        this(count, sampleMessage, List.of());
    }

    /**
     * Both counts of one category together: the counts summed, this one's sample unless it has none, this one's
     * messages then the other's new ones, up to {@value #MAX_MESSAGES}. How shards' and threads' errors merge.
     */
    public ErrorCount plus(ErrorCount other) {
        List<String> both = new ArrayList<>(messages);
        both.addAll(other.messages);
        return new ErrorCount(count + other.count, sampleMessage.isEmpty() ? other.sampleMessage : sampleMessage,
                both);
    }

    private static void add(List<String> distinct, String message) {
        if (!message.isEmpty() && distinct.size() < MAX_MESSAGES && !distinct.contains(message)) {
            distinct.add(message);
        }
    }
}
