package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How every document of this package goes to and comes from text: one Jackson factory, pretty-printed output
 * ended by a line separator, files in UTF-8, strings that cannot fail, and broken JSON reported as a
 * {@link ResultFormatException}. {@link ResultJson}, {@link CapacityJson} and {@link ComparisonJson} say only
 * what their document holds, so that the formats cannot drift apart in how they are written and read.
 */
final class JsonDocuments {

    static final JsonFactory FACTORY = JsonFactory.builder()
            // the caller owns the Writer / Reader it passes
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // 1000.000 µs is written 1000, not 1E+3
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            // a request body (base64) may be larger than Jackson's default limit of 20 M characters
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .build();

    /** Writes a document's one top-level value. */
    @FunctionalInterface
    interface Content {
        void writeTo(JsonGenerator generator) throws IOException;
    }

    /** Writes a whole document to a writer, as a format's {@code write(value, Writer)} does. */
    @FunctionalInterface
    interface Writing {
        void to(Writer out) throws IOException;
    }

    /** Reads a whole document from a reader, as a format's {@code read(Reader)} does. */
    @FunctionalInterface
    interface Reading<T> {
        T from(Reader in) throws IOException;
    }

    private JsonDocuments() {
    }

    /** Writes the content pretty-printed, then a line separator, and flushes. Does not close the writer. */
    static void write(Writer out, Content content) throws IOException {
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            content.writeTo(generator);
        }
        out.write(System.lineSeparator());
        out.flush();
    }

    /** Writes a document to a file in UTF-8, replacing it if it exists. */
    static void write(Path file, Writing writing) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writing.to(out);
        }
    }

    /** A document as a string. */
    static String toText(Writing writing) {
        StringWriter out = new StringWriter();
        try {
            writing.to(out);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return out.toString();
    }

    /** The JSON tree of a document. Does not close the reader. */
    static Node parse(Reader in) throws IOException {
        try (JsonParser parser = FACTORY.createParser(in)) {
            return Node.read(parser);
        } catch (JsonProcessingException e) {
            throw new ResultFormatException("not valid JSON: " + e.getOriginalMessage() + " at line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()), e);
        }
    }

    /** Reads a document from a UTF-8 file. */
    static <T> T read(Path file, Reading<T> reading) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return reading.from(in);
        }
    }

    /** Reads a document from a string; a string reader does not fail, so only a format error is thrown. */
    static <T> T fromText(String json, Reading<T> reading) throws ResultFormatException {
        Objects.requireNonNull(json, "json must not be null");
        try {
            return reading.from(new StringReader(json));
        } catch (ResultFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("a StringReader does not fail", e);
        }
    }
}
