package dev.loadtest.samples.cli;

import dev.loadtest.DurationFormat;
import dev.loadtest.Result;
import dev.loadtest.TextReport;
import dev.loadtest.Verdict;
import dev.loadtest.report.GateOutcome;
import java.util.Locale;

/**
 * A CI gate: a figure of the result and the bound it must keep, as k6 thresholds and Gatling assertions.
 * A breach reads "required X, actual Y".
 */
interface Gate {

    /** Checks the result against this gate. */
    Outcome check(Result result);

    /** What a gate found. */
    record Outcome(String metric, String required, String actual, boolean passed) {

        /** {@code p99 response time: required <= 25.00ms, actual 31.20ms}. */
        @Override
        public String toString() {
            return metric + ": required " + required + ", actual " + actual;
        }

        /** This outcome as the HTML report lists it. */
        GateOutcome forReport() {
            return new GateOutcome(metric, required, actual, passed);
        }
    }

    /**
     * The response time at a percentile must not exceed a bound. Response time counts from the
     * schedule's due time in a rate-driven run (corrected for coordinated omission) and equals the
     * service time in a closed-model run.
     */
    static Gate maxLatency(Syntax.LatencyLimit limit) {
        return r -> {
            long actual = r.responseTime().percentile(limit.percentile()).toNanos();
            boolean measured = r.responseTime().count() > 0;
            return new Outcome(limit.name() + " response time", "<= " + DurationFormat.fixedNanos(limit.max().toNanos()),
                    measured ? DurationFormat.fixedNanos(actual) : "no response", measured && actual <= limit.max().toNanos());
        };
    }

    /** Responses per second of the measured phase (h2load's req/s) must be at least this. */
    static Gate minRequestsPerSecond(double min) {
        return r -> new Outcome("req/s", ">= " + Format.number(min), Format.number(r.requestsPerSecond()),
                r.requestsPerSecond() >= min);
    }

    /** Failed requests (status >= 400, errors, never issued) of those done must be at most this fraction. */
    static Gate maxErrorRate(double max) {
        return r -> {
            long done = r.requests().ended();
            double rate = done == 0 ? 1 : (double) r.requests().failed() / done;
            String actual = done == 0 ? "no request finished"
                    : TextReport.percent(rate) + " (" + r.requests().failed() + " of " + done + " failed)";
            return new Outcome("error rate", "<= " + TextReport.percent(max), actual, done > 0 && rate <= max);
        };
    }

    /** The run's verdict must be ok. */
    static Gate requireOk() {
        return r -> new Outcome("verdict", Verdict.OK.label(), r.verdict().label(), r.verdict() == Verdict.OK);
    }

    /**
     * How the gates print a number: with two decimals, as h2load prints its rates. Durations are
     * {@link DurationFormat#fixedNanos}'s and percentages {@link TextReport#percent}'s, as in the text report.
     */
    final class Format {
        private Format() {
        }

        static String number(double value) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
    }
}
