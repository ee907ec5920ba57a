package dev.loadtest.internal.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loadtest.check.Response;
import dev.loadtest.internal.check.JsonPathReader;
import dev.loadtest.scenario.Extract;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@link Extract} made ready to run: its JSON path turned into a reader or its expression compiled, once per
 * scenario. {@link #apply} gives the value or the reason there is none. Immutable and thread-safe.
 */
final class ExtractionRule {

    /** The value found, or why none was: exactly one is not null. */
    record Found(String value, String missing) {
    }

    private final Extract extract;
    private final JsonPathReader json;
    private final Pattern regex;

    ExtractionRule(Extract extract) {
        this.extract = extract;
        this.json = extract.from() == Extract.From.JSON_PATH ? new JsonPathReader(extract.expression()) : null;
        this.regex = extract.from() == Extract.From.REGEX ? Pattern.compile(extract.expression()) : null;
    }

    Extract extract() {
        return extract;
    }

    /** The value in the response (or, for a cookie, in the jar that has stored the response's cookies). */
    Found apply(Response response, CookieJar jar) {
        String expression = extract.expression();
        return switch (extract.from()) {
            case HEADER -> of(response.header(expression), "no header " + expression + " in the response");
            case COOKIE -> of(jar.value(expression), "no cookie " + expression + " in the session's jar");
            case REGEX -> regex(response.bodyText());
            case JSON_PATH -> json(response);
        };
    }

    private Found regex(String body) {
        Matcher m = regex.matcher(body);
        if (!m.find()) {
            return new Found(null, "no match of regex " + extract.expression() + " in the body");
        }
        String value = m.groupCount() == 1 ? m.group(1) : m.group();
        return value == null ? new Found(null, "regex " + extract.expression() + " matched without its group")
                : new Found(value, null);
    }

    private Found json(Response response) {
        String path = extract.expression();
        try {
            return json.read(response, (token, parser) -> {
                if (token == null) {
                    return new Found(null, path + " is missing");
                }
                return switch (token) {
                    case START_OBJECT -> new Found(null, path + " was an object, not a value");
                    case START_ARRAY -> new Found(null, path + " was an array, not a value");
                    case VALUE_NULL -> new Found(null, path + " was null");
                    default -> new Found(parser.getText(), null);
                };
            });
        } catch (JsonProcessingException e) {
            return new Found(null, JsonPathReader.notJson(e));
        }
    }

    private static Found of(Optional<String> value, String missing) {
        return value.map(v -> new Found(v, null)).orElseGet(() -> new Found(null, missing));
    }
}
