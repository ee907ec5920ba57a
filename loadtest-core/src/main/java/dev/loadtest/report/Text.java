package dev.loadtest.report;

import java.util.Locale;

/**
 * HTML escaping and the report's own number formats; durations are {@link dev.loadtest.DurationFormat}'s, byte
 * sizes and percentages {@link dev.loadtest.TextReport}'s, as in the text report.
 */
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
