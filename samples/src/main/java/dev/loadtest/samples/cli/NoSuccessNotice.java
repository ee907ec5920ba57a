package dev.loadtest.samples.cli;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one stderr line for a run that measured nothing of use although the command exits 0, as h2load does
 * when no gate says otherwise: no request succeeded, or the run stalled (no connection completed a second
 * request). Without it, a CI log shows only a report with zeros.
 */
final class NoSuccessNotice {

    private NoSuccessNotice() {
    }

    /**
     * The line, if the run calls for it:
     * {@code loadtest: no request succeeded (verdict stalled): ConnectException: Connection refused (connection
     * refused, 10x)}.
     */
    static Optional<String> of(Result r) {
        boolean noneSucceeded = r.requests().succeeded() == 0;
        if (!noneSucceeded && r.verdict() != Verdict.STALLED) {
            return Optional.empty();
        }
        String what = noneSucceeded ? "no request succeeded" : "no connection completed a second request";
        return Optional.of("loadtest: " + what + " (verdict " + r.verdict().label() + "): " + cause(r));
    }

    /**
     * What went wrong: the most frequent error with its sample message (the result keeps one per category,
     * the first seen), else the failed statuses, else that nothing finished.
     */
    private static String cause(Result r) {
        Optional<Map.Entry<ErrorCategory, ErrorCount>> error = r.errors().entrySet().stream()
                .max(Comparator.comparingLong((Map.Entry<ErrorCategory, ErrorCount> e) -> e.getValue().count())
                        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()));
        if (error.isPresent()) {
            ErrorCount count = error.get().getValue();
            String label = error.get().getKey().label();
            String message = count.sampleMessage().isBlank() ? label : count.sampleMessage().strip();
            int others = r.errors().size() - 1;
            return oneLine(message) + " (" + label + ", " + count.count() + "x"
                    + (others > 0 ? "; and " + others + " other kind" + (others > 1 ? "s" : "") + " of error" : "")
                    + ")";
        }
        String failed = r.statusCodes().counts().entrySet().stream()   // in code order
                .filter(e -> e.getKey() >= 400 || e.getKey() < 200)
                .map(e -> e.getKey() + " (" + e.getValue() + "x)").collect(Collectors.joining(", "));
        if (!failed.isEmpty()) {
            return "responses with status " + failed;
        }
        if (r.requests().done() == 0) {
            return "no request finished within the run (" + r.requests().inFlightAtEnd() + " in flight at its end)";
        }
        return "each connection completed one request at most";
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
