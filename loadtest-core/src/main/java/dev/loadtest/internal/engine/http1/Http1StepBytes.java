package dev.loadtest.internal.engine.http1;

import dev.loadtest.internal.engine.connection.Exchange;

/**
 * A scenario run's HTTP/1.1 connection: which step each byte read belongs to, so that a step's traffic counts its
 * responses on the wire where and when the run's counts the connection's (by read), and the run's bytes received are
 * the sum of its steps' (the bytes written: {@link dev.loadtest.internal.engine.connection.StepWrites}).
 *
 * <p>Read bytes belong to the response the parser is in: those up to the end of a response to its exchange, those
 * after the last response that ended in a read to the oldest request still awaiting one (a line cut by the read
 * included: it is parsed again with the next read, not counted again). Bytes no request awaits (after a response
 * that closed the connection) are the run's only.
 *
 * <p>One per connection, made when it takes its first step; on the connection's I/O thread.
 */
final class Http1StepBytes {

    /** Whether the bytes being parsed were counted by the run (read in its measured phase). */
    private boolean readCounted;
    /** While a read is parsed: where its bytes not yet given to a response start; -1 between reads. */
    private int mark = -1;

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
            exchange.stepWire(n, true);
        }
    }
}
