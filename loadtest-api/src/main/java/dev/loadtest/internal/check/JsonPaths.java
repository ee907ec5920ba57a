package dev.loadtest.internal.check;

import com.fasterxml.jackson.core.JsonPointer;

/**
 * The paths {@code Check.jsonPath} accepts, turned into a Jackson {@link JsonPointer}: a JSON Pointer
 * (RFC 6901: {@code /items/0/id}, or the empty string for the whole document) as it is, or a small subset of
 * JSONPath: {@code $} followed by steps {@code .name}, {@code [index]}, {@code ['name']} or
 * {@code ["name"]} ({@code $.items[0].id}, {@code $['a.b']}). Filters, wildcards and recursive descent are not
 * part of it: a check compares one value.
 */
final class JsonPaths {

    private static final String RULE = "must be a JSONPath of $ and .name, [index] or ['name'] steps (e.g."
            + " $.items[0].id) or a JSON Pointer (e.g. /items/0/id)";

    private JsonPaths() {
    }

    /**
     * The pointer to the path's value.
     *
     * @throws IllegalArgumentException naming the path, the place and the rule when it is not of the syntax
     */
    static JsonPointer pointer(String path) {
        if (path.isEmpty() || path.startsWith("/")) {
            try {
                return JsonPointer.compile(path);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("json path (" + path + ") " + RULE + ": " + e.getMessage());
            }
        }
        if (!path.startsWith("$")) {
            throw new IllegalArgumentException("json path (" + path + ") " + RULE);
        }
        JsonPointer pointer = JsonPointer.empty();
        int i = 1;
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                    end++;
                }
                if (end == i + 1) {
                    throw bad(path, i, "an empty name after '.'");
                }
                pointer = pointer.appendProperty(path.substring(i + 1, end));
                i = end;
            } else if (c == '[') {
                char first = i + 1 < path.length() ? path.charAt(i + 1) : ']';
                int close;
                if (first == '\'' || first == '"') {   // a quoted name may hold '.', '[' and ']'
                    int quote = path.indexOf(first, i + 2);
                    if (quote < 0 || quote + 1 >= path.length() || path.charAt(quote + 1) != ']') {
                        throw bad(path, i, "a quoted name without its closing " + first + "]");
                    }
                    pointer = pointer.appendProperty(path.substring(i + 2, quote));
                    close = quote + 1;
                } else {
                    close = path.indexOf(']', i);
                    if (close < 0) {
                        throw bad(path, i, "a '[' without its ']'");
                    }
                    String index = path.substring(i + 1, close);
                    if (!index.matches("\\d{1,9}")) {
                        throw bad(path, i, "[" + index + "], neither an index nor a quoted name");
                    }
                    pointer = pointer.appendIndex(Integer.parseInt(index));
                }
                i = close + 1;
            } else {
                throw bad(path, i, "'" + c + "' where '.' or '[' was expected");
            }
        }
        return pointer;
    }

    private static IllegalArgumentException bad(String path, int at, String what) {
        return new IllegalArgumentException("json path (" + path + ") has " + what + " at character " + (at + 1)
                + ": it " + RULE);
    }
}
