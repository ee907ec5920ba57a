package dev.loadtest.internal.capacity;

import dev.loadtest.LoadTest;

/**
 * How a capacity search names the connections that carry a template's requests, and how a user gets more of them:
 * a run's clients and streams, or, in an open-model scenario run with a connection per session, its sessions in
 * flight (bounded by maxBacklog, one connection each), whose clients and streams cannot be set.
 */
public final class Carriers {

    private Carriers() {
    }

    /** How many requests they carry at once, the number {@link #of} words: the whole run's clients x streams. */
    public static long count(LoadTest test) {
        LoadTest whole = test.unsharded();
        return (long) whole.clients() * whole.streams();
    }

    /** {@code 2 clients x 3 streams}, or {@code 3 sessions in flight (maxBacklog) x 1 connection each}. */
    public static String of(LoadTest test) {
        LoadTest whole = test.unsharded();
        return whole.connectionPerSession()
                ? whole.clients() + " sessions in flight (maxBacklog) x 1 connection each"
                : whole.clients() + " clients x " + whole.streams() + " streams";
    }

    /** What to raise for more of them. */
    public static String more(LoadTest test) {
        return test.connectionPerSession() ? "raise maxBacklog" : "add clients or streams";
    }
}
