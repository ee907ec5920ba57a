package dev.loadtest;

import java.time.Duration;

/** Human text for durations: "5 s", "250 ms", "1.5 min". */
final class Durations {

    private Durations() {
    }

    static String human(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 60_000_000_000L == 0 && nanos >= 60_000_000_000L) {
            return nanos / 60_000_000_000L + " min";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + " s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + " ms";
        }
        return d.toString();
    }
}
