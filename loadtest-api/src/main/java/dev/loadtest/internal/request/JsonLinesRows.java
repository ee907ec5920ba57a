package dev.loadtest.internal.request;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * JSON Lines: one flat JSON object per line, parsed by Jackson's streaming parser. The first object's names
 * are the columns; every other line must have the same names, in any order. Values are kept as their text:
 * a string's content, a number as written, {@code true}/{@code false}, and {@code null} as an empty value.
 */
final class JsonLinesRows implements RowReader {

    /** Thread-safe once configured, and costly to make: one for all readers. */
    private static final JsonFactory JSON = new JsonFactory();

    private final ByteInput in;
    private final String source;
    private List<String> columns;
    private byte[] line = new byte[256];
    private int lineLength;
    private long rowStart;
    private long lineNumber;
    /** The first row, read to learn the columns and returned by the first {@link #next()}. */
    private String[] pending;
    private long pendingStart;

    JsonLinesRows(ByteInput in, String source, List<String> columns) {
        this.in = in;
        this.source = source;
        this.columns = columns;
    }

    /** Reads the first object, whose names are the columns; it stays the first row. */
    static JsonLinesRows withFirstObject(ByteInput in, String source) throws IOException {
        JsonLinesRows reader = new JsonLinesRows(in, source, null);
        if (!reader.readLine()) {
            throw new IllegalArgumentException(source + ": no JSON object: a JSON Lines feeder has one object per"
                    + " line, the first one's names being its columns");
        }
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        reader.parse(names, values);
        reader.columns = List.copyOf(names);
        reader.pending = values.toArray(new String[0]);
        reader.pendingStart = reader.rowStart;
        return reader;
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public String[] next() throws IOException {
        if (pending != null) {
            String[] first = pending;
            pending = null;
            rowStart = pendingStart;
            return first;
        }
        if (!readLine()) {
            return null;
        }
        List<String> names = new ArrayList<>(columns.size());
        List<String> values = new ArrayList<>(columns.size());
        parse(names, values);
        String[] row = new String[columns.size()];
        for (int i = 0; i < names.size(); i++) {
            int column = columns.indexOf(names.get(i));
            if (column < 0) {
                throw new IllegalArgumentException(at() + "member (" + names.get(i) + ") is not a column: the"
                        + " first line's names are " + columns);
            }
            row[column] = values.get(i);
        }
        for (int i = 0; i < row.length; i++) {
            if (row[i] == null) {
                throw new IllegalArgumentException(at() + "no member (" + columns.get(i) + "): every line has the"
                        + " first line's names " + columns + " (give null for an empty value)");
            }
        }
        return row;
    }

    @Override
    public long rowStart() {
        return rowStart;
    }

    /** Reads the next line that is not blank into {@code line}, without its CR LF; false at the end. */
    private boolean readLine() throws IOException {
        while (true) {
            if (in.peek() < 0) {
                return false;
            }
            rowStart = in.offset();
            lineNumber = in.line();
            lineLength = 0;
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                if (lineLength == line.length) {
                    if (lineLength >= MAX_ROW_BYTES) {
                        throw new IllegalArgumentException(at() + "the line is longer than " + (MAX_ROW_BYTES >> 20)
                                + " MiB");
                    }
                    line = Arrays.copyOf(line, line.length * 2);
                }
                line[lineLength++] = (byte) c;
            }
            if (lineLength > 0 && line[lineLength - 1] == '\r') {
                lineLength--;
            }
            if (!isBlank()) {
                return true;
            }
        }
    }

    private boolean isBlank() {
        for (int i = 0; i < lineLength; i++) {
            byte b = line[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Parses the line: one flat object, each name once. */
    private void parse(List<String> names, List<String> values) throws IOException {
        try (JsonParser parser = JSON.createParser(line, 0, lineLength)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(at() + "a line must be one JSON object ({\"id\":1,...})");
            }
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (name.isEmpty()) {
                    throw new IllegalArgumentException(at() + "a member has an empty name");
                }
                if (names.contains(name)) {
                    throw new IllegalArgumentException(at() + "member (" + name + ") is given twice");
                }
                names.add(name);
                values.add(value(parser.nextToken(), parser, name));
            }
            if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw new IllegalArgumentException(at() + "a line must hold one JSON object and nothing after it");
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(at() + "not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    private String value(JsonToken token, JsonParser parser, String name) throws IOException {
        switch (token) {
            case VALUE_STRING:
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
            case VALUE_TRUE:
            case VALUE_FALSE:
                return parser.getText();
            case VALUE_NULL:
                return "";
            default:
                throw new IllegalArgumentException(at() + "member (" + name + ") is "
                        + (token == JsonToken.START_ARRAY ? "an array" : "an object")
                        + ": a feeder row is flat (strings, numbers, booleans, null)");
        }
    }

    private String at() {
        return source + ":" + lineNumber + ": ";
    }
}
