package dev.loadtest.internal.engine;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Times in words for error messages: "2 s", "250 ms", not HttpCore's "2 SECONDS" or "300000000 NANOSECONDS". */
public final class Durations {

    /** How HttpCore's {@code Timeout}/{@code TimeValue} print themselves, the whole message of its timeouts. */
    private static final Pattern TIME_VALUE = Pattern.compile(
            "(\\d+) (NANOSECONDS|MICROSECONDS|MILLISECONDS|SECONDS|MINUTES|HOURS|DAYS)");

    private Durations() {
    }

    /** "2 s", "1.5 s", "250 ms", "0.4 ms". */
    public static String inWords(Duration d) {
        long nanos = d.toNanos();
        if (nanos >= 1_000_000_000L) {
            return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e9)) + " s";
        }
        if (nanos >= 1_000_000L) {
            return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e6)) + " ms";
        }
        return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e3)) + " µs";
    }

    /** The duration in HttpCore's own words ("2 SECONDS") said again in ours; null when the text is not one. */
    public static String inWords(String timeValue) {
        Matcher m = TIME_VALUE.matcher(timeValue == null ? "" : timeValue.strip());
        if (!m.matches()) {
            return null;
        }
        long nanos = TimeUnit.valueOf(m.group(2)).toNanos(Long.parseLong(m.group(1)));
        return inWords(Duration.ofNanos(nanos));
    }

    private static String trim(String number) {
        String s = number.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
