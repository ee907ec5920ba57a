package dev.loadtest.internal.engine.connection;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOSession;

/**
 * What a {@link ConnectionSlot} needs of the run it belongs to, and nothing more: a way to connect, the run's
 * state where it changes what a failure means, a timer for back-offs, and where to say it is done.
 */
public interface SlotContext {

    /**
     * Opens a new connection now to the run's target (the connect timeout applies); its protocol handler tells
     * {@code ready} when the connection takes requests. {@code callback} is never called on the calling thread
     * (HttpCore answers on an I/O thread; a reactor shutting down throws instead): the slot calls this under its
     * lock, and the answer gives back a window place ({@link ConnectWindow#release}), which must not run under a
     * slot's lock.
     */
    void connect(ReadyToSend ready, FutureCallback<IOSession> callback);

    /** The run's window of connects: a slot waits here for its turn before it {@link #connect}s. */
    ConnectWindow connectWindow();

    /** The target, for messages. */
    String hostAndPort();

    /**
     * Whether {@code cause} shows a wrong setup ({@link SetupException} anywhere in it); if so the run ends and
     * every slot gives up its requests (told later, from the run's timer, never under the caller's lock).
     */
    boolean setupFailed(Throwable cause);

    /** Whether a wrong setup was seen: the run is about to make every slot give up. */
    boolean hasSetupFailed();

    /** The run is ending: what fails from now on fails because the run closes it. */
    boolean isClosing();

    /** Runs a task on the run's timer after a delay; false if the run is ending. */
    boolean schedule(Runnable task, long delayNanos);

    /** The slot has no more work and its connection is closed (a session's slot: its session ended). */
    void slotDone(ConnectionSlot slot);

    /**
     * The request source has no more requests (an in-order feeder sent its last row): the run stops issuing and
     * ends once what is in flight is done, as a counted run ends at its count. Safe from any slot's lock.
     */
    void requestsExhausted(String message);

    /** The request source failed to give a request, with this message: said once per distinct message. */
    void requestNotBuilt(String message);

    /** A request went out over HTTP/2 ({@code true}) or HTTP/1.1: the run's protocol, for the result. */
    void protocolSeen(boolean http2);
}
