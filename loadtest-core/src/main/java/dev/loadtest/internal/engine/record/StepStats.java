package dev.loadtest.internal.engine.record;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.spi.CheckTally;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one thread recorded of one scenario step: the figures a whole run has (requests, statuses, errors by
 * category, checks, bytes, response and service times), counted as {@link WorkerStats} counts them. Single writer,
 * read once after the writers ended; nothing reads it during the run, so its histograms are plain.
 */
public final class StepStats extends RequestCounts {

    final Map<Integer, Long> statuses = new HashMap<>();
    final Histogram serviceTime = LatencyHistogram.newHistogram();
    final Histogram responseTime = LatencyHistogram.newHistogram();
    /** This thread's counts of the step's checks; made at its first judged response. */
    CheckTally checks;

    /** The thread's tally of the step's checks, for the session to count them in. */
    public CheckTally tally(CheckPlan plan) {
        if (checks == null) {
            checks = plan.newTally();
        }
        return checks;
    }

    /** A measured request of the step went on the wire for the first time. */
    public void started() {
        started++;
    }

    /** A measured response of the step is whole; {@code responseNanos} from when the step was due. */
    public void responded(int status, long serviceNanos, long responseNanos) {
        responded++;
        statuses.merge(status, 1L, Long::sum);
        countStatus(status);
        serviceTime.recordValue(clamp(serviceNanos));
        responseTime.recordValue(clamp(responseNanos));
    }
}
