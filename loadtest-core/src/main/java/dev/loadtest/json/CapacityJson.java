package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityStep;
import dev.loadtest.Objective;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Writes a {@link CapacityAnswer} as JSON and reads it back: the search's answer and every step, each step's
 * result in the {@linkplain ResultJson result format} (histograms whole, so a step can be re-analysed or merged).
 *
 * <pre>{@code
 * CapacityAnswer answer = Capacity.search(template, objective);
 * CapacityJson.write(answer, Path.of("capacity.json"));
 * CapacityAnswer again = CapacityJson.read(Path.of("capacity.json"));
 * }</pre>
 *
 * <p>The document:
 * <pre>
 * {
 *   "format": "loadtest-capacity", "formatVersion": 1,
 *   "capacity": {
 *     "conclusion": "found",           // found, not-held-at-start, generator-limited, max-rate-held, stopped
 *     "limitedBy": "objective",        // objective, generator, maxRate; null when stopped
 *     "heldRate": 388,                 // req/s; null if no step held
 *     "failedRate": 400,               // req/s; null if no step failed the objective
 *     "generatorRate": null,           // req/s the generator achieved at its limit, when generator-limited
 *     "capacity": 388,                 // heldRate when found, else null: never a figure of the generator's
 *     "summary": "capacity: 388 req/s held (confirmed); ...",
 *     "objective": {"latency": [{"percentile": 99, "maxMicros": 50000}], "maxErrorRate": 0.001,
 *                   "effectiveMaxErrorRate": 0.001},
 *     "steps": [{"number": 1, "phase": "doubling", "rate": 100, "outcome": "held", "reason": "",
 *                "breaches": [{"limit": "...", "required": "...", "actual": "..."}],
 *                "result": { a result document, as ResultJson writes it }}, ...]
 *   }
 * }
 * </pre>
 * Rates are requests per second; times microseconds, as in the result format. Fields are added within a
 * version, never removed or changed in meaning; readers ignore fields they do not know.
 *
 * <p>Thread-safe: the methods keep no state between calls.
 */
public final class CapacityJson {

    /** The value of the document's {@code format} field. */
    public static final String FORMAT_NAME = "loadtest-capacity";

    /** The version this library writes and reads, in the document's {@code formatVersion} field. */
    public static final int FORMAT_VERSION = 1;

    private CapacityJson() {
    }

    /** Writes the answer as a JSON document (pretty-printed). Does not close the writer. */
    public static void write(CapacityAnswer answer, Writer out) throws IOException {
        Objects.requireNonNull(answer, "answer must not be null");
        Objects.requireNonNull(out, "out must not be null");
        JsonDocuments.write(out, g -> write(answer, g));
    }

    /** Writes the answer to a file in UTF-8, replacing it if it exists. */
    public static void write(CapacityAnswer answer, Path file) throws IOException {
        JsonDocuments.write(file, out -> write(answer, out));
    }

    /** The answer as a JSON document. */
    public static String toJson(CapacityAnswer answer) {
        return JsonDocuments.toText(out -> write(answer, out));
    }

    /**
     * Reads an answer written by {@link #write(CapacityAnswer, Writer)}. Does not close the reader.
     *
     * @throws ResultFormatException if the text is not a capacity answer of a known version; the message names
     *     the field
     */
    public static CapacityAnswer read(Reader in) throws IOException {
        Objects.requireNonNull(in, "in must not be null");
        return read(JsonDocuments.parse(in));
    }

    /** Reads an answer from a UTF-8 file; see {@link #read(Reader)}. */
    public static CapacityAnswer read(Path file) throws IOException {
        return JsonDocuments.read(file, CapacityJson::read);
    }

    /** Reads an answer from a JSON document in a string; see {@link #read(Reader)}. */
    public static CapacityAnswer fromJson(String json) throws ResultFormatException {
        return JsonDocuments.fromText(json, CapacityJson::read);
    }

