package dev.loadtest.request;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a {@link Feeder}: a value for each of the feeder's columns, as text.
 *
 * <pre>{@code
 * Row row = Row.of(List.of("id", "email"), List.of("42", "ada@example.com"));
 * row.get("email");   // "ada@example.com"
 * row.get("name");    // IllegalArgumentException: no column (name) in this row: its columns are [id, email]
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Row {

    private final List<String> columns;
    private final String[] values;

    private Row(List<String> columns, String[] values) {
        this.columns = columns;
        this.values = values;
    }

    /**
     * A row of these columns and values, in the same order.
     *
     * @throws IllegalArgumentException if the sizes differ or a column name is empty or given twice
     */
    public static Row of(List<String> columns, List<String> values) {
        List<String> names = List.copyOf(columns);
        String[] copy = values.toArray(new String[0]);
        for (String v : copy) {
            Objects.requireNonNull(v, "row values must not be null");
        }
        if (copy.length != names.size()) {
            throw new IllegalArgumentException("row has " + copy.length + " values for " + names.size()
                    + " columns " + names + ": give one value per column");
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).isEmpty()) {
                throw new IllegalArgumentException("column " + (i + 1) + " of " + names + " has an empty name");
            }
            if (names.indexOf(names.get(i)) != i) {
                throw new IllegalArgumentException("column (" + names.get(i) + ") is given twice in " + names);
            }
        }
        return new Row(names, copy);
    }

    /**
     * The value of a column.
     *
     * @throws IllegalArgumentException naming the column and the columns the row has, if it has none of that
     *     name (names are case-sensitive)
     */
    public String get(String column) {
        int i = columns.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("no column (" + column + ") in this row: its columns are " + columns);
        }
        return values[i];
    }

    /** The column names, in the feeder's order; unmodifiable. */
    public List<String> columns() {
        return columns;
    }

    /** The row as a map from column to value, in the columns' order; a copy. */
    public Map<String, String> toMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            map.put(columns.get(i), values[i]);
        }
        return map;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && columns.equals(r.columns) && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return 31 * columns.hashCode() + Arrays.hashCode(values);
    }

    /**
     * {@code {id=42, email=ada@example.com}}, with the values of columns named like a credential
     * ({@code password}, {@code token}...) or shaped like one redacted: {@link Header#isSecret(String, String)}.
     */
    @Override
    public String toString() {
        Map<String, String> shown = toMap();
        shown.replaceAll((column, value) -> Header.isSecret(column, value) ? Redaction.REDACTED : value);
        return shown.toString();
    }
}
