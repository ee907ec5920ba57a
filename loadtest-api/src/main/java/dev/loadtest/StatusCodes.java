package dev.loadtest;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Responses counted by exact status code.
 *
 * <pre>{@code
 * long ok = result.statusCodes().count(200);
 * long clientErrors = result.statusCodes().countOfClass(4);   // 4xx
 * }</pre>
 *
 * @param counts status code to number of responses, in code order; unmodifiable
 */
public record StatusCodes(Map<Integer, Long> counts) {

    /**
     * Keeps an unmodifiable copy of the counts, ordered by status code.
     */
    public StatusCodes {
        counts = Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /** Responses with exactly this status code. */
    public long count(int statusCode) {
        return counts.getOrDefault(statusCode, 0L);
    }

    /** Responses whose status is in this class: 2 for 2xx, 4 for 4xx, and so on. */
    public long countOfClass(int statusClass) {
        long n = 0;
        for (Map.Entry<Integer, Long> e : counts.entrySet()) {
            if (e.getKey() / 100 == statusClass) {
                n += e.getValue();
            }
        }
        return n;
    }

    /** All responses counted. */
    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public String toString() {
        return counts.toString();
    }
}
