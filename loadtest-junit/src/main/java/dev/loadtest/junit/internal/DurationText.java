package dev.loadtest.junit.internal;

import dev.loadtest.DurationFormat;
import java.time.Duration;

/**
 * Durations as annotations write them: {@code "25ms"}, {@code "1.5 s"}, {@code "250us"} or {@code "250µs"},
 * {@code "100ns"}, {@code "2m"} or {@code "2min"}, or ISO-8601 ({@code "PT0.025S"}); the rules are
 * {@link DurationFormat#parse(String)}'s.
 */
public final class DurationText {

    private DurationText() {
    }

    /**
     * The duration the text names.
     *
     * @throws IllegalArgumentException saying what is wrong and what is expected (the caller adds where
     *     the text came from)
     */
    public static Duration parse(String text) {
        return DurationFormat.parse(text);
    }
}
