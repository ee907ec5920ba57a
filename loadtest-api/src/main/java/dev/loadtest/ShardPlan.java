package dev.loadtest;

import dev.loadtest.spi.Shares;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What shard {@code k} of {@code n} runs of the whole run's {@link Settings}, with the defaults that depend on
 * it resolved (threads, a constant rate as one stage, the duration that stages set). The rules, as
 * {@link LoadTest.Builder#shard(int, int)} documents them for users:
 * <ul>
 * <li>clients: client {@code i} of the whole run belongs to shard {@code i % n}; in an open-model scenario run
 *     with a connection per session, the shard's backlog limit (its bound of sessions in flight, each with its
 *     connection);</li>
 * <li>requests: split among the whole run's clients as h2load splits them, each shard doing its clients';</li>
 * <li>rates: divided by {@code n}; concurrency stages dealt out as clients are; the backlog limit divided by
 *     {@code n}, rounded up; threads at most the shard's clients.</li>
 * <li>a scenario's users: dealt out as clients are (user {@code i} belongs to shard {@code i % n}); its
 *     arrivals are its rate, divided as rates are; iterations are per user, so they are not divided.</li>
 * </ul>
 * An unsharded run ({@code n == 1}) is its own only shard: every value is the settings' own.
 *
 * @param clients the connections the shard may hold at once
 * @param threads the I/O threads: as given (at most the shard's clients), else half the processors, at most the
 *     clients
 * @param requests the shard's requests; 0 in a timed run
 * @param rate the shard's constant rate; NaN without one
 * @param stages the shard's stages; a constant rate over a duration is one stage; empty in a plain
 *     closed-model or counted run
 * @param duration the measured time: the stages' total when stages set it; null in a counted run
 * @param users the shard's users of a closed-model scenario run; 0 without
 */
record ShardPlan(int clients, int threads, long requests, double rate, List<Stage> stages, Duration duration,
                 int maxBacklog, int users) {

    ShardPlan {
        stages = List.copyOf(stages);
    }

    static ShardPlan of(Settings s) {
        int n = s.shardCount();
        int k = s.shardIndex();
        int maxBacklog = n == 1 ? s.maxBacklog() : Math.max(1, (s.maxBacklog() + n - 1) / n);
        // a connection per session: the shard holds as many connections as its bound of sessions in flight
        int clients = s.connectionPerSession() ? maxBacklog : Shares.share(s.clientCount(), n, k);
        int requestedThreads = s.threads() > 0 && n > 1 ? Math.min(s.threads(), clients) : s.threads();
        int threads = requestedThreads > 0 ? requestedThreads
                : defaultThreads(clients, Runtime.getRuntime().availableProcessors());
        long requests = s.requests() == 0 || n == 1 ? s.requests() : requests(s.requests(), s.clientCount(), n, k);
        double rate = Double.isNaN(s.rate()) ? s.rate() : s.rate() / n;
        List<Stage> stages = new ArrayList<>();
        for (Stage st : s.stages()) {
            stages.add(n == 1 ? st : st.isConcurrency()
                    ? Stage.concurrency(Shares.share(st.concurrency(), n, k), st.duration())
                    : new Stage(st.fromRate() / n, st.toRate() / n, st.duration()));
        }
        Duration duration = s.duration();
        if (!stages.isEmpty()) {
            duration = stages.stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
        } else if (!Double.isNaN(rate) && duration != null) {
            stages.add(Stage.rate(rate, duration));   // a constant rate over a duration is one stage
        }
        int users = Shares.share(s.users(), n, k);
        return new ShardPlan(clients, threads, requests, rate, stages, duration, maxBacklog, users);
    }

    /**
     * Shard {@code k}'s requests: the whole run's requests split among its clients as h2load splits them
     * (each client {@code requests / clients}, the first {@code requests % clients} clients one more), client
     * {@code i} belonging to shard {@code i % n}.
     */
    static long requests(long requests, int clients, int n, int k) {
        long perClient = requests / clients;
        int extra = (int) (requests % clients);
        return perClient * Shares.share(clients, n, k) + Shares.share(extra, n, k);
    }

    /**
     * Half the processors, at least 1 and at most the clients. An I/O thread keeps a core busy when it is the
     * limit, and the rest of a run needs cores too: the kernel's network work for both ends of every connection,
     * the scheduler and timer threads, and often the server itself (a local one, or the application beside the
     * test in the same JVM). Measured on 2 cores beside a local nginx (issue 15): one I/O thread gave 18 % more
     * requests per second than two. h2load defaults to 1 thread and wrk to 2; on a load machine of its own, raise
     * it to the processors.
     */
    static int defaultThreads(int clients, int processors) {
        return Math.max(1, Math.min(clients, processors / 2));
    }
}
