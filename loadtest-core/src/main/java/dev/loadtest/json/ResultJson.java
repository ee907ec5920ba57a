package dev.loadtest.json;

import dev.loadtest.Result;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Writes a {@link Result} as JSON and reads it back: a stable, documented format for other tools, for
 * archiving runs, and for merging runs from several machines (the latency histograms are kept whole).
 *
 * <pre>{@code
 * Result result = LoadTest.target(uri).clients(10).duration(Duration.ofSeconds(5)).run();
 * ResultJson.write(result, Path.of("run.json"));
 *
 * Result again = ResultJson.read(Path.of("run.json"));       // every figure, the histograms exactly
 * Duration p99 = again.responseTime().percentile(99);
 * Result rerun = again.test().run();                         // the same test, run again
 * }</pre>
 *
 * <p>The format (fields, units, compatibility rules) is described in the {@linkplain dev.loadtest.json
 * package documentation}. In short: one JSON object, counts as whole numbers, times in microseconds,
 * latency distributions as HdrHistograms in their compressed base64 encoding. A scenario run's steps, sessions and
 * token requests are written too ({@code steps}, {@code sessions}, {@code tokenRequests}), each step with the
 * figures a whole run has, so per-step results merge and re-analyse as runs do.
 *
 * <p>What does not survive the trip: listeners (code, not data); a custom {@code SSLContext} (recorded
 * as {@code "tls": "custom"}, read back as the default trust store); the values of secret headers
 * ({@code Authorization}, {@code Cookie}...), written and read back as {@code <redacted>}; a scenario, recorded
 * as {@code configuration.scenario} (its parts, requests' templates, checks and extractions by name) for the reader
 * to know what ran, but not read back, since a step's request may be a function: the test read back has no
 * scenario, and a scenario run that ended by its users' iterations reads as a timed run of its measured length.
 *
 * <p>Thread-safe: the methods keep no state between calls.
 */
public final class ResultJson {

    /** The value of the document's {@code format} field. */
    public static final String FORMAT_NAME = "loadtest-result";

    /**
     * The version this library writes, in the document's {@code formatVersion} field. Fields may be added within
     * a version (readers ignore what they do not know); a field removed, renamed or changed in meaning makes a new
     * version. The reader reads this version and the ones before it: version 2 (written before scenarios, whose
     * documents are version 3's without {@code steps}, {@code sessions} and {@code tokenRequests}) and version 1
     * (written by 0.1, where the response time was {@code latency.request}).
     */
    public static final int FORMAT_VERSION = 3;

    private ResultJson() {
    }

    /** Writes the result as a JSON document (pretty-printed, UTF-8 when the writer encodes). Does not close the writer. */
    public static void write(Result result, Writer out) throws IOException {
        Objects.requireNonNull(result, "result must not be null");
        Objects.requireNonNull(out, "out must not be null");
        JsonDocuments.write(out, generator -> new ResultWriter(generator).write(result));
    }

    /** Writes the result to a file in UTF-8, replacing it if it exists. */
    public static void write(Result result, Path file) throws IOException {
        JsonDocuments.write(file, out -> write(result, out));
    }

    /** The result as a JSON document. */
    public static String toJson(Result result) {
        return JsonDocuments.toText(out -> write(result, out));
    }

    /**
     * Reads a result written by {@link #write(Result, Writer)}. Does not close the reader. Besides the format,
     * the figures must be possible: a result with more requests done than it has ({@code done > total}), more
     * succeeded than done, a negative duration, status counts that do not add up to the responses, or counts
     * that overflow when added is refused (docs/json-format.md, "Reading errors").
     *
     * @throws ResultFormatException if the text is not a result of a known format version, or its figures
     *     cannot be true of a run; the message names the field
     * @throws IOException if the reader fails
     */
    public static Result read(Reader in) throws IOException {
        Objects.requireNonNull(in, "in must not be null");
        return ResultSanity.check(ResultReader.read(JsonDocuments.parse(in)));
    }

    /**
     * Reads a result from a UTF-8 file; see {@link #read(Reader)}. A format error's message starts with the
     * file: {@code s1.json: requests.done (12) must be <= requests.total (10): ...}.
     */
    public static Result read(Path file) throws IOException {
        try {
            return JsonDocuments.read(file, ResultJson::read);
        } catch (ResultFormatException e) {
            throw new ResultFormatException(file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a result from a JSON document in a string; see {@link #read(Reader)}. */
    public static Result fromJson(String json) throws ResultFormatException {
        return JsonDocuments.fromText(json, ResultJson::read);
    }
}
