package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value read with Jackson's streaming parser, with the path it was found at, so that every
 * complaint names the field ({@code latency.responseTime.histogram: ...}). Numbers are kept exactly
 * ({@link Long} or {@link BigDecimal}), so nothing is lost between the text and the figures.
 *
 * <p>Why a small tree of our own: the format is read with jackson-core only (no data binding), and
 * reading into a tree first lets fields come in any order, as JSON allows.
 */
final class Node {

    private final String path;
    private final Object value;   // Map<String, Node>, List<Node>, String, Long, BigDecimal, Boolean or null

    private Node(String path, Object value) {
        this.path = path;
        this.value = value;
    }

    /** Reads one JSON value from the parser's next token. */
    static Node read(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw new ResultFormatException("empty input: expected a JSON object");
        }
        Node root = read(parser, token, "");
        if (parser.nextToken() != null) {
            throw new ResultFormatException("unexpected text after the JSON object at line "
                    + parser.currentLocation().getLineNr());
        }
        return root;
    }

    private static Node read(JsonParser parser, JsonToken token, String path) throws IOException {
        switch (token) {
            case START_OBJECT: {
                Map<String, Node> fields = new LinkedHashMap<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
                    String name = parser.currentName();
                    fields.put(name, read(parser, parser.nextToken(), path.isEmpty() ? name : path + "." + name));
                }
                return new Node(path, Collections.unmodifiableMap(fields));
            }
            case START_ARRAY: {
                List<Node> items = new ArrayList<>();
                for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                    items.add(read(parser, t, path + "[" + items.size() + "]"));
                }
                return new Node(path, Collections.unmodifiableList(items));
            }
            case VALUE_STRING:
                return new Node(path, parser.getText());
            case VALUE_NUMBER_INT:
                return new Node(path, parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? new BigDecimal(parser.getBigIntegerValue()) : (Object) parser.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return new Node(path, parser.getDecimalValue());
            case VALUE_TRUE:
                return new Node(path, Boolean.TRUE);
            case VALUE_FALSE:
                return new Node(path, Boolean.FALSE);
            case VALUE_NULL:
                return new Node(path, null);
            default:
                throw new ResultFormatException(path + ": unexpected " + token);
        }
    }

    String path() {
        return path;
    }

    /** Whether this object has a field of this name that is not null. */
    boolean has(String name) throws ResultFormatException {
        Node child = fields().get(name);
        return child != null && child.value != null;
    }

    /** A field that must be there (and not null). */
    Node get(String name) throws ResultFormatException {
        Node child = fields().get(name);
        if (child == null || child.value == null) {
            throw new ResultFormatException(child(name) + ": missing");
        }
        return child;
    }

    /** The fields of this object, in order. */
    Map<String, Node> fields() throws ResultFormatException {
        if (value instanceof Map<?, ?> map) {
            @SuppressWarnings("unchecked")
            Map<String, Node> fields = (Map<String, Node>) map;
            return fields;
        }
        throw new ResultFormatException(where() + "must be an object, was " + describe());
    }

    List<Node> items() throws ResultFormatException {
        if (value instanceof List<?> list) {
            @SuppressWarnings("unchecked")
            List<Node> items = (List<Node>) list;
            return items;
        }
        throw new ResultFormatException(where() + "must be an array, was " + describe());
    }

    String text() throws ResultFormatException {
        if (value instanceof String s) {
            return s;
        }
        throw new ResultFormatException(where() + "must be a string, was " + describe());
    }

    boolean bool() throws ResultFormatException {
        if (value instanceof Boolean b) {
            return b;
        }
        throw new ResultFormatException(where() + "must be true or false, was " + describe());
    }

    long longValue() throws ResultFormatException {
        if (value instanceof Long l) {
            return l;
        }
        throw new ResultFormatException(where() + "must be a whole number, was " + describe());
    }

    /** A count: a whole number >= 0. */
    long count() throws ResultFormatException {
        long n = longValue();
        if (n < 0) {
            throw new ResultFormatException(where() + "must be >= 0, was " + n);
        }
        return n;
    }

    int intValue() throws ResultFormatException {
        long n = longValue();
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw new ResultFormatException(where() + "must fit in 32 bits, was " + n);
        }
        return (int) n;
    }

    BigDecimal decimal() throws ResultFormatException {
        if (value instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (value instanceof BigDecimal d) {
            return d;
        }
        throw new ResultFormatException(where() + "must be a number, was " + describe());
    }

    double doubleValue() throws ResultFormatException {
        return decimal().doubleValue();
    }

    /** A time written in microseconds (decimals down to the nanosecond). */
    Duration micros() throws ResultFormatException {
        return nanos(decimal().movePointRight(3));
    }

    /** A time written in seconds (decimals down to the nanosecond). */
    Duration seconds() throws ResultFormatException {
        return nanos(decimal().movePointRight(9));
    }

    private Duration nanos(BigDecimal nanos) throws ResultFormatException {
        try {
            return Duration.ofNanos(nanos.longValueExact());
        } catch (ArithmeticException e) {
            throw new ResultFormatException(where() + "must be a time in whole nanoseconds, was " + describe());
        }
    }

    private String child(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private String where() {
        return path.isEmpty() ? "the document " : path + ": ";
    }

    private String describe() {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof List) {
            return "an array";
        }
        if (value instanceof String s) {
            return "\"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        }
        return value.toString();
    }
}
