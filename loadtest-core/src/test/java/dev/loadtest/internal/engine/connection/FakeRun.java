package dev.loadtest.internal.engine.connection;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOSession;

/**
 * A run's context for tests of a slot alone: its connects go through {@code window} to {@code connector}, which
 * plays HttpCore; the run never closes, fails its setup or runs anything later (a back-off ends the slot).
 *
 * <p>HttpCore never answers a connect on the calling thread ({@link SlotContext#connect}); a connector that answers
 * inside {@code connect} does so under the slot's lock, and the answer's {@link ConnectWindow#release} then runs
 * under it. That is harmless only with one slot (nothing waits in the window, so release takes no other slot's
 * lock): the tests with several slots answer later, from the test's thread.
 */
final class FakeRun implements SlotContext {

    /** What HttpCore would do with a connect. */
    @FunctionalInterface
    interface Connector {
        void connect(ReadyToSend ready, FutureCallback<IOSession> callback);
    }

    private final ConnectWindow window;
    private final Connector connector;

    FakeRun(ConnectWindow window, Connector connector) {
        this.window = window;
        this.connector = connector;
    }

    @Override public void connect(ReadyToSend ready, FutureCallback<IOSession> callback) {
        connector.connect(ready, callback);
    }
    @Override public ConnectWindow connectWindow() { return window; }
    @Override public String hostAndPort() { return "127.0.0.1:8080"; }
    @Override public boolean setupFailed(Throwable cause) { return false; }
    @Override public boolean hasSetupFailed() { return false; }
    @Override public boolean isClosing() { return false; }
    @Override public boolean schedule(Runnable task, long delayNanos) { return false; }
    @Override public void slotDone(ConnectionSlot slot) { }
    @Override public void requestsExhausted(String message) { }
    @Override public void requestNotBuilt(String message) { }
    @Override public void protocolSeen(boolean http2) { }
}
