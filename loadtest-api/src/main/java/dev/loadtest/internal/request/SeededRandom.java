package dev.loadtest.internal.request;

import java.util.random.RandomGenerator;

/**
 * The random generators of a run, each derived from the run's seed: SplitMix64 (Steele, Lea and Flood, 2014),
 * written here rather than taken from the JDK so that a seed gives the same numbers on every Java version.
 * Each client has its own generators, one per {@link Stream}, so that a client's draws do not depend on the
 * timing of the others, and adding a random feeder does not change the numbers a request source draws.
 *
 * <p>Not thread-safe: a generator belongs to one client, which builds one request at a time.
 */
public final class SeededRandom implements RandomGenerator {

    /** What a generator is for: each purpose draws from its own sequence. */
    enum Stream {
        /** {@code RequestContext.random()}, {@code {{uuid}}}, {@code {{randomInt A B}}}. */
        REQUESTS,
        /** The rows of a feeder in random order. */
        FEEDER
    }

    /** What a scenario's session draws for: kept apart from each other and from the clients' {@link Stream}s. */
    public enum SessionStream {
        /** {@code Session.random()} and its templates' {@code {{uuid}}}, {@code {{randomInt A B}}}. */
        REQUESTS,
        /** The pauses (think times) after its steps. */
        PAUSES
    }

    /** Sets the sessions' keys apart from the clients': session 0 does not draw client 0's numbers. */
    private static final long SESSION_SALT = 0x5E55_10A5_5E55_10A5L;

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    private SeededRandom(long state) {
        this.state = state;
    }

    /** The generator of a client (its index in the whole run) for a purpose, from the run's seed. */
    static SeededRandom of(long seed, int client, Stream stream) {
        // mixing the seed with the client and the stream spreads neighbouring clients far apart in the sequence
        long key = mix(seed ^ mix(((long) client << 1 | stream.ordinal()) + GOLDEN_GAMMA));
        return new SeededRandom(key);
    }

    /**
     * The generator of a scenario's session (its number in the run) for a purpose, from the run's seed: each
     * session draws the same numbers for the same seed, whichever client sends its requests.
     */
    public static SeededRandom ofSession(long seed, long session, SessionStream stream) {
        long key = mix(seed ^ SESSION_SALT ^ mix((session << 1 | stream.ordinal()) + GOLDEN_GAMMA));
        return new SeededRandom(key);
    }

    @Override
    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /**
     * A number in {@code [0, bound)} drawn from {@code random} without bias, by this class's own rule (the JDK's
     * bounded methods may change between versions).
     */
    static long below(RandomGenerator random, long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound (" + bound + ") must be positive");
        }
        // rejection of the last, incomplete stretch of the 63-bit range, as java.util.Random does
        long bits;
        long value;
        do {
            bits = random.nextLong() >>> 1;
            value = bits % bound;
        } while (bits - value + (bound - 1) < 0);
        return value;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
