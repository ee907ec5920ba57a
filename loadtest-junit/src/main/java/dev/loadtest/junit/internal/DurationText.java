package dev.loadtest.junit.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as annotations write them: {@code "25ms"}, {@code "1.5 s"}, {@code "250us"} or {@code "250µs"},
 * {@code "100ns"}, {@code "2m"} or {@code "2min"}, or ISO-8601 ({@code "PT0.025S"}).
 */
public final class DurationText {

    private static final Pattern VALUE = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(ns|us|µs|ms|s|m|min)");

    private DurationText() {
    }

    /**
     * The duration the text names.
     *
     * @throws IllegalArgumentException saying what is wrong and what is expected (the caller adds where
     *     the text came from)
     */
    public static Duration parse(String text) {
        String t = text.strip();
        if (!t.isEmpty() && (t.charAt(0) == 'P' || t.charAt(0) == 'p')) {
            Duration d;
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("is not an ISO-8601 duration such as PT0.025S");
            }
            if (d.isNegative()) {
                throw new IllegalArgumentException("must not be negative");
            }
            return d;
        }
        Matcher m = VALUE.matcher(t.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("is not a duration: write a number and a unit (ns, us, ms, s, m), "
                    + "e.g. \"25ms\"");
        }
        BigDecimal unitNanos = switch (m.group(2)) {
            case "ns" -> BigDecimal.ONE;
            case "us", "µs" -> BigDecimal.valueOf(1_000);
            case "ms" -> BigDecimal.valueOf(1_000_000);
            case "s" -> BigDecimal.valueOf(1_000_000_000);
            default -> BigDecimal.valueOf(60_000_000_000L);
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(unitNanos).setScale(0, RoundingMode.HALF_UP);
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("is too long: at most about 292 years");
        }
        return Duration.ofNanos(nanos.longValueExact());
    }
}
