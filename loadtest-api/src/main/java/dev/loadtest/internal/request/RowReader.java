package dev.loadtest.internal.request;

import dev.loadtest.request.Feeder;
import java.io.IOException;
import java.util.List;

/**
 * Reads a feeder's rows one after the other, each as its values in the order of the columns. One per format;
 * a mistake in the input is an {@code IllegalArgumentException} whose message starts with {@code file:line:}.
 */
interface RowReader {

    /** The longest row accepted: a longer one is most likely an unclosed quote swallowing the file. */
    int MAX_ROW_BYTES = 1 << 20;

    /** The column names. */
    List<String> columns();

    /** The next row's values, one per column, or null at the end of the input. */
    String[] next() throws IOException;

    /** Where the row last returned by {@link #next()} starts, in bytes from the start of the input. */
    long rowStart();

    /**
     * A reader of input that starts with the file's beginning: it reads the columns (the CSV header row, the
     * first JSON object) before the first row.
     *
     * @param source the file as messages name it
     */
    static RowReader ofFile(Feeder.Format format, ByteInput in, String source) throws IOException {
        in.skipByteOrderMark();
        return format == Feeder.Format.CSV ? CsvRows.withHeader(in, source) : JsonLinesRows.withFirstObject(in, source);
    }

    /**
     * A reader of input that starts at a row of a file whose columns are known (a row read again by its
     * offset).
     */
    static RowReader ofRows(Feeder.Format format, ByteInput in, String source, List<String> columns) {
        return format == Feeder.Format.CSV ? new CsvRows(in, source, columns) : new JsonLinesRows(in, source, columns);
    }
}
