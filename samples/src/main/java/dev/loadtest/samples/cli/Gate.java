package dev.loadtest.samples.cli;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import java.util.Locale;

/**
 * A CI gate: a figure of the result and the bound it must keep, as k6 thresholds and Gatling assertions.
 * Each is checked by {@link LimitCheck}'s rule for its limit, the same as a JUnit budget's and a capacity
 * objective's, so a breach reads as theirs: "required X, actual Y".
 */
interface Gate {

    /** Checks the result against this gate. */
    LimitCheck check(Result result);

    /**
     * The response time at a percentile must not exceed a bound. Response time counts from the
     * schedule's due time in a rate-driven run (corrected for coordinated omission) and equals the
     * service time in a closed-model run.
     */
    static Gate maxLatency(Syntax.LatencyLimit limit) {
        return r -> LimitCheck.latency(limit.name() + " response time", r.responseTime(),
                h -> h.percentile(limit.percentile()), limit.max());
    }

    /** Responses per second of the measured phase (h2load's req/s) must be at least this. */
    static Gate minRequestsPerSecond(double min) {
        return r -> LimitCheck.throughput(r, min);
    }

    /** The {@linkplain dev.loadtest.Requests#errorRate() error rate} (failed / ended) must be at most this. */
    static Gate maxErrorRate(double max) {
        return r -> LimitCheck.errorRate(r, max);
    }

    /** The run's verdict must be ok. */
    static Gate requireOk() {
        return r -> new LimitCheck("verdict", Verdict.OK.label(), r.verdict().label(), r.verdict() == Verdict.OK);
    }

    /**
     * How the command's summaries print a rate: with two decimals, as h2load prints its rates.
     */
    final class Format {
        private Format() {
        }

        static String number(double value) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
    }
}
