package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.Comparison;
import dev.loadtest.Figure;
import dev.loadtest.FigureChange;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import dev.loadtest.StepComparison;
import dev.loadtest.Tolerance;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link Comparison} as JSON, for CI tools and dashboards: {@code "format": "loadtest-comparison"},
 * {@code "formatVersion": 1}, the overall {@code verdict}, how it was made, and one object per figure.
 *
 * <pre>{@code
 * ComparisonJson.write(Results.compare(baseline, candidate), Path.of("comparison.json"));
 * }</pre>
 *
 * <p>Fields: {@code verdict} ({@code IMPROVED UNCHANGED REGRESSED INCONCLUSIVE}), {@code paired},
 * {@code baselineRuns}, {@code candidateRuns}, {@code confidence} (overall), {@code figureConfidence} (each
 * figure's interval: the overall level shared among the gated figures), {@code resamples}, {@code seed},
 * {@code blockLength}, {@code fewestIntervals}, {@code baselineTargets}, {@code candidateTargets}, and
 * {@code figures}: each {@code figure} ({@code p50 p90 p99 p99.9 mean rps errorRate}), {@code unit}
 * ({@code micros}, {@code requestsPerSecond} or {@code fraction}), {@code baseline}, {@code candidate} (in
 * that unit), {@code change}, {@code low}, {@code high} (relative, {@code 0.2} is +20 %; for the error rate
 * a difference of fractions, {@code 0.001} is +0.1 pp; null when there is none), {@code tolerance} (the same
 * way, with {@code toleranceText}), {@code verdict}, {@code gated}, {@code decidedBy}. For scenario runs,
 * {@code steps} (added within version 1; absent for runs of single requests, so a reader of the older documents
 * reads these unchanged): one object per step, matched by name, the baseline's steps in their order and then
 * those only the candidate ran, each with {@code name}, {@code inBaseline}, {@code inCandidate} and
 * {@code figures}: {@code figure}, {@code unit}, {@code baseline}, {@code candidate} and {@code change} as above,
 * point values with no interval and no verdict (null where a side lacks the step), and {@code worseThanTolerance}.
 * Fields may be added within a version; none is removed or changes meaning.
 */
public final class ComparisonJson {

    /** The value of the document's {@code format} field. */
    public static final String FORMAT_NAME = "loadtest-comparison";
    /** The version written. */
    public static final int FORMAT_VERSION = 1;

    private ComparisonJson() {
    }

    /** Writes the comparison (pretty-printed). Does not close the writer. */
    public static void write(Comparison comparison, Writer out) throws IOException {
        Objects.requireNonNull(comparison, "comparison must not be null");
        Objects.requireNonNull(out, "out must not be null");
        JsonDocuments.write(out, g -> write(comparison, g));
    }

    /** Writes the comparison to a file in UTF-8, replacing it. */
    public static void write(Comparison comparison, Path file) throws IOException {
        JsonDocuments.write(file, out -> write(comparison, out));
    }

    /** The comparison as a JSON document. */
    public static String toJson(Comparison comparison) {
        return JsonDocuments.toText(out -> write(comparison, out));
    }

    private static void write(Comparison comparison, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("format", FORMAT_NAME);
        g.writeNumberField("formatVersion", FORMAT_VERSION);
        g.writeStringField("verdict", comparison.verdict().name());
        g.writeBooleanField("paired", comparison.isPaired());
        g.writeNumberField("baselineRuns", comparison.baselines().size());
        g.writeNumberField("candidateRuns", comparison.candidates().size());
        number(g, "confidence", comparison.options().confidence());
        number(g, "figureConfidence", comparison.figureConfidence());
        g.writeNumberField("resamples", comparison.options().resamples());
        g.writeNumberField("seed", comparison.options().seed());
        g.writeNumberField("blockLength", comparison.blockLength());
        g.writeNumberField("fewestIntervals", comparison.fewestIntervals());
        targets(g, "baselineTargets", comparison.baselines());
        targets(g, "candidateTargets", comparison.candidates());
        g.writeArrayFieldStart("figures");
        for (FigureChange f : comparison.figures()) {
            figure(g, f);
        }
        g.writeEndArray();
        if (!comparison.steps().isEmpty()) {
            g.writeArrayFieldStart("steps");
            for (StepComparison s : comparison.steps()) {
                step(g, s, comparison.options());
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void step(JsonGenerator g, StepComparison s, Comparison.Options options) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeBooleanField("inBaseline", s.inBaseline());
        g.writeBooleanField("inCandidate", s.inCandidate());
        g.writeArrayFieldStart("figures");
        for (StepComparison.Change f : s.figures()) {
            g.writeStartObject();
            values(g, f.figure(), f.baseline(), f.candidate(), f.change());
            g.writeBooleanField("worseThanTolerance", f.isWorseThan(options.toleranceOf(f.figure())));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** A figure's label, unit, both sides' values in that unit, and the change: a run's figure or a step's. */
    private static void values(JsonGenerator g, Figure figure, double baseline, double candidate, double change)
            throws IOException {
        boolean latency = figure.isLatency();
        double scale = latency ? 1e-3 : 1;   // nanoseconds written as microseconds
        g.writeStringField("figure", figure.label());
        g.writeStringField("unit", latency ? "micros" : figure.isAbsolute() ? "fraction" : "requestsPerSecond");
        number(g, "baseline", baseline * scale);
        number(g, "candidate", candidate * scale);
        number(g, "change", change);
    }

    private static void targets(JsonGenerator g, String name, List<Result> runs) throws IOException {
        g.writeArrayFieldStart(name);
        for (String t : Redaction.display(runs.get(0).test().targets())) {
            g.writeString(t);
        }
        g.writeEndArray();
    }

    private static void figure(JsonGenerator g, FigureChange f) throws IOException {
        g.writeStartObject();
        values(g, f.figure(), f.baseline(), f.candidate(), f.change());
        number(g, "low", f.low());
        number(g, "high", f.high());
        Tolerance t = f.tolerance();
        number(g, "tolerance", t.amount());
        g.writeStringField("toleranceText", t.text());
        g.writeStringField("verdict", f.verdict().name());
        g.writeBooleanField("gated", f.gated());
        g.writeStringField("decidedBy", f.decidedBy());
        g.writeEndObject();
    }

    /** A double in plain notation; null if not finite. */
    private static void number(JsonGenerator g, String name, double value) throws IOException {
        g.writeFieldName(name);
        if (Double.isFinite(value)) {
            g.writeNumber(new BigDecimal(Double.toString(value)).stripTrailingZeros());
        } else {
            g.writeNull();
        }
    }
}
