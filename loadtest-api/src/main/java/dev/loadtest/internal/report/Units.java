package dev.loadtest.internal.report;

import dev.loadtest.DurationFormat;
import java.time.Duration;
import java.util.Locale;

/** Numbers as h2load prints them, so its users read ours at a glance. */
public final class Units {

    private Units() {
    }

    /** h2load's durations: {@code 128us}, {@code 12.09ms}, {@code 1.01s}; see {@link DurationFormat#fixed}. */
    public static String duration(Duration d) {
        return DurationFormat.fixed(d);
    }

    /** {@link #duration(Duration)} from nanoseconds. */
    public static String durationNanos(double nanos) {
        return DurationFormat.fixedNanos(nanos);
    }

    /** h2load's byte sizes, 1024-based: {@code 512B}, {@code 146.48KB}, {@code 1.12MB}. */
    public static String bytes(double bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int unit = 0;
        while (bytes >= 1024 && unit < units.length - 1) {
            bytes /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0fB", bytes)
                : String.format(Locale.ROOT, "%.2f%s", bytes, units[unit]);
    }

    /** A fraction as a percentage with two decimals: {@code 93.33%}. */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", fraction * 100);
    }
}
