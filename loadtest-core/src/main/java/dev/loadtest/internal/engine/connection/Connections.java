package dev.loadtest.internal.engine.connection;

import dev.loadtest.TlsUsed;
import java.net.SocketAddress;
import java.security.Provider;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLSession;
import org.apache.hc.core5.reactor.IOSession;
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
    // only while a slot holds the address: a slot takes its error when its connection ends, and one reported after
    // the slot let the address go (a reset after a connection per session, or without keep-alive, was closed) would
    // stay in the map for the rest of the run
    private final SessionErrors sessionErrorListener = new SessionErrors(sessionErrors, byAddress::containsKey);
    private volatile String tlsProvider;
    /** Written once by the first handshake's I/O thread (another thread's may race it with the same figures). */
    private volatile TlsUsed tlsUsed;

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
     * The provider of the run's TLS context, named in {@link #tlsUsed()}: {@code Conscrypt 2.5.2}, {@code SunJSSE 17}.
     * Set before the first connection.
     */
    public void tlsProvider(Provider provider) {
        tlsProvider = Conscrypt.describe(provider);
    }

    /** The TLS of the run's first completed handshake; empty in clear text and until a handshake completes. */
    public Optional<TlsUsed> tlsUsed() {
        return Optional.ofNullable(tlsUsed);
    }

    /**
     * The TLS handshake of the connection with this local address is done: its connect time ends (it sends once its
     * protocol handler is in place, {@link ReadyToSend}). Its slot has registered it (the slot hears of the connect
     * on the same I/O thread, before any byte of the handshake is read). The first one's session tells the run's TLS.
     */
    void handshakeDone(SocketAddress local, SSLSession session) {
        if (tlsUsed == null && tlsProvider != null && session != null) {
            tlsUsed = new TlsUsed(tlsProvider, session.getProtocol(), session.getCipherSuite());
        }
        ConnectionSlot slot = slotOf(local);
        if (slot != null) {
            slot.handshakeDone();
        }
    }

    /** The listener that keeps the exceptions sessions die of. */
    public IOSessionListener sessionErrorListener() {
        return sessionErrorListener;
    }

    /**
     * The TLS handshake of {@code session} failed (a timeout, the server's alert): kept as the exception the session
     * died of. HttpCore tells its listeners of a failed handshake but not of one that timed out, and no request waits
     * on a connection that is not ready to send to carry the cause to its slot.
     */
    void handshakeFailed(IOSession session, Exception cause) {
        sessionErrorListener.exception(session, cause);
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
