package dev.loadtest.spi;

import dev.loadtest.internal.check.SampleText;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One thread's counts of a run's checks: passes and failures per check in plain arrays, and for each check the
 * sample of its first failure and its first distinct reasons. A passing response costs two array increments;
 * a failure adds a reason comparison until {@value FailureSample#MAX_REASONS} distinct reasons are kept, and the
 * first failure of each check renders the body sample once.
 *
 * <p>Single writer: the I/O thread that evaluates its responses ({@link CheckPlan#evaluate}). Read
 * {@link #results()} after that thread has stopped evaluating (the run's end, after the engine's join), or
 * from it; the counts of several threads then {@linkplain CheckResults#merge merge} exactly.
 */
public final class CheckTally {

    private final String[] names;
    private final long[] passed;
    private final long[] failed;
    private final int[] sampleStatus;
    private final String[] sampleBody;
    private final List<List<String>> reasons;

    CheckTally(List<String> names) {
        this.names = names.toArray(String[]::new);
        int n = this.names.length;
        this.passed = new long[n];
        this.failed = new long[n];
        this.sampleStatus = new int[n];
        this.sampleBody = new String[n];
        this.reasons = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            reasons.add(new ArrayList<>(1));
        }
    }

    void passed(int check) {
        passed[check]++;
    }

    void failed(int check, String reason, CapturedResponse response) {
        if (failed[check]++ == 0) {
            sampleStatus[check] = response.status();
            sampleBody[check] = response.bodyLength() == 0 ? "" : SampleText.of(response.keptText());
        }
        List<String> seen = reasons.get(check);
        if (seen.size() < FailureSample.MAX_REASONS && !seen.contains(reason)) {
            seen.add(reason);
        }
    }

    /**
     * Adds each check's failures so far to {@code into}, by name, in the run's order of checks: for live figures
     * ({@code Progress.checkFailures}), read while the writer goes on, as the engine reads its other counters, so a
     * count may show a failure late but never undo one.
     */
    public void addFailures(Map<String, Long> into) {
        for (int i = 0; i < names.length; i++) {
            into.merge(names[i], failed[i], Long::sum);
        }
    }

    /** The counts so far, one result per check, in the run's order of checks. */
    public List<CheckResult> results() {
        List<CheckResult> results = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            Optional<FailureSample> sample = failed[i] == 0 ? Optional.empty()
                    : Optional.of(new FailureSample(sampleStatus[i], sampleBody[i], reasons.get(i)));
            results.add(new CheckResult(names[i], passed[i], failed[i], sample));
        }
        return List.copyOf(results);
    }
}
