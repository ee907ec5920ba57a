package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * A JSON document's values by path, for tests that check what the format says field by field (public for the
 * reports' tests, whose pages carry JSON too).
 */
public final class FlatJson {

    private FlatJson() {
    }

    /** A stored document beside the tests, e.g. {@code v1/shard0.json}, as text. */
    static String stored(String name) throws IOException {
        try (java.io.InputStream in = FlatJson.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no stored document " + name + " beside " + FlatJson.class.getName());
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** A {@code ...Micros} value as a duration. */
    static Duration micros(Object value) {
        return Duration.ofNanos(((BigDecimal) (value instanceof Long l ? BigDecimal.valueOf(l) : value))
                .movePointRight(3).longValueExact());
    }

    /** The document as path → value ({@code latency.responseTime.p99Micros}, {@code intervals[0].startMicros}). */
    public static Map<String, Object> flatten(String json) throws IOException {
        Map<String, Object> values = new HashMap<>();
        Deque<String> path = new ArrayDeque<>();
        Deque<int[]> indexes = new ArrayDeque<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case FIELD_NAME -> {
                        continue;
                    }
                    case START_OBJECT, START_ARRAY -> {
                        path.push(name(p, indexes));
                        indexes.push(t == JsonToken.START_ARRAY ? new int[] {0} : new int[] {-1});
                    }
                    case END_OBJECT, END_ARRAY -> {
                        path.pop();
                        indexes.pop();
                    }
                    default -> {
                        String key = join(path, name(p, indexes));
                        values.put(key, switch (t) {
                            case VALUE_NUMBER_INT -> p.getLongValue();
                            case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
                            case VALUE_STRING -> p.getText();
                            case VALUE_TRUE, VALUE_FALSE -> p.getBooleanValue();
                            default -> "null";
                        });
                    }
                }
            }
        }
        return values;
    }

    private static String name(JsonParser p, Deque<int[]> indexes) throws IOException {
        if (indexes.isEmpty()) {
            return "";
        }
        int[] index = indexes.peek();
        return index[0] >= 0 ? "[" + index[0]++ + "]" : p.currentName();
    }

    private static String join(Deque<String> path, String last) {
        StringBuilder s = new StringBuilder();
        var it = path.descendingIterator();
        while (it.hasNext()) {
            append(s, it.next());
        }
        append(s, last);
        return s.toString();
    }

    private static void append(StringBuilder s, String part) {
        if (part.isEmpty()) {
            return;
        }
        if (s.length() > 0 && !part.startsWith("[")) {
            s.append('.');
        }
        s.append(part);
    }
}
