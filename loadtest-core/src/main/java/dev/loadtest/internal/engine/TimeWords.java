package dev.loadtest.internal.engine;

import org.apache.hc.core5.util.Timeout;

/** Times in messages as people write them ("2 s", "300 ms"), not HttpCore's "2000 MILLISECONDS". */
public final class TimeWords {

    private TimeWords() {
    }

    public static String of(Timeout timeout) {
        long millis = timeout.toMilliseconds();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
