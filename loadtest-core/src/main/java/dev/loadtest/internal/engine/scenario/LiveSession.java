package dev.loadtest.internal.engine.scenario;

import dev.loadtest.internal.scenario.CookieJar;
import dev.loadtest.internal.scenario.SessionState;

/**
 * A session in flight: its state machine, the user running it (closed model; -1 for an arrival), the queue its due
 * steps wait in for a connection, and what its figures need (whether it belongs to the measured phase, when its first
 * request went out).
 */
final class LiveSession {

    final SessionState state;
    /** The session's cookies: the state reads them, and a redirect followed within a step stores and sends them. */
    final CookieJar jar;
    final int user;
    final long startNanos;
    /** It began in the measured phase: its end is counted (a session begun in the warm-up is not). */
    final boolean measured;
    /** Where its due steps wait: the run's shared queue, its user's, or its own (a connection per session). */
    final StepQueue queue;
    /** When its first request went on the wire; 0 before. */
    volatile long firstSentNanos;
    /** It completed or failed: its own connection, if it has one, closes. */
    volatile boolean ended;
    /**
     * Wakes its own connection (the open model with a connection per session) when a step falls due off the
     * connection's thread, or the session ends there; null without one. Set before the connection starts
     * ({@link ScenarioRun.RunHooks#connect}), so none of its wake-ups is lost.
     */
    volatile Runnable wakeConnection;

    LiveSession(SessionState state, CookieJar jar, int user, long startNanos, boolean measured, StepQueue queue) {
        this.state = state;
        this.jar = jar;
        this.user = user;
        this.startNanos = startNanos;
        this.measured = measured;
        this.queue = queue;
    }
}
