package dev.loadtest;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them, the one formatter of the library: the value types' {@code toString}, the text
 * report, budget and assertion messages, the command's gates and the HTML report all print through it.
 *
 * <pre>{@code
 * DurationFormat.format(Duration.ofNanos(7_806_975));   // "7.81ms"
 * DurationFormat.format(Duration.ofMillis(25));         // "25ms"
 * DurationFormat.beside(Duration.ofNanos(10_002_431), Duration.ofMillis(10));   // "10.002431ms", not "10ms"
 * DurationFormat.fixed(Duration.ofNanos(7_806_975));    // "7.81ms"  (h2load's columns: 25ms is "25.00ms")
 * DurationFormat.setting(Duration.ofSeconds(90));       // "1m30s"
 * DurationFormat.parse("1.5s");                         // PT1.5S
 * }</pre>
 *
 * <p>Units are {@code ns}, {@code us}, {@code ms}, {@code s}, and for settings {@code m} and {@code h}; numbers
 * use a dot and no grouping, whatever the default locale. Negative durations get a leading {@code -}.
 */
public final class DurationFormat {

    private static final Pattern VALUE = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(ns|us|µs|ms|s|m|min)");
    private static final long SECOND = 1_000_000_000L;

    private DurationFormat() {
    }

    /**
     * The largest unit in which the value is at least 1, with at most two decimals and no trailing zeros:
     * {@code 1ns}, {@code 412.5us}, {@code 7.81ms}, {@code 25ms}, {@code 1.5s}, {@code 90s}. For measured
     * values and limits in messages.
     */
    public static String format(Duration d) {
        Objects.requireNonNull(d, "duration must not be null");
        if (d.isNegative()) {
            return "-" + format(d.negated());
        }
        if (d.compareTo(Duration.ofSeconds(1)) >= 0) {
            // seconds from the exact value: toNanos() overflows past 292 years
            return twoDecimals(new BigDecimal(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9))) + "s";
        }
        long nanos = d.toNanos();
        if (nanos >= 1_000_000) {
            return twoDecimals(BigDecimal.valueOf(nanos, 6)) + "ms";
        }
        if (nanos >= 1_000) {
            return twoDecimals(BigDecimal.valueOf(nanos, 3)) + "us";
        }
        return nanos + "ns";
    }

    /**
     * {@link #format(Duration)} with every digit, in the unit {@code format} would choose: {@code 10.005247ms}.
     * For a value shown beside a limit it must not seem equal to.
     */
    public static String exact(Duration d) {
        Objects.requireNonNull(d, "duration must not be null");
        if (d.isNegative()) {
            return "-" + exact(d.negated());
        }
        if (d.compareTo(Duration.ofSeconds(1)) >= 0) {
            return plain(new BigDecimal(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9))) + "s";
        }
        long nanos = d.toNanos();
        int scale = nanos >= 1_000_000 ? 6 : nanos >= 1_000 ? 3 : 0;
        String unit = scale == 6 ? "ms" : scale == 3 ? "us" : "ns";
        return plain(BigDecimal.valueOf(nanos, scale)) + unit;
    }

    /**
     * {@link #format(Duration)}, unless, below a second, that reads the same as {@code other} while the values
     * differ: then {@link #exact(Duration)} ({@code 10.002431ms} beside {@code 10ms}), so that a breach never
     * reads {@code required <= 10ms, actual 10ms}. For a measured value shown beside a limit.
     */
    public static String beside(Duration d, Duration other) {
        String text = format(d);
        if (d.equals(other) || !text.equals(format(other)) || d.compareTo(Duration.ofSeconds(1)) >= 0) {
            return text;
        }
        return exact(d);
    }

    /**
     * h2load's columns: two decimals always from a millisecond on ({@code 12.09ms}, {@code 1.01s}), whole
     * microseconds below, truncated as h2load truncates ({@code 128us}). For tables read beside h2load's.
     */
    public static String fixed(Duration d) {
        Objects.requireNonNull(d, "duration must not be null");
        return fixedNanos(d.toNanos());
    }

    /** {@link #fixed(Duration)} from nanoseconds, for a mean or a standard deviation that is not whole. */
    public static String fixedNanos(double nanos) {
        if (nanos < 0) {
            return "-" + fixedNanos(-nanos);
        }
        if (nanos >= 1e9) {
            return String.format(Locale.ROOT, "%.2fs", nanos / 1e9);
        }
        if (nanos >= 1e6) {
            return String.format(Locale.ROOT, "%.2fms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%dus", (long) (nanos / 1e3));
    }

    /**
     * A setting as people type it: whole seconds in hours, minutes and seconds ({@code 10s}, {@code 1m30s},
     * {@code 2m}, {@code 1h}), whole milliseconds in {@code ms} ({@code 250ms}, {@code 1500ms}), anything finer
     * as {@link #format(Duration)}; zero is {@code 0s}.
     */
    public static String setting(Duration d) {
        Objects.requireNonNull(d, "duration must not be null");
        if (d.isNegative()) {
            return "-" + setting(d.negated());
        }
        if (d.isZero()) {
            return "0s";
        }
        if (d.getNano() == 0) {
            long s = d.getSeconds();
            StringBuilder out = new StringBuilder();
            if (s >= 3600) {
                out.append(s / 3600).append('h');
                s %= 3600;
            }
            if (s >= 60) {
                out.append(s / 60).append('m');
                s %= 60;
            }
            if (s > 0) {
                out.append(s).append('s');
            }
            return out.toString();
        }
        if (d.getNano() % 1_000_000 == 0 && d.getSeconds() < Long.MAX_VALUE / SECOND) {
            return d.toMillis() + "ms";
        }
        return format(d);
    }

    /**
     * The duration a text names: a number and a unit ({@code "25ms"}, {@code "1.5 s"}, {@code "250us"} or
     * {@code "250µs"}, {@code "100ns"}, {@code "2m"} or {@code "2min"}), or ISO-8601 ({@code "PT0.025S"});
     * what {@link #format(Duration)} and {@link #exact(Duration)} print parses back. Not negative; at most
     * about 292 years.
     *
     * @throws IllegalArgumentException saying what is wrong with the text and what is expected (a caller adds
     *     where the text came from)
     */
    public static Duration parse(String text) {
        Objects.requireNonNull(text, "duration text must not be null");
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
            case "s" -> BigDecimal.valueOf(SECOND);
            default -> BigDecimal.valueOf(60 * SECOND);
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(unitNanos).setScale(0, RoundingMode.HALF_UP);
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("is too long: at most about 292 years");
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    private static String twoDecimals(BigDecimal value) {
        return plain(value.setScale(2, RoundingMode.HALF_UP));
    }

    private static String plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0, RoundingMode.UNNECESSARY).toPlainString()
                : stripped.toPlainString();
    }
}
