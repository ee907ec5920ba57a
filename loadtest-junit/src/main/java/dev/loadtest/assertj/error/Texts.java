package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The bits of result the messages show, worded as the report words them. */
final class Texts {

    private Texts() {
    }

    /** {@code connection refused: 3 (Connection refused); stream reset: 1 (...)}, or {@code none}. */
    static String errors(Map<ErrorCategory, ErrorCount> errors) {
        if (errors.isEmpty()) {
            return "none";
        }
        return errors.entrySet().stream()
                .map(e -> e.getKey().label() + ": " + e.getValue().count()
                        + (e.getValue().sampleMessage().isEmpty() ? "" : " (" + e.getValue().sampleMessage() + ")"))
                .collect(Collectors.joining("; "));
    }

    /** The counts as the report's requests line: {@code 200 total, 200 started, 200 done, ...}. */
    static String requests(Requests q) {
        return q.total() + " total, " + q.started() + " started, " + q.done() + " done, " + q.succeeded()
                + " succeeded, " + q.failed() + " failed, " + q.errored() + " errored, " + q.timeout() + " timeout";
    }

    /** {@code the run's steps were: login, checkout}, or that the run had none. */
    static String steps(Result r) {
        return r.steps().isEmpty() ? "the run had no steps: it ran single requests, not a scenario"
                : "the run's steps were: " + r.steps().stream().map(StepResult::name).collect(Collectors.joining(", "));
    }

    /**
     * The sessions as the report's line, and where they failed with the first reasons: {@code 100 started,
     * 93 completed, 5 failed, 2 unfinished; failed at checkout: 5 (status 409)}.
     */
    static String sessions(Sessions s) {
        String line = s.started() + " started, " + s.completed() + " completed, " + s.failed() + " failed, "
                + s.unfinished() + " unfinished";
        if (s.failedAt().isEmpty()) {
            return line;
        }
        return line + "; " + s.failedAt().entrySet().stream().map(at -> {
            List<String> reasons = s.failureReasons().getOrDefault(at.getKey(), List.of());
            return "failed at " + at.getKey() + ": " + at.getValue()
                    + (reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")");
        }).collect(Collectors.joining(", "));
    }
}
