package dev.loadtest.internal.engine.connection;

/**
 * A connection of ours that takes requests without an HttpCore command: {@code Http1Connection} and
 * {@code Http2Connection}. {@link ConnectionSlot#send} tries these first; each returns false, having done nothing,
 * when it cannot, and the request then goes as a command.
 */
public interface DirectSend {

    /**
     * Takes {@code exchange}'s request to write at the end of the current event, when the caller is the connection's I/O
     * thread inside one of its events: no command, no selector wake-up.
     */
    boolean takeInEvent(Exchange exchange);

    /**
     * Writes {@code exchange}'s request at once on the calling thread (not the connection's I/O thread) when the
     * connection is idle and in clear text: the I/O thread is not woken to write it.
     */
    boolean sendNow(Exchange exchange, long now);
}
