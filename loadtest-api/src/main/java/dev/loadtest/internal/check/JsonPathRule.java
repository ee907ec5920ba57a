package dev.loadtest.internal.check;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loadtest.check.Response;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * The JSON check: the value at a path of the body equals an expected text. The body is read up to the value by
 * {@link JsonPathReader}. Its {@link #toString()} ({@code $.status == "ok"}) completes the check's name.
 */
public final class JsonPathRule {

    private final JsonPathReader reader;
    private final String path;
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
        this.reader = new JsonPathReader(path);
        this.lastProperty = reader.lastProperty();
        this.expectedNumber = number(expected);
    }

    /** Null when the value at the path equals the expected one, else the reason. */
    public String failure(Response response) {
        try {
            return reader.read(response, (token, parser) -> {
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
            });
        } catch (JsonProcessingException e) {
            return JsonPathReader.notJson(e);
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

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
