package dev.loadtest.internal;

/**
 * h2load's split of a count among parties: each gets {@code count / parties}, the first
 * {@code count % parties} one more. One rule for requests among clients, clients among shards and a
 * concurrency among clients, so that the parts always add up to the whole.
 */
public final class Shares {

    private Shares() {
    }

    /** What party {@code index} (from 0) of {@code parties} gets of {@code count}. */
    public static long share(long count, int parties, int index) {
        return count / parties + (index < count % parties ? 1 : 0);
    }

    /** {@link #share(long, int, int)} for an int count. */
    public static int share(int count, int parties, int index) {
        return (int) share((long) count, parties, index);
    }
}
