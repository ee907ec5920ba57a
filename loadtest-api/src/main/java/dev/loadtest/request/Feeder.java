package dev.loadtest.request;

import dev.loadtest.internal.request.FeedIndex;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Rows of data for the requests of a run, read from a file: a CSV file whose header row names the columns,
 * or a JSON Lines file of one flat object per line. Each request that asks for a row
 * ({@link RequestContext#row()}) gets the next one in the feeder's {@link Order}.
 *
 * <pre>{@code
 * Feeder users = Feeder.csv(Path.of("users.csv")).order(Feeder.Order.IN_ORDER);
 * users.columns();   // [id, email], from the header row
 * users.rows();      // 1000: reads the file through
 * }</pre>
 *
 * <p>The file is read as a stream, never loaded whole: before the run one pass checks every row and notes
 * where each starts (8 bytes of memory per row), then each row is read from the file when a request asks for
 * it, one shared reader for all the clients. The file must not change during the run.
 *
 * <p>In a run split into {@code n} shards, shard {@code k} uses only the rows {@code k, k + n, k + 2n, ...}
 * (counting the data rows from 0), whatever the order: no two shards send the same row, and a feeder of
 * {@code N} rows in order over {@code n} shards sends each row once.
 *
 * <p>Immutable: {@link #order(Order)} returns a new feeder. Creating one reads the file's first row, so a
 * missing or malformed file is reported at once.
 */
public final class Feeder {

    /** How the file's rows are written. */
    public enum Format {
        /**
         * RFC 4180 CSV, UTF-8: the first row names the columns, every row has as many fields; fields separated
         * by commas, rows by CRLF or LF; a field with a comma, a quote or a line break is quoted ({@code "a,b"}),
         * a quote inside doubled ({@code "say ""hi"""}). An empty field is an empty value. A UTF-8 byte order
         * mark is skipped; blank lines are skipped (quote an empty value, {@code ""}, in a one-column file).
         */
        CSV,
        /**
         * JSON Lines (also called NDJSON), UTF-8: one JSON object per line, its members the row's columns. The
         * first line's names are the columns, which every line must have (in any order). Values are strings,
         * numbers (as written: {@code 12.50} stays {@code "12.50"}), booleans or {@code null} (an empty value);
         * nested objects and arrays are refused. Blank lines are skipped.
         */
        JSON_LINES
    }

    /** Which row each request gets. */
    public enum Order {
        /** Each row once, from the first: after the last one the run ends ({@link FeederExhaustedException}). */
        IN_ORDER,
        /** From the first row to the last, then again from the first, for as long as the run goes. The default. */
        CIRCULAR,
        /**
         * A row drawn at random for each request (rows may repeat), by a generator of the client's seeded from
         * the run's seed: with the same seed, each client draws the same rows. Never runs out.
         */
        RANDOM;

        /**
         * The order of a command-line word: {@code in-order}, {@code circular} or {@code random}.
         *
         * @throws IllegalArgumentException naming the word and the words known
         */
        public static Order of(String word) {
            Objects.requireNonNull(word, "feed order must not be null");
            for (Order order : values()) {
                if (order.word().equals(word.toLowerCase(Locale.ROOT))) {
                    return order;
                }
            }
            throw new IllegalArgumentException("feed order (" + word + ") must be one of in-order, circular, random");
        }

        /** {@code in-order}, {@code circular} or {@code random}: the word of {@link #of(String)}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final Path file;
    private final Format format;
    private final Order order;
    private final List<String> columns;

    private Feeder(Path file, Format format, Order order, List<String> columns) {
        this.file = file;
        this.format = format;
        this.order = order;
        this.columns = columns;
    }

    /**
     * A feeder of a CSV file, its header row naming the columns; {@link Order#CIRCULAR}. See {@link Format#CSV}.
     *
     * @throws IllegalArgumentException if the file cannot be read, is not a regular file, or its header row is
     *     missing or malformed (the message names the file and line)
     */
    public static Feeder csv(Path file) {
        return open(file, Format.CSV);
    }

    /**
     * A feeder of a JSON Lines file, its first object's names giving the columns; {@link Order#CIRCULAR}. See
     * {@link Format#JSON_LINES}.
     *
     * @throws IllegalArgumentException if the file cannot be read, is not a regular file, has no object or its
     *     first one is malformed (the message names the file and line)
     */
    public static Feeder jsonLines(Path file) {
        return open(file, Format.JSON_LINES);
    }

    /**
     * A feeder of a file whose name says its format: {@code .csv} for CSV; {@code .jsonl}, {@code .ndjson} or
     * {@code .jsonlines} for JSON Lines (in any case). This is how the command reads {@code --feed FILE}.
     *
     * @throws IllegalArgumentException if the name ends otherwise, or as {@link #csv} and {@link #jsonLines}
     */
    public static Feeder of(Path file) {
        Objects.requireNonNull(file, "feed file must not be null");
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return csv(file);
        }
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".jsonlines")) {
            return jsonLines(file);
        }
        throw new IllegalArgumentException("feed file (" + file + ") must end in .csv, .jsonl or .ndjson"
                + " so that its format is known");
    }

    private static Feeder open(Path file, Format format) {
        Objects.requireNonNull(file, "feed file must not be null");
        return new Feeder(file, format, Order.CIRCULAR, FeedIndex.columns(file, format));
    }

    /** This feeder with another order. */
    public Feeder order(Order order) {
        return new Feeder(file, format, Objects.requireNonNull(order, "order must not be null"), columns);
    }

    /** The file the rows are read from. */
    public Path file() {
        return file;
    }

    /** How the file is written. */
    public Format format() {
        return format;
    }

    /** Which row each request gets; {@link Order#CIRCULAR} unless changed. */
    public Order order() {
        return order;
    }

    /** The column names, as the header row (CSV) or the first object (JSON Lines) gives them; unmodifiable. */
    public List<String> columns() {
        return columns;
    }

    /**
     * How many data rows the file has now (the CSV header row is not one). Reads the whole file and checks
     * every row, as a run does before it starts.
     *
     * @throws IllegalArgumentException naming the file and line of the first malformed row
     */
    public long rows() {
        return FeedIndex.count(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Feeder f && file.equals(f.file) && format == f.format && order == f.order;
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, format, order);
    }

    /** {@code users.csv (CSV, circular)}. */
    @Override
    public String toString() {
        return file + " (" + (format == Format.CSV ? "CSV" : "JSON Lines") + ", " + order.word() + ")";
    }
}
