package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scenario run's parts of a result document (since version 3): {@code steps} (one object per step, with the
 * figures a whole run has: requests, status codes, errors, checks, traffic, response and service time),
 * {@code sessions} and {@code tokenRequests} (a step object named {@code token}). Each is written only when the
 * result has it, so a run of single requests reads as it did in version 2, and a document without them reads as a
 * run without a scenario. Apart from {@link ResultWriter} and {@link ResultReader} so that the parts' writer and
 * reader sit side by side; the figures inside a step are written and read by their helpers, as the run's are.
 */
final class ScenarioJson {

    private final ResultWriter writer;
    private final JsonGenerator out;

    ScenarioJson(ResultWriter writer, JsonGenerator out) {
        this.writer = writer;
        this.out = out;
    }

    void write(Result r) throws IOException {
        if (!r.steps().isEmpty()) {
            out.writeArrayFieldStart("steps");
            for (StepResult s : r.steps()) {
                out.writeStartObject();
                step(s);
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        if (r.sessions().isPresent()) {
            sessions(r.sessions().get());
        }
        if (r.tokenRequests().isPresent()) {
            out.writeObjectFieldStart("tokenRequests");
            step(r.tokenRequests().get());
            out.writeEndObject();
        }
    }

    /** A step's fields, named as the run's: {@code requests}, {@code latency.responseTime} ... */
    private void step(StepResult s) throws IOException {
        out.writeStringField("name", s.name());
        writer.requests(s.requests());
        writer.statusCodes(s.statusCodes());
        writer.traffic(s.traffic());
        writer.errors(s.errors());
        CheckJson.write(out, s.checks());
        out.writeObjectFieldStart("latency");
        writer.latency("responseTime", s.responseTime());
        writer.latency("serviceTime", s.serviceTime());
        out.writeEndObject();
    }

    /** {@code unfinished} is derived (for readers like jq), not read back. */
    private void sessions(Sessions s) throws IOException {
        out.writeObjectFieldStart("sessions");
        out.writeNumberField("started", s.started());
        out.writeNumberField("completed", s.completed());
        out.writeNumberField("failed", s.failed());
        out.writeNumberField("unfinished", s.unfinished());
        out.writeObjectFieldStart("failedAt");
        for (Map.Entry<String, Long> e : s.failedAt().entrySet()) {
            out.writeNumberField(e.getKey(), e.getValue());
        }
        out.writeEndObject();
        out.writeObjectFieldStart("failureReasons");
        for (Map.Entry<String, List<String>> e : s.failureReasons().entrySet()) {
            out.writeArrayFieldStart(e.getKey());
            for (String reason : e.getValue()) {
                out.writeString(reason);
            }
            out.writeEndArray();
        }
        out.writeEndObject();
        writer.latency("duration", s.duration());
        out.writeEndObject();
    }

    /** The steps of a result document, in its order; empty when it has none. */
    static List<StepResult> steps(Node root) throws ResultFormatException {
        if (!root.has("steps")) {
            return List.of();
        }
        List<StepResult> steps = new ArrayList<>();
        for (Node s : root.get("steps").items()) {
            steps.add(step(s));
        }
        return steps;
    }

    static Optional<Sessions> sessions(Node root) throws ResultFormatException {
        if (!root.has("sessions")) {
            return Optional.empty();
        }
        Node n = root.get("sessions");
        Map<String, Long> failedAt = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : n.get("failedAt").fields().entrySet()) {
            failedAt.put(e.getKey(), e.getValue().count());
        }
        Map<String, List<String>> reasons = new LinkedHashMap<>();
        if (n.has("failureReasons")) {
            for (Map.Entry<String, Node> e : n.get("failureReasons").fields().entrySet()) {
                List<String> texts = new ArrayList<>();
                for (Node reason : e.getValue().items()) {
                    texts.add(reason.text());
                }
                reasons.put(e.getKey(), texts);
            }
        }
        LatencyHistogram duration = ResultReader.histogram(n.get("duration"));
        try {
            return Optional.of(new SessionsBuilder().started(n.get("started").count())
                    .completed(n.get("completed").count()).failed(n.get("failed").count()).failedAt(failedAt)
                    .failureReasons(reasons).duration(duration).build());
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(n.path() + ": " + e.getMessage(), e);
        }
    }

    static Optional<StepResult> tokenRequests(Node root) throws ResultFormatException {
        return root.has("tokenRequests") ? Optional.of(step(root.get("tokenRequests"))) : Optional.empty();
    }

    private static StepResult step(Node s) throws ResultFormatException {
        Node latency = s.get("latency");
        return new StepResultBuilder(s.get("name").text()).requests(ResultReader.requests(s.get("requests")))
                .statusCodes(ResultReader.statusCodes(s.get("statusCodes")))
                .traffic(ResultReader.traffic(s.get("traffic")))
                .errors(ResultReader.errors(s.get("errors"))).checks(CheckJson.read(s))
                .responseTime(ResultReader.histogram(latency.get("responseTime")))
                .serviceTime(ResultReader.histogram(latency.get("serviceTime"))).build();
    }
}
