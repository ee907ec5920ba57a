package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Requests;
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
}
