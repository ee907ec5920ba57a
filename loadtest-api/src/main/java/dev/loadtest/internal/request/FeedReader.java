package dev.loadtest.internal.request;

import dev.loadtest.request.Feeder;
import dev.loadtest.request.FeederExhaustedException;
import dev.loadtest.request.Row;
import dev.loadtest.spi.Shares;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * The rows of one feeder for one shard of a run, shared by all its clients: thread-safe and lock-free. Shard
 * {@code k} of {@code n} owns the file's rows {@code k, k + n, k + 2n, ...}; in order and circular, the
 * shard's clients take them from one counter; at random, each client draws them with its own generator. A row
 * is read from the file by its offset (a positional read, which needs no lock), never kept.
 */
public final class FeedReader implements AutoCloseable {

    private final FeedIndex index;
    private final Feeder feeder;
    private final List<String> columns;
    private final int shardIndex;
    private final int shardCount;
    private final long shardRows;
    private final FileChannel channel;
    private final AtomicLong taken = new AtomicLong();

    private FeedReader(FeedIndex index, int shardIndex, int shardCount, FileChannel channel) {
        this.index = index;
        this.feeder = index.feeder();
        this.columns = feeder.columns();
        this.shardIndex = shardIndex;
        this.shardCount = shardCount;
        this.shardRows = Shares.share((long) index.rows(), shardCount, shardIndex);
        this.channel = channel;
    }

    /**
     * Opens the feeder for shard {@code shardIndex} of {@code shardCount} (0 of 1 when the run is not sharded).
     *
     * @throws IllegalArgumentException if the file cannot be read, a row is malformed (naming the file and line),
     *     or the shard would have no row
     */
    public static FeedReader open(FeedIndex index, int shardIndex, int shardCount) {
        Feeder feeder = index.feeder();
        if (shardCount < 1 || shardIndex < 0 || shardIndex >= shardCount) {
            throw new IllegalArgumentException("shard (" + shardIndex + " of " + shardCount + ") must be within [0, "
                    + shardCount + ")");
        }
        if (index.rows() <= shardIndex) {
            throw new IllegalArgumentException("feed file (" + feeder.file() + ") has " + index.rows() + " rows: shard "
                    + shardIndex + " of " + shardCount + " gets none (shard k sends rows k, k+" + shardCount
                    + ", ...): give at least " + shardCount + " rows");
        }
        try {
            FileChannel channel = FileChannel.open(feeder.file(), StandardOpenOption.READ);
            return new FeedReader(index, shardIndex, shardCount, channel);
        } catch (IOException e) {
            throw new IllegalArgumentException("feed file (" + feeder.file() + ") cannot be read ("
                    + dev.loadtest.BoundedFile.describe(e) + ")", e);
        }
    }

    /** How many rows this shard has. */
    public long rows() {
        return shardRows;
    }

    /**
     * Refuses a counted run that would ask an in-order feeder for more rows than this shard has, before it
     * starts; circular and random feeders never run out.
     *
     * @param requests the requests this shard will send
     * @throws IllegalArgumentException saying both numbers
     */
    public void requireRows(long requests) {
        requireRows(feeder, index.rows(), requests, shardIndex, shardCount);
    }

    /**
     * The same rule for a feeder whose rows were counted ({@link Feeder#rows()}) but that is not open, as
     * {@code LoadTest.Builder.build()} may check it: shard {@code k} of {@code n} has the rows {@code k, k + n,
     * ...} of the file's {@code fileRows}.
     *
     * @param requests the requests shard {@code shardIndex} will send
     * @throws IllegalArgumentException saying both numbers
     */
    public static void requireRows(Feeder feeder, long fileRows, long requests, int shardIndex, int shardCount) {
        long shardRows = Shares.share(fileRows, shardCount, shardIndex);
        if (feeder.order() != Feeder.Order.IN_ORDER || requests <= shardRows) {
            return;
        }
        String rows = shardCount == 1 ? "has " + shardRows + " rows"
                : "gives shard " + shardIndex + " of " + shardCount + " " + shardRows + " of its " + fileRows
                + " rows (rows " + shardIndex + ", " + (shardIndex + shardCount) + ", ...)";
        throw new IllegalArgumentException("feed file (" + feeder.file() + ") " + rows + ", fewer than the "
                + requests + " requests " + (shardCount == 1 ? "of the run" : "of the shard")
                + ": an in-order feeder sends each row once; give fewer requests, more rows, or the circular order");
    }

    /**
     * The next row for a request.
     *
     * @param random the client's generator for a random feeder (unused in the other orders)
     * @throws FeederExhaustedException if an in-order feeder has sent all of this shard's rows
     */
    public Row next(RandomGenerator random) {
        long row;
        switch (feeder.order()) {
            case IN_ORDER:
                row = taken.getAndIncrement();
                if (row >= shardRows) {
                    throw new FeederExhaustedException("feed file (" + feeder.file() + ") has sent all its "
                            + shardRows + " rows"
                            + (shardCount == 1 ? "" : " of shard " + shardIndex + " of " + shardCount)
                            + " (in order): the run ends");
                }
                break;
            case CIRCULAR:
                row = Long.remainderUnsigned(taken.getAndIncrement(), shardRows);
                break;
            default:
                row = SeededRandom.below(random, shardRows);
        }
        return read((int) (shardIndex + row * shardCount));
    }

    /** Reads data row {@code row} of the file (from 0). */
    Row read(int row) {
        long start = index.start(row);
        int length = (int) Math.min(index.end(row) - start, RowReader.MAX_ROW_BYTES + 2L);
        byte[] bytes = new byte[length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, start + buffer.position()) < 0) {
                    break;
                }
            }
            String[] values = RowReader.ofRows(feeder.format(), new ByteInput(bytes, buffer.position()),
                    feeder.file().toString(), columns).next();
            if (values == null) {
                throw new IllegalStateException("feed file (" + feeder.file() + ") changed during the run: row " + row
                        + " is gone");
            }
            return Row.of(columns, Arrays.asList(values));
        } catch (IOException e) {
            throw new UncheckedIOException("feed file (" + feeder.file() + ") cannot be read: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("feed file (" + feeder.file() + ") changed during the run: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // a file opened for reading has nothing to flush: nothing is lost
        }
    }
}
