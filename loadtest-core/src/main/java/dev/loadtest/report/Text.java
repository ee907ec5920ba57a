package dev.loadtest.report;

import dev.loadtest.DurationFormat;
import java.time.Duration;
import java.util.Locale;

/** HTML escaping and the number formats of the report (h2load's units). */
final class Text {

    private Text() {
    }

    /**
     * The text made safe as HTML element content and as a quoted attribute value: {@code & < > " '} as
     * character references, C0 control characters other than tab, CR and LF as U+FFFD.
     */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\t', '\n', '\r' -> out.append(c);
                default -> out.append(c < 0x20 || c == 0x7f ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }

    /** h2load's durations: {@code 128us}, {@code 12.09ms}, {@code 1.01s}. */
    static String duration(Duration d) {
        return DurationFormat.fixed(d);
    }

    /** {@link #duration(Duration)} from nanoseconds. */
    static String nanos(double nanos) {
        return DurationFormat.fixedNanos(nanos);
    }

    /** A setting's duration as people write it: {@code 10s}, {@code 1m30s}, {@code 250ms}. */
    static String setting(Duration d) {
        return DurationFormat.setting(d);
    }

    /** h2load's byte sizes, 1024-based: {@code 512B}, {@code 146.48KB}, {@code 1.12MB} (as the text report). */
    static String bytes(double bytes) {
        return dev.loadtest.TextReport.bytes(bytes);
    }

    /** A fraction as a percentage with two decimals: {@code 93.33%} (as the text report). */
    static String percent(double fraction) {
        return dev.loadtest.TextReport.percent(fraction);
    }

    /** A count with thousands separators: {@code 12,345}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A rate or other real number with two decimals and thousands separators. */
    static String real(double v) {
        return String.format(Locale.ROOT, "%,.2f", v);
    }

    /** A request rate without needless decimals: {@code 2,000} or {@code 12.5}. */
    static String rate(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
    }
}
