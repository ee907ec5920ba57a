package dev.loadtest.internal.request;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * RFC 4180 CSV in UTF-8, byte by byte (the delimiters are ASCII, so a multi-byte character can never be
 * mistaken for one): fields separated by commas, rows by CRLF or LF (a CR alone too), quoted fields with
 * doubled quotes inside. Blank lines are skipped. Strict where the RFC is, so that a file Excel would read
 * differently is refused with the line, not sent wrong.
 */
final class CsvRows implements RowReader {

    private final ByteInput in;
    private final String source;
    private final List<String> columns;
    private byte[] field = new byte[256];
    private int fieldLength;
    private long rowStart;
    private long recordLine;
    /** The field being read, from 1, for messages. */
    private int fieldNumber;

    CsvRows(ByteInput in, String source, List<String> columns) {
        this.in = in;
        this.source = source;
        this.columns = columns;
    }

    /** Reads the header row, which names the columns: each name not empty and given once. */
    static CsvRows withHeader(ByteInput in, String source) throws IOException {
        CsvRows reader = new CsvRows(in, source, List.of());
        List<String> header = reader.record();
        if (header == null) {
            throw new IllegalArgumentException(source + ": no header row: the first line of a CSV feeder names"
                    + " its columns (id,email,...)");
        }
        long line = reader.recordLine;
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).isEmpty()) {
                throw new IllegalArgumentException(source + ":" + line + ": column " + (i + 1)
                        + " of the header row has no name: " + header);
            }
            if (header.indexOf(header.get(i)) != i) {
                throw new IllegalArgumentException(source + ":" + line + ": column (" + header.get(i)
                        + ") is named twice in the header row: " + header);
            }
        }
        return new CsvRows(in, source, List.copyOf(header));
    }

    @Override
    public List<String> columns() {
        return columns;
    }

    @Override
    public String[] next() throws IOException {
        List<String> fields = record();
        if (fields == null) {
            return null;
        }
        if (fields.size() != columns.size()) {
            throw new IllegalArgumentException(source + ":" + recordLine + ": row has " + fields.size()
                    + (fields.size() == 1 ? " field" : " fields") + ", the header row has " + columns.size() + " "
                    + columns + " (quote a field that holds a comma: \"a,b\")");
        }
        return fields.toArray(new String[0]);
    }

    @Override
    public long rowStart() {
        return rowStart;
    }

    /** The next record's fields, or null at the end; blank lines skipped. */
    private List<String> record() throws IOException {
        int c = in.peek();
        while (c == '\r' || c == '\n') {
            in.read();
            c = in.peek();
        }
        if (c < 0) {
            return null;
        }
        rowStart = in.offset();
        recordLine = in.line();
        List<String> fields = new ArrayList<>(Math.max(columns.size(), 4));
        while (true) {
            fieldNumber = fields.size() + 1;
            boolean last = field();
            fields.add(new String(field, 0, fieldLength, StandardCharsets.UTF_8));
            if (last) {
                return fields;
            }
            checkLength();
        }
    }

    /** Reads one field into {@code field}; whether it was the record's last. */
    private boolean field() throws IOException {
        fieldLength = 0;
        if (in.peek() == '"') {
            return quotedField();
        }
        while (true) {
            int c = in.read();
            Ending ending = ending(c);
            if (ending != Ending.NONE) {
                return ending == Ending.RECORD;
            }
            if (c == '"') {
                throw new IllegalArgumentException(source + ":" + in.line() + ": a quote inside an unquoted field"
                        + " (field " + fieldNumber + "): quote the whole field and double the quote:"
                        + " \"say \"\"hi\"\"\"");
            }
            append(c);
        }
    }

    private boolean quotedField() throws IOException {
        long opened = in.line();
        in.read();
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IllegalArgumentException(source + ":" + opened + ": a quote opened here is never closed");
            }
            if (c == '"') {
                if (in.peek() == '"') {
                    in.read();
                    append('"');
                    continue;
                }
                Ending ending = ending(in.read());
                if (ending != Ending.NONE) {
                    return ending == Ending.RECORD;
                }
                throw new IllegalArgumentException(source + ":" + in.line() + ": text after the closing quote of"
                        + " field " + fieldNumber + ": a quote inside a quoted field is doubled (\"\")");
            }
            append(c);
        }
    }

    /** What a byte read outside quotes ends. */
    private enum Ending { NONE, FIELD, RECORD }

    /**
     * Whether {@code c} ends the field (a comma), the record (a line break, the end), or neither; takes the LF of
     * a CRLF.
     */
    private Ending ending(int c) throws IOException {
        if (c == ',') {
            return Ending.FIELD;
        }
        if (c == '\r' && in.peek() == '\n') {
            in.read();
        }
        return c < 0 || c == '\n' || c == '\r' ? Ending.RECORD : Ending.NONE;
    }

    private void append(int b) {
        if (fieldLength == field.length) {
            checkLength();
            field = Arrays.copyOf(field, field.length * 2);
        }
        field[fieldLength++] = (byte) b;
    }

    private void checkLength() {
        if (in.offset() - rowStart > MAX_ROW_BYTES) {
            throw new IllegalArgumentException(source + ":" + recordLine + ": the row starting here is longer than "
                    + (MAX_ROW_BYTES >> 20) + " MiB: an unclosed quote?");
        }
    }
}
