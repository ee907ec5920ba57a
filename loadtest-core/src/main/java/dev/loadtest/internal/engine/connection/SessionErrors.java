package dev.loadtest.internal.engine.connection;

import java.net.SocketAddress;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.reactor.IOSessionListener;

/**
 * Keeps the exception a session died of: requests queued on it that never got sent hear only
 * "connection closed", while the cause (a protocol error, a failed handshake) is what the user needs.
 */
final class SessionErrors implements IOSessionListener {

    private final Map<String, Exception> errors;
    private final Predicate<SocketAddress> kept;

    /** @param kept whether a session's exception is kept, by its local address */
    SessionErrors(Map<String, Exception> errors, Predicate<SocketAddress> kept) {
        this.errors = errors;
        this.kept = kept;
    }

    @Override
    public void startTls(IOSession session) {
    }

    @Override
    public void connected(IOSession session) {
    }

    @Override
    public void inputReady(IOSession session) {
    }

    @Override
    public void outputReady(IOSession session) {
    }

    @Override
    public void timeout(IOSession session) {
    }

    @Override
    public void exception(IOSession session, Exception ex) {
        // keyed by the local address: HttpCore hands its listeners another object than the one we hold
        SocketAddress local = session.getLocalAddress();
        if (local != null && kept.test(local)) {
            errors.putIfAbsent(local.toString(), ex);
        }
    }

    @Override
    public void disconnected(IOSession session) {
    }
}
