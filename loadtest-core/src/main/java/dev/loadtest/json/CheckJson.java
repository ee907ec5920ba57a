package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The result's {@code checks} array: one object per response check ({@code name}, {@code passed},
 * {@code failed}, and a {@code sample} of the first failure when it failed), in the run's order. Apart from
 * {@link ResultWriter} and {@link ResultReader} so that the array's writer and reader sit side by side.
 * Documents written before checks existed have no array: they read as a run without checks.
 */
final class CheckJson {

    private CheckJson() {
    }

    static void write(JsonGenerator out, List<CheckResult> checks) throws IOException {
        out.writeArrayFieldStart("checks");
        for (CheckResult c : checks) {
            out.writeStartObject();
            out.writeStringField("name", c.name());
            out.writeNumberField("passed", c.passed());
            out.writeNumberField("failed", c.failed());
            if (c.sample().isPresent()) {
                FailureSample s = c.sample().get();
                out.writeObjectFieldStart("sample");
                out.writeNumberField("status", s.status());
                out.writeStringField("body", s.body());
                out.writeArrayFieldStart("reasons");
                for (String reason : s.reasons()) {
                    out.writeString(reason);
                }
                out.writeEndArray();
                out.writeEndObject();
            }
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    /** The checks of a result document; empty when it has none (written before checks, or a run without). */
    static List<CheckResult> read(Node root) throws ResultFormatException {
        if (!root.has("checks")) {
            return List.of();
        }
        List<CheckResult> checks = new ArrayList<>();
        for (Node c : root.get("checks").items()) {
            try {
                Optional<FailureSample> sample = Optional.empty();
                if (c.has("sample")) {
                    Node s = c.get("sample");
                    List<String> reasons = new ArrayList<>();
                    for (Node reason : s.get("reasons").items()) {
                        reasons.add(reason.text());
                    }
                    sample = Optional.of(new FailureSample(s.get("status").intValue(),
                            s.has("body") ? s.get("body").text() : "", reasons));
                }
                checks.add(new CheckResult(c.get("name").text(), c.get("passed").count(), c.get("failed").count(),
                        sample));
            } catch (IllegalArgumentException e) {
                throw new ResultFormatException(c.path() + ": " + e.getMessage(), e);
            }
        }
        return checks;
    }
}
