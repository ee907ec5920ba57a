package dev.loadtest.internal.engine;

import dev.loadtest.DurationFormat;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.core5.util.Timeout;

/**
 * HttpCore's times said again as a setting is written ({@link DurationFormat#setting}: "2s", "300ms"), not as
 * HttpCore prints them ("2 SECONDS", "300000000 NANOSECONDS").
 */
public final class HttpCoreTimes {

    /** How HttpCore's {@code Timeout}/{@code TimeValue} print themselves, the whole message of its timeouts. */
    private static final Pattern TIME_VALUE = Pattern.compile(
            "(\\d+) (NANOSECONDS|MICROSECONDS|MILLISECONDS|SECONDS|MINUTES|HOURS|DAYS)");

    private HttpCoreTimes() {
    }

    /** A timeout as a setting is written: "2s", "300ms". */
    public static String of(Timeout timeout) {
        return DurationFormat.setting(timeout.toDuration());
    }

    /** The duration in HttpCore's own words ("2 SECONDS") said again in ours; null when the text is not one. */
    public static String inWords(String timeValue) {
        Matcher m = TIME_VALUE.matcher(timeValue == null ? "" : timeValue.strip());
        if (!m.matches()) {
            return null;
        }
        long nanos = TimeUnit.valueOf(m.group(2)).toNanos(Long.parseLong(m.group(1)));
        return DurationFormat.setting(Duration.ofNanos(nanos));
    }
}
