package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.connection.Exchange;

/** One request's stream on an {@link Http2Connection}: what the connection tracks of it until it ends. */
final class H2Stream {

    final int id;
    final Exchange exchange;
    /** How many more bytes of the request body the server lets us send on this stream (may go negative, RFC 9113 §6.9.2). */
    long sendWindow;
    /** The request body, while some of it is still to be sent; null once sent whole (or without one). */
    byte[] body;
    int bodySent;
    /** The final (non-1xx) response head has come; what follows is its body, then perhaps trailers. */
    boolean headSeen;
    /** DATA bytes received on this stream and not yet handed back to the server in a WINDOW_UPDATE. */
    int unacknowledged;
    /** Ended (completed, reset, failed): nothing more is sent or delivered for it. */
    boolean ended;

    H2Stream(int id, Exchange exchange, long sendWindow) {
        this.id = id;
        this.exchange = exchange;
        this.sendWindow = sendWindow;
    }
}
