package dev.loadtest.internal.engine.connection;

import java.util.ArrayDeque;
import java.util.function.ObjLongConsumer;

/**
 * Which scenario step each byte a connection writes belongs to, so that a step's bytes sent count where and when the
 * run's count the connection's: by write. Bytes leave in the order they were copied to the output: each copy is noted
 * with its exchange (null for the connection's own bytes, such as HTTP/2's SETTINGS or WINDOW_UPDATE frames), and
 * each write hands its bytes to the oldest copies first.
 *
 * <p>One per connection of a scenario run (made when it takes its first step, noting what its output already holds as
 * its own); on the connection's I/O thread, or under its lock. An HTTP/2 connection keeps a second one for the frames
 * it queues before they are copied out (RST_STREAM and WINDOW_UPDATE of a step's stream are the step's).
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

    /**
     * The oldest {@code n} bytes noted here moved on to {@code to} (a connection's own frames, each noted with its
     * stream's exchange, copied into its output): noted there as they were here, and no more here.
     */
    public void moveTo(StepWrites to, long n) {
        long left = take(n, to::copied);
        to.copied(null, left);   // none: every byte moved was noted
    }

    /** {@code n} bytes of the output were written; {@code counted}: the run counted them. */
    public void written(long n, boolean counted) {
        take(n, (exchange, k) -> {
            if (counted && exchange != null && exchange.isStep()) {
                exchange.stepWire(k, false);
            }
        });
    }

    /** Hands the oldest {@code n} bytes noted, piece by piece, to {@code each}; returns how many were not noted. */
    private long take(long n, ObjLongConsumer<Exchange> each) {
        while (n > 0 && !unwritten.isEmpty()) {
            Copied first = unwritten.peekFirst();
            long k = Math.min(n, first.bytes);
            each.accept(first.exchange, k);
            first.bytes -= k;
            n -= k;
            if (first.bytes == 0) {
                unwritten.pollFirst();
            }
        }
        return n;
    }
}
