package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.Sessions;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.check.CheckResult;
import dev.loadtest.internal.scenario.ScenarioPlan;
import dev.loadtest.scenario.Step;
import dev.loadtest.spi.CheckResults;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Adds up the threads' scenario figures into each step's {@link StepResult} (in the scenario's step order) and the
 * run's {@link Sessions}, once the run's threads have ended. A step's requests are counted as a run's are
 * ({@link ResultAssembly}), so the run's figures are the sum of its steps'.
 */
public final class ScenarioAssembly {

    /**
     * The steps' results, the sessions, the run's checks (each over the steps that have it) and, in the open model,
     * the arrivals not started (the sessions in flight at their bound).
     */
    public record Figures(List<StepResult> steps, Sessions sessions, List<CheckResult> checks, long notStarted) {
    }

    private ScenarioAssembly() {
    }

    static Figures assemble(ScenarioPlan plan, List<WorkerStats> all) {
        List<Step> steps = plan.scenario().steps();
        List<StepResult> results = new ArrayList<>(steps.size());
        List<List<CheckResult>> runChecks = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepResult step = step(plan, steps.get(i), i, all);
            results.add(step);
            runChecks.add(step.checks());
        }
        long notStarted = all.stream().filter(w -> w.scenario != null).mapToLong(w -> w.scenario.notStarted).sum();
        return new Figures(List.copyOf(results), sessions(steps, all), CheckResults.merge(runChecks), notStarted);
    }

    private static StepResult step(ScenarioPlan plan, Step step, int index, List<WorkerStats> all) {
        Counts sum = new Counts();
        Map<Integer, Long> statuses = new HashMap<>();
        Histogram service = LatencyHistogram.newHistogram();
        Histogram response = LatencyHistogram.newHistogram();
        Map<ErrorCategory, long[]> errorCounts = new EnumMap<>(ErrorCategory.class);
        Map<ErrorCategory, ErrorCount> messages = new EnumMap<>(ErrorCategory.class);
        List<List<CheckResult>> checks = new ArrayList<>();
        checks.add(plan.checks(step).newTally().results());   // every check listed, at zero when none was judged
        for (WorkerStats w : all) {
            if (w.scenario == null) {
                continue;
            }
            StepStats s = w.scenario.step(index);
            sum.add(s);
            s.statuses.forEach((code, n) -> statuses.merge(code, n, Long::sum));
            service.add(s.serviceTime);
            response.add(s.responseTime);
            s.addErrorsTo(errorCounts, messages);   // as the run's (ResultAssembly)
            if (s.checks != null) {
                checks.add(s.checks.results());
            }
        }
        Map<ErrorCategory, ErrorCount> errors = RequestCounts.errors(errorCounts, messages);
        Requests requests = sum.requestsSentOrNot();
        return new StepResultBuilder(step.name()).requests(requests).statusCodes(new StatusCodes(statuses))
                .errors(errors).checks(CheckResults.merge(checks))
                .traffic(sum.traffic())
                .responseTime(LatencyHistogram.of(response)).serviceTime(LatencyHistogram.of(service)).build();
    }

    private static Sessions sessions(List<Step> steps, List<WorkerStats> all) {
        long started = 0;
        long completed = 0;
        long failed = 0;
        long[] failedAt = new long[steps.size()];
        List<List<String>> reasons = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            reasons.add(new ArrayList<>());
        }
        Histogram duration = LatencyHistogram.newHistogram();
        for (WorkerStats w : all) {
            ScenarioStats s = w.scenario;
            if (s == null) {
                continue;
            }
            started += s.started;
            completed += s.completed;
            failed += s.failed;
            duration.add(s.duration);
            for (int i = 0; i < steps.size(); i++) {
                failedAt[i] += s.failedAt[i];
                for (String reason : s.reasons.get(i)) {
                    ScenarioStats.keepReason(reasons.get(i), reason);
                }
            }
        }
        Map<String, Long> at = new LinkedHashMap<>();
        Map<String, List<String>> why = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            if (failedAt[i] > 0) {
                at.put(steps.get(i).name(), failedAt[i]);
                why.put(steps.get(i).name(), List.copyOf(reasons.get(i)));
            }
        }
        return new SessionsBuilder().started(started).completed(completed).failed(failed).failedAt(at)
                .failureReasons(why).duration(LatencyHistogram.of(duration)).build();
    }
}
