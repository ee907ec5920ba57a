package dev.loadtest.internal.check;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.JsonPointerBasedFilter;
import com.fasterxml.jackson.core.filter.TokenFilter;
import dev.loadtest.check.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The JSON check: the value at a path of the body equals an expected text. The path is turned once into a
 * Jackson {@link JsonPointer}; each body is read by Jackson's streaming parser through a
 * {@link FilteringParserDelegate} that skips to the pointed value and stops there, so no tree is built and the
 * rest of the body is not read. Its {@link #toString()} ({@code $.status == "ok"}) completes the check's name.
 */
public final class JsonPathRule {

    /** Thread-safe once configured; it recycles its buffers per thread. */
    private static final JsonFactory JSON = new JsonFactory();

    private final String path;
    /**
     * Immutable, so one for all responses: it makes the per-step filters as the parser descends. Null for the
     * root ({@code $}), which is the first token: Jackson's filter would not return a root object.
     */
    private final TokenFilter filter;
    /** The last property named by the path: what decides whether a value there is shown or redacted. */
    private final String lastProperty;
    private final String expected;
    private final BigDecimal expectedNumber;

    /**
     * @throws IllegalArgumentException if the path is neither a small JSONPath nor a JSON Pointer
     */
    public JsonPathRule(String path, String expected) {
        Objects.requireNonNull(path, "json path must not be null");
        this.expected = Objects.requireNonNull(expected, "expected value at " + path + " must not be null");
        this.path = path;
        JsonPointer pointer = JsonPaths.pointer(path);
        this.filter = pointer.matches() ? null : new JsonPointerBasedFilter(pointer);
        this.lastProperty = lastProperty(pointer);
        this.expectedNumber = number(expected);
    }

    /** Null when the value at the path equals the expected one, else the reason. */
    public String failure(Response response) {
        try (JsonParser parser = filter == null ? open(response) : new FilteringParserDelegate(open(response), filter,
                TokenFilter.Inclusion.ONLY_INCLUDE_ALL, false)) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                return path + " is missing";
            }
            return switch (token) {
                case START_OBJECT -> path + " was an object";
                case START_ARRAY -> path + " was an array";
                case VALUE_STRING -> parser.getText().equals(expected) ? null
                        : path + " was " + shownString(parser.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> sameNumber(parser) ? null
                        : path + " was " + Shown.value(lastProperty, parser.getText());
                default -> parser.getText().equals(expected) ? null : path + " was " + parser.getText();
            };
        } catch (JsonProcessingException e) {
            return "body is not JSON: " + Shown.shortened(e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // reading a byte array or a string: does not happen
        }
    }

    @Override
    public String toString() {
        return path + " == " + (expectedNumber != null ? Shown.value(lastProperty, expected) : shownString(expected));
    }

    private boolean sameNumber(JsonParser parser) throws IOException {
        if (expectedNumber == null) {
            return parser.getText().equals(expected);
        }
        return parser.getDecimalValue().compareTo(expectedNumber) == 0;
    }

    private String shownString(String value) {
        return Shown.quoted(lastProperty, value);
    }

    private static JsonParser open(Response response) throws IOException {
        if (response instanceof CapturedResponse captured && captured.charset().equals(StandardCharsets.UTF_8)) {
            return JSON.createParser(captured.bodyBytes(), 0, captured.bodyLength());   // no decoding to text
        }
        return JSON.createParser(response.bodyText());
    }

    private static String lastProperty(JsonPointer pointer) {
        String last = "";
        for (JsonPointer p = pointer; !p.matches(); p = p.tail()) {
            last = p.getMatchingProperty();
        }
        return last;
    }

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
