package dev.loadtest;

import java.time.Duration;

/** Settings' durations in the builder's messages and {@code toString}: {@link DurationFormat#setting(Duration)}. */
final class Durations {

    private Durations() {
    }

    static String human(Duration d) {
        return DurationFormat.setting(d);
    }
}
