package dev.loadtest.samples.cli;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/**
 * The CI gates on a result (exit code {@value LoadTestCommand#GATE_BREACHED} when one is breached); shared with
 * {@code merge}.
 */
final class GateOptions {
    @Option(names = "--max-p99", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
            description = "Most the 99th percentile of response time may be.")
    Duration maxP99;

    @Option(names = "--max-latency", paramLabel = "PERCENTILE=DURATION",
            converter = Syntax.LatencyLimitConverter.class, showDefaultValue = Visibility.NEVER,
            description = "Most a percentile of response time may be: p50=5ms, p99.9=40ms, max=1s; "
                    + "repeatable.")
    List<Syntax.LatencyLimit> maxLatency = new ArrayList<>();

    @Option(names = "--min-rps", paramLabel = "RATE", converter = Syntax.RateConverter.class,
            description = "Fewest responses per second (req/s) the run may achieve.")
    Double minRps;

    @Option(names = "--max-error-rate", paramLabel = "FRACTION", converter = Syntax.FractionConverter.class,
            description = "Most failed requests (status >= 400, errors) of those done: 0.01 or 1%%.")
    Double maxErrorRate;

    @Option(names = "--require-ok", description = "The run's verdict must be ok (not errors, stalled, "
            + "overloaded or generator-saturated).")
    boolean requireOk;

    /** Checks the gates given, in the order of the flags above, on a result. */
    List<LimitCheck> check(Result result) {
        List<Gate> list = new ArrayList<>();
        if (maxP99 != null) {
            list.add(Gate.maxLatency(new Syntax.LatencyLimit(99, maxP99)));
        }
        for (Syntax.LatencyLimit limit : maxLatency) {
            list.add(Gate.maxLatency(limit));
        }
        if (minRps != null) {
            list.add(Gate.minRequestsPerSecond(minRps));
        }
        if (maxErrorRate != null) {
            list.add(Gate.maxErrorRate(maxErrorRate));
        }
        if (requireOk) {
            list.add(Gate.requireOk());
        }
        return list.stream().map(g -> g.check(result)).toList();
    }
}
