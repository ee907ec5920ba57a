package dev.loadtest.internal.engine.connection;

import java.util.ArrayDeque;

/**
 * Which scenario step each byte a connection writes belongs to, so that a step's bytes sent count where and when the
 * run's count the connection's: by write. Bytes leave in the order they were copied to the output: each copy is noted
 * with its exchange (null for the connection's own bytes, such as HTTP/2's SETTINGS or WINDOW_UPDATE frames), and
 * each write hands its bytes to the oldest copies first.
 *
 * <p>One per connection of a scenario run (made when it takes its first step, noting what its output already holds as
 * its own); on the connection's I/O thread, or under its lock.
 */
public final class StepWrites {

    /** Bytes of one exchange (or of the connection's own, when null) copied to the output and not yet written. */
    private static final class Copied {
        final Exchange exchange;
        long bytes;

        Copied(Exchange exchange) {
            this.exchange = exchange;
        }
    }

    private final ArrayDeque<Copied> unwritten = new ArrayDeque<>();

    /**
     * {@code n} bytes of {@code exchange}'s request (null: of the connection's own) went to the output, after those
     * noted before.
     */
    public void copied(Exchange exchange, long n) {
        if (n == 0) {
            return;
        }
        Copied last = unwritten.peekLast();
        if (last == null || last.exchange != exchange) {
            last = new Copied(exchange);
            unwritten.addLast(last);
        }
        last.bytes += n;
    }

    /** {@code n} bytes of the output were written; {@code counted}: the run counted them. */
    public void written(long n, boolean counted) {
        while (n > 0 && !unwritten.isEmpty()) {
            Copied first = unwritten.peekFirst();
            long k = Math.min(n, first.bytes);
            if (counted && first.exchange != null && first.exchange.isStep()) {
                first.exchange.stepWire(k, false);
            }
            first.bytes -= k;
            n -= k;
            if (first.bytes == 0) {
                unwritten.pollFirst();
            }
        }
    }
}
