package dev.loadtest.internal.request;

import dev.loadtest.BoundedFile;
import dev.loadtest.request.Feeder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A feeder file read through once, before a run: every row checked (so that a malformed one is reported before
 * the first request, with its line), counted, and where each one starts noted, so that a row can be read again
 * by its number (8 bytes of memory per row, the file itself never held).
 */
public final class FeedIndex {

    private final Feeder feeder;
    private final long[] rowStarts;
    private final int rows;
    private final long fileLength;

    private FeedIndex(Feeder feeder, long[] rowStarts, int rows, long fileLength) {
        this.feeder = feeder;
        this.rowStarts = rowStarts;
        this.rows = rows;
        this.fileLength = fileLength;
    }

    /**
     * The column names of a feeder file: its CSV header row, or the names of its first JSON object.
     *
     * @throws IllegalArgumentException naming the file (and line) if it cannot be read or that row is malformed
     */
    public static List<String> columns(Path file, Feeder.Format format) {
        return read(file, format, (in, reader) -> reader.columns());
    }

    /**
     * Reads the whole file and notes where each row starts.
     *
     * @throws IllegalArgumentException naming the file and line of the first malformed row, or the file if it
     *     cannot be read or has more rows than an index holds
     */
    public static FeedIndex of(Feeder feeder) {
        return read(feeder.file(), feeder.format(), (in, reader) -> {
            requireSameColumns(feeder, reader.columns());
            long[] starts = new long[1024];
            int n = 0;
            while (reader.next() != null) {
                if (n == starts.length) {
                    if (n == Integer.MAX_VALUE - 8) {
                        throw new IllegalArgumentException("feed file (" + feeder.file() + ") has more than " + n
                                + " rows: split it");
                    }
                    starts = Arrays.copyOf(starts, (int) Math.min(Integer.MAX_VALUE - 8, 2L * n));
                }
                starts[n++] = reader.rowStart();
            }
            // the readers stop at the end of the input only: the offset is the file's length
            return new FeedIndex(feeder, starts, n, in.offset());
        });
    }

    /** Reads the whole file, checking every row, and counts the rows. */
    public static long count(Feeder feeder) {
        return read(feeder.file(), feeder.format(), (in, reader) -> {
            requireSameColumns(feeder, reader.columns());
            long n = 0;
            while (reader.next() != null) {
                n++;
            }
            return n;
        });
    }

    /** The feeder read. */
    public Feeder feeder() {
        return feeder;
    }

    /** How many data rows the file has. */
    public int rows() {
        return rows;
    }

    /** Where data row {@code row} (from 0) starts, in bytes from the file's start. */
    long start(int row) {
        return rowStarts[row];
    }

    /** Where the bytes of row {@code row} end at the latest: where the next row starts, or the file's end. */
    long end(int row) {
        return row + 1 < rows ? rowStarts[row + 1] : fileLength;
    }

    /** The columns a feeder's requests were checked against are the ones its rows will have. */
    private static void requireSameColumns(Feeder feeder, List<String> columns) {
        if (!columns.equals(feeder.columns())) {
            throw new IllegalArgumentException("feed file (" + feeder.file() + ") changed since it was opened: its"
                    + " columns are now " + columns + ", they were " + feeder.columns());
        }
    }

    private interface Pass<T> {
        T run(ByteInput in, RowReader reader) throws IOException;
    }

    private static <T> T read(Path file, Feeder.Format format, Pass<T> pass) {
        BoundedFile.check("feed file", file, Long.MAX_VALUE);
        try (InputStream stream = Files.newInputStream(file)) {
            ByteInput in = new ByteInput(stream);
            return pass.run(in, RowReader.ofFile(format, in, file.toString()));
        } catch (IOException e) {
            throw new IllegalArgumentException("feed file (" + file + ") cannot be read (" + BoundedFile.describe(e)
                    + ")", e);
        }
    }
}
