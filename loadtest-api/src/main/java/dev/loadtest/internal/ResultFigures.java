package dev.loadtest.internal;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.Statistics;
import dev.loadtest.StepResult;
import dev.loadtest.StatusCodes;
import dev.loadtest.TlsUsed;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.check.CheckResult;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures a {@link Result} holds, as one value: {@code Result} delegates its accessors, equality and hash code
 * to it. Internal, so that adding a figure changes this record and {@link ResultBuilder}, never a user's code; build
 * one with {@code ResultBuilder}. The meaning of each figure is on its {@code Result} accessor.
 */
public record ResultFigures(LoadTest test, Duration duration, String protocol, Requests requests,
                            StatusCodes statusCodes, Traffic traffic, LatencyHistogram responseTime,
                            LatencyHistogram serviceTime, LatencyHistogram connectTime,
                            LatencyHistogram timeToFirstByte, Statistics clientRequestRates, long connections,
                            Map<ErrorCategory, ErrorCount> errors, Optional<Rate> rate, List<Interval> intervals,
                            Verdict verdict, boolean stopped, List<CheckResult> checks,
                            Optional<GeneratorLoad> generator, List<StepResult> steps,
                            Optional<Sessions> sessions, Optional<StepResult> tokenRequests,
                            Optional<TlsUsed> tls) {

    /** Checks that every figure is set; keeps unmodifiable copies of the collections. */
    public ResultFigures {
        required(test, "test");
        required(duration, "duration");
        required(protocol, "protocol");
        required(requests, "requests");
        required(statusCodes, "statusCodes");
        required(traffic, "traffic");
        required(responseTime, "responseTime");
        required(serviceTime, "serviceTime");
        required(connectTime, "connectTime");
        required(timeToFirstByte, "timeToFirstByte");
        required(clientRequestRates, "clientRequestRates");
        required(errors, "errors");
        required(rate, "rate");
        required(intervals, "intervals");
        required(verdict, "verdict");
        required(generator, "generator");
        errors = errors.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(errors));
        intervals = List.copyOf(intervals);
        checks = List.copyOf(required(checks, "checks"));
        steps = List.copyOf(required(steps, "steps"));
        required(sessions, "sessions");
        required(tokenRequests, "tokenRequests");
        required(tls, "tls");
    }

    private static <T> T required(T figure, String name) {
        return Objects.requireNonNull(figure, () -> "a result's " + name + " must be set");
    }
}
