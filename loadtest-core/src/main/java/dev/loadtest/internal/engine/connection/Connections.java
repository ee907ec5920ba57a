package dev.loadtest.internal.engine.connection;

import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hc.core5.reactor.IOSessionListener;

/**
 * The run's open connections by their local address: HttpCore tells its listeners of a connection's events
 * (HTTP/2 frames, the exception a session died of) with other objects than the session a slot holds, and the
 * local address is what both sides know.
 */
public final class Connections {

    /** Slots by their connection's local address, for HTTP/2 frames that concern a whole connection. */
    private final Map<SocketAddress, ConnectionSlot> byAddress = new ConcurrentHashMap<>();
    /** The exception a session died of, for requests that never got to be sent on it. */
    private final Map<String, Exception> sessionErrors = new ConcurrentHashMap<>();

    void register(SocketAddress local, ConnectionSlot slot) {
        if (local != null) {
            byAddress.put(local, slot);
        }
    }

    void unregister(SocketAddress local, ConnectionSlot slot) {
        if (local != null) {
            byAddress.remove(local, slot);
        }
    }

    /** The slot whose connection has this local address, or null. */
    public ConnectionSlot slotOf(SocketAddress local) {
        return local == null ? null : byAddress.get(local);
    }

    /**
     * The TLS handshake of the connection with this local address is done: it is ready to send. Its slot has
     * registered it (the slot hears of the connect on the same I/O thread, before any byte of the handshake is read).
     */
    void handshakeDone(SocketAddress local) {
        ConnectionSlot slot = slotOf(local);
        if (slot != null) {
            slot.connectionReady();
        }
    }

    /** The listener that keeps the exceptions sessions die of. */
    public IOSessionListener sessionErrorListener() {
        return new SessionErrors(sessionErrors);
    }

    /** The exception the session died of, if HttpCore reported one; keeps it. */
    Exception peekSessionError(SocketAddress local) {
        return local == null ? null : sessionErrors.get(local.toString());
    }

    /** The exception the session died of, if HttpCore reported one; forgets it. */
    Exception takeSessionError(SocketAddress local) {
        return local == null ? null : sessionErrors.remove(local.toString());
    }
}
