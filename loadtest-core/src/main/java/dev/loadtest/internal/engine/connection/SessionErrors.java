package dev.loadtest.internal.engine.connection;

import java.util.Map;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.reactor.IOSessionListener;

/**
 * Keeps the exception a session died of: requests queued on it that never got sent hear only
 * "connection closed", while the cause (a protocol error, a failed handshake) is what the user needs.
 */
final class SessionErrors implements IOSessionListener {

    private final Map<String, Exception> errors;

    SessionErrors(Map<String, Exception> errors) {
        this.errors = errors;
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
        if (session.getLocalAddress() != null) {
            errors.putIfAbsent(session.getLocalAddress().toString(), ex);
        }
    }

    @Override
    public void disconnected(IOSession session) {
    }
}