    private static void write(CapacityAnswer a, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("format", FORMAT_NAME);
        g.writeNumberField("formatVersion", FORMAT_VERSION);
        g.writeObjectFieldStart("capacity");
        g.writeStringField("conclusion", a.conclusion().label());
        g.writeFieldName("limitedBy");
        if (a.limitedBy().isPresent()) {
            g.writeString(a.limitedBy().get());
        } else {
            g.writeNull();
        }
        rate(g, "heldRate", a.heldRate());
        rate(g, "failedRate", a.failedRate());
        rate(g, "generatorRate", a.generatorRate());
        rate(g, "capacity", a.capacity());
        g.writeStringField("summary", a.summary());
        g.writeObjectFieldStart("objective");
        g.writeArrayFieldStart("latency");
        for (Objective.LatencyLimit l : a.objective().latencyLimits()) {
            g.writeStartObject();
            number(g, "percentile", l.percentile());
            g.writeFieldName("maxMicros");
            g.writeNumber(BigDecimal.valueOf(l.max().toNanos(), 3).stripTrailingZeros());
            g.writeEndObject();
        }
        g.writeEndArray();
        rate(g, "maxErrorRate", a.objective().maxErrorRate());
        number(g, "effectiveMaxErrorRate", a.objective().effectiveMaxErrorRate());
        g.writeEndObject();
        g.writeArrayFieldStart("steps");
        for (CapacityStep s : a.steps()) {
            g.writeStartObject();
            g.writeNumberField("number", s.number());
            g.writeStringField("phase", s.phase().label());
            number(g, "rate", s.rate());
            g.writeStringField("outcome", s.outcome().label());
            g.writeStringField("reason", s.reason());
            g.writeArrayFieldStart("breaches");
            for (Objective.Breach b : s.breaches()) {
                g.writeStartObject();
                g.writeStringField("limit", b.limit());
                g.writeStringField("required", b.required());
                g.writeStringField("actual", b.actual());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeFieldName("result");
            new ResultWriter(g).write(s.result());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static CapacityAnswer read(Node root) throws ResultFormatException {
        String format = root.get("format").text();
        if (!FORMAT_NAME.equals(format)) {
            throw new ResultFormatException("format: must be \"" + FORMAT_NAME + "\", was \"" + format + "\"");
        }
        long version = root.get("formatVersion").longValue();
        if (version != FORMAT_VERSION) {
            throw new ResultFormatException("formatVersion: this reader knows version " + FORMAT_VERSION
                    + ", the document is version " + version);
        }
        Node c = root.get("capacity");
        Objective objective = Objective.empty();
        Node o = c.get("objective");
        try {
            for (Node l : o.get("latency").items()) {
                objective = objective.maxResponseTime(l.get("percentile").doubleValue(), l.get("maxMicros").micros());
            }
            if (o.has("maxErrorRate")) {
                objective = objective.maxErrorRate(o.get("maxErrorRate").doubleValue());
            }
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException("capacity.objective: " + e.getMessage());
        }
        List<CapacityStep> steps = new ArrayList<>();
        for (Node s : c.get("steps").items()) {
            List<Objective.Breach> breaches = new ArrayList<>();
            for (Node b : s.get("breaches").items()) {
                breaches.add(new Objective.Breach(b.get("limit").text(), b.get("required").text(),
                        b.get("actual").text()));
            }
            try {
                steps.add(new CapacityStep(s.get("number").intValue(), CapacityStep.Phase.ofLabel(s.get("phase").text()),
                        s.get("rate").doubleValue(), ResultReader.read(s.get("result")),
                        CapacityStep.Outcome.ofLabel(s.get("outcome").text()), breaches, s.get("reason").text()));
            } catch (IllegalArgumentException e) {
                throw new ResultFormatException(s.path() + ": " + e.getMessage());
            }
        }
        try {
            return new CapacityAnswer(objective, CapacityAnswer.Conclusion.ofLabel(c.get("conclusion").text()),
                    rate(c, "heldRate"), rate(c, "failedRate"), rate(c, "generatorRate"), steps);
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException("capacity: " + e.getMessage());
        }
    }

    private static OptionalDouble rate(Node c, String name) throws ResultFormatException {
        return c.has(name) ? OptionalDouble.of(c.get(name).doubleValue()) : OptionalDouble.empty();
    }

    private static void rate(JsonGenerator g, String name, OptionalDouble value) throws IOException {
        if (value.isPresent()) {
            number(g, name, value.getAsDouble());
        } else {
            g.writeNullField(name);
        }
    }

    private static void number(JsonGenerator g, String name, double value) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(new BigDecimal(Double.toString(value)).stripTrailingZeros());
    }
}
