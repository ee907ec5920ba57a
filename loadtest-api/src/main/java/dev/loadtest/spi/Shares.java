package dev.loadtest.spi;

/**
 * h2load's split of a count among parties: each gets {@code count / parties}, the first
 * {@code count % parties} one more. One rule for requests among clients, clients among shards and a
 * concurrency among clients, so that the parts always add up to the whole. An engine shares a counted run's
 * requests and a concurrency stage among its clients with it, so that every engine splits as
 * {@link dev.loadtest.LoadTest} documents.
 *
 * <pre>{@code
 * Shares.share(10, 3, 0);   // 4: 10 requests among 3 clients are 4, 3, 3
 * Shares.share(10, 3, 2);   // 3
 * }</pre>
 */
public final class Shares {

    private Shares() {
    }

    /**
     * What party {@code index} (from 0) of {@code parties} gets of {@code count}.
     *
     * @throws ArithmeticException if {@code parties} is 0
     */
    public static long share(long count, int parties, int index) {
        return count / parties + (index < count % parties ? 1 : 0);
    }

    /** {@link #share(long, int, int)} for an int count. */
    public static int share(int count, int parties, int index) {
        return (int) share((long) count, parties, index);
    }
}
