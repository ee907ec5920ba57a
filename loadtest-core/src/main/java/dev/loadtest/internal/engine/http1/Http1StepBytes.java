package dev.loadtest.internal.engine.http1;

import dev.loadtest.internal.engine.connection.Exchange;
import java.util.ArrayDeque;

/**
 * A scenario run's HTTP/1.1 connection: which step each byte written and read belongs to, so that a step's
 * traffic counts its requests and responses on the wire where and when the run's counts the connection's (by
 * write and by read), and the run's bytes are the sum of its steps'.
 *
 * <p>Written bytes leave in the order the requests were copied to the output: each copy is noted, and each write
 * hands its bytes to the oldest copies first. Read bytes belong to the response the parser is in: those up to the
 * end of a response to its exchange, those after the last response that ended in a read to the oldest request
 * still awaiting one (a line cut by the read included: it is parsed again with the next read, not counted again).
 * Bytes no request awaits (after a response that closed the connection) are the run's only.
 *
 * <p>One per connection, made when it takes its first step; on the connection's I/O thread.
 */
final class Http1StepBytes {

    /** Bytes of one request copied to the output and not yet written. */
    private static final class Copied {
        final Exchange exchange;
        long bytes;

        Copied(Exchange exchange) {
            this.exchange = exchange;
        }
    }

    private final ArrayDeque<Copied> unwritten = new ArrayDeque<>();
    /** Whether the bytes being parsed were counted by the run (read in its measured phase). */
    private boolean readCounted;
    /** While a read is parsed: where its bytes not yet given to a response start; -1 between reads. */
    private int mark = -1;

    /** {@code n} bytes of {@code exchange}'s request went to the output buffer, after those noted before. */
    void copied(Exchange exchange, int n) {
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
    void written(long n, boolean counted) {
        while (n > 0 && !unwritten.isEmpty()) {
            Copied first = unwritten.peekFirst();
            long k = Math.min(n, first.bytes);
            if (counted && first.exchange.isStep()) {
                first.exchange.http1Wire(k, false);
            }
            first.bytes -= k;
            n -= k;
            if (first.bytes == 0) {
                unwritten.pollFirst();
            }
        }
    }

    /** A read's new bytes start at {@code from} in the buffer about to be parsed; {@code counted}: by the run. */
    void readStarts(int from, boolean counted) {
        mark = from;
        readCounted = counted;
    }

    /** {@code exchange}'s response ended at {@code end} in the buffer being parsed (none outside a parse). */
    void responseEnded(Exchange exchange, int end) {
        if (mark < 0 || end <= mark) {
            return;
        }
        give(exchange, end - mark);
        mark = end;
    }

    /** The parse of the read ended at {@code end}: the bytes since the last response are {@code awaiting}'s. */
    void readEnds(Exchange awaiting, int end) {
        if (awaiting != null && end > mark) {
            give(awaiting, end - mark);
        }
        mark = -1;
    }

    private void give(Exchange exchange, int n) {
        if (readCounted && exchange.isStep()) {
            exchange.http1Wire(n, true);
        }
    }
}
