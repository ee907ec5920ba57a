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
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads the value at a path of a response's JSON body: the path ({@link JsonPaths}) is turned once into a
 * Jackson {@link JsonPointer}; each body is read by Jackson's streaming parser through a
 * {@link FilteringParserDelegate} that skips to the pointed value and stops there, so no tree is built and the
 * rest of the body is not read. The JSON check ({@link JsonPathRule}) compares the value; a scenario's
 * extraction keeps it. Immutable and thread-safe.
 */
public final class JsonPathReader {

    /** Thread-safe once configured; it recycles its buffers per thread. */
    private static final JsonFactory JSON = new JsonFactory();

    /** What a reader does with the value the parser stands at. */
    @FunctionalInterface
    public interface OnValue<T> {
        /**
         * @param token the value's first token, or null when the path leads nowhere
         * @param parser the parser, standing at that token
         */
        T at(JsonToken token, JsonParser parser) throws IOException;
    }

    private final String path;
    /**
     * Immutable, so one for all responses: it makes the per-step filters as the parser descends. Null for the
     * root ({@code $}), which is the first token: Jackson's filter would not return a root object.
     */
    private final TokenFilter filter;
    /** The last property named by the path: what decides whether a value there is shown or redacted. */
    private final String lastProperty;

    /**
     * @throws IllegalArgumentException if the path is neither a small JSONPath nor a JSON Pointer
     */
    public JsonPathReader(String path) {
        this.path = Objects.requireNonNull(path, "json path must not be null");
        JsonPointer pointer = JsonPaths.pointer(path);
        this.filter = pointer.matches() ? null : new JsonPointerBasedFilter(pointer);
        this.lastProperty = lastProperty(pointer);
    }

    /** The path as given. */
    public String path() {
        return path;
    }

    /** The last property the path names ({@code token} for {@code $.auth.token}); empty for none. */
    public String lastProperty() {
        return lastProperty;
    }

    /**
     * Moves the parser to the value at the path and hands it to {@code onValue}.
     *
     * @throws JsonProcessingException if the body is not JSON (up to the value)
     */
    public <T> T read(Response response, OnValue<T> onValue) throws JsonProcessingException {
        try (JsonParser parser = filter == null ? open(response) : new FilteringParserDelegate(open(response), filter,
                TokenFilter.Inclusion.ONLY_INCLUDE_ALL, false)) {
            return onValue.at(parser.nextToken(), parser);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // reading a byte array or a string: does not happen
        }
    }

    /** The first line of a parser's complaint, shortened: the reason a body is not JSON. */
    public static String notJson(JsonProcessingException e) {
        return "body is not JSON: " + Shown.shortened(e.getOriginalMessage().lines().findFirst().orElse(""));
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
}
