package dev.loadtest.micrometer;

import dev.loadtest.LatencyHistogram;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Records an interval's latency histogram into a Micrometer timer, value by value: Micrometer has no way to
 * record a value n times at once, and only its own recording gives each registry its native distribution.
 */
final class Replay {

    private Replay() {
    }

    static void into(Timer timer, LatencyHistogram latency) {
        if (latency.isEmpty()) {
            return;
        }
        Histogram h = latency.toHistogram();
        for (HistogramIterationValue v : h.recordedValues()) {
            // the middle of the histogram's bucket, as HdrHistogram's own mean takes it
            long nanos = h.medianEquivalentValue(v.getValueIteratedTo());
            for (long n = v.getCountAtValueIteratedTo(); n > 0; n--) {
                timer.record(nanos, TimeUnit.NANOSECONDS);
            }
        }
    }
}
