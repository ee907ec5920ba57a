package dev.loadtest.assertj.error;

import dev.loadtest.StatusCodes;
import java.util.Map;
import java.util.TreeMap;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Responses that should all be in one status class:
 * <pre>
 * Expecting only 2xx responses but had 7 others: {404=2, 503=5}
 * </pre>
 */
public class ShouldHaveOnlyStatusClass extends LoadTestMessage {

    /** Every response in this class (2 for 2xx ...). */
    public static ErrorMessageFactory shouldHaveOnlyStatusClass(int statusClass, StatusCodes actual) {
        Map<Integer, Long> others = new TreeMap<>(actual.counts());
        others.keySet().removeIf(code -> code / 100 == statusClass);
        long count = others.values().stream().mapToLong(Long::longValue).sum();
        return new ShouldHaveOnlyStatusClass("%nExpecting only %sxx responses but had %s others: %s",
                text(statusClass), text(count), text(others.toString()));
    }

    private ShouldHaveOnlyStatusClass(String format, Object... arguments) {
        super(format, arguments);
    }
}
