package dev.loadtest;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.CheckResults;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The scenario parts of shards' results added up for {@link Results#merge(List)}: each step with the step of the
 * same name in the other shards, exactly as whole runs add (counts, status codes, errors, checks, bytes, and the
 * response and service time histograms); the sessions by sums and their duration histograms' sum; the token
 * provider's requests as one more step. A result without a scenario adds nothing to these.
 */
final class ScenarioMerge {

    private ScenarioMerge() {
    }

    /** The steps by name, in the first result's order (then any a later result adds). */
    static List<StepResult> steps(List<Result> results) {
        Map<String, List<StepResult>> byName = new LinkedHashMap<>();
        for (Result r : results) {
            for (StepResult s : r.steps()) {
                byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
            }
        }
        List<StepResult> steps = new ArrayList<>();
        for (List<StepResult> same : byName.values()) {
            steps.add(add(same));
        }
        return steps;
    }

    static Optional<StepResult> tokenRequests(List<Result> results) {
        List<StepResult> token = results.stream().flatMap(r -> r.tokenRequests().stream()).toList();
        return token.isEmpty() ? Optional.empty() : Optional.of(add(token));
    }

    static Optional<Sessions> sessions(List<Result> results) {
        List<Sessions> all = results.stream().flatMap(r -> r.sessions().stream()).toList();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        long started = 0, completed = 0, failed = 0;
        Map<String, Long> failedAt = new LinkedHashMap<>();
        Map<String, Set<String>> reasons = new LinkedHashMap<>();
        LatencyHistogram duration = LatencyHistogram.EMPTY;
        for (Sessions s : all) {
            started += s.started();
            completed += s.completed();
            failed += s.failed();
            s.failedAt().forEach((step, n) -> failedAt.merge(step, n, Long::sum));
            s.failureReasons().forEach((step, texts) -> {
                Set<String> kept = reasons.computeIfAbsent(step, k -> new LinkedHashSet<>());
                for (String text : texts) {
                    if (kept.size() < Sessions.MAX_REASONS_PER_STEP) {
                        kept.add(text);
                    }
                }
            });
            duration = duration.plus(s.duration());
        }
        Map<String, List<String>> failureReasons = new LinkedHashMap<>();
        reasons.forEach((step, texts) -> failureReasons.put(step, List.copyOf(texts)));
        return Optional.of(new SessionsBuilder().started(started).completed(completed).failed(failed)
                .failedAt(failedAt).failureReasons(failureReasons).duration(duration).build());
    }

    /** Steps of one name from several shards as one. */
    private static StepResult add(List<StepResult> same) {
        if (same.size() == 1) {
            return same.get(0);
        }
        List<List<CheckResult>> checks = new ArrayList<>();
        LatencyHistogram responseTime = LatencyHistogram.EMPTY;
        LatencyHistogram serviceTime = LatencyHistogram.EMPTY;
        for (StepResult s : same) {
            checks.add(s.checks());
            responseTime = responseTime.plus(s.responseTime());
            serviceTime = serviceTime.plus(s.serviceTime());
        }
        return new StepResultBuilder(same.get(0).name())
                .requests(FigureSums.requests(same.stream().map(StepResult::requests).toList()))
                .statusCodes(FigureSums.statusCodes(same.stream().map(StepResult::statusCodes).toList()))
                .errors(FigureSums.errors(same.stream().map(StepResult::errors).toList()))
                .checks(CheckResults.merge(checks))
                .traffic(FigureSums.traffic(same.stream().map(StepResult::traffic).toList()))
                .responseTime(responseTime).serviceTime(serviceTime).build();
    }
}
