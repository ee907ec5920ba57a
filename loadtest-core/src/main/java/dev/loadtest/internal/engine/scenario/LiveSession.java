package dev.loadtest.internal.engine.scenario;

import dev.loadtest.internal.scenario.CookieJar;
import dev.loadtest.internal.scenario.SessionState;

/**
 * A session in flight: its state machine, the user running it (closed model; -1 for an arrival), and what its
 * figures need (whether it belongs to the measured phase, when its first request went out).
 */
final class LiveSession {

    final SessionState state;
    /** The session's cookies: the state reads them, and a redirect followed within a step stores and sends them. */
    final CookieJar jar;
    final int user;
    final long startNanos;
    /** It began in the measured phase: its end is counted (a session begun in the warm-up is not). */
    final boolean measured;
    /** When its first request went on the wire; 0 before. */
    volatile long firstSentNanos;

    LiveSession(SessionState state, CookieJar jar, int user, long startNanos, boolean measured) {
        this.state = state;
        this.jar = jar;
        this.user = user;
        this.startNanos = startNanos;
        this.measured = measured;
    }
}
