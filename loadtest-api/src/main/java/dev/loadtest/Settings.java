package dev.loadtest;

import dev.loadtest.check.Check;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.RequestSource;
import dev.loadtest.scenario.Scenario;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * A load test's settings exactly as the user gave them to {@link LoadTest.Builder}: the whole run's (a shard's
 * part is {@link ShardPlan}'s to compute), with "not given" kept as such so that
 * {@link LoadTest#newBuilder()} gives back what was given, and defaults resolved only where they are read.
 * Immutable: the lists are copies, and the body array is never written after the builder made its copy.
 *
 * <p>The components are grouped by what they describe; a new setting joins its group here, in
 * {@link LoadTest.Builder} (its setter, {@code build()} and the copy back) and, if it combines with others, in
 * {@link SettingsRules}.
 */
record Settings(
        // what each request is (request sources, feeders, a seed and response checks belong here)
        List<URI> targets,
        String method,              // null: GET, or POST with a body
        List<Header> headers,
        byte[] body,                // null: none
        RequestSource requestSource, // null: every request is the targets' in turn, with the method and body
        Feeder feeder,              // null: none
        Long seed,                  // null: picked when the test is built (LoadTest#seed)
        List<Check> checks,         // empty: none
        int maxCheckedBodyBytes,
        // a flow of steps per virtual user instead of single requests (issue 17)
        Scenario scenario,          // null: single requests
        int users,                  // 0: none (the closed model's sessions in flight, in a scenario run)
        long iterations,            // 0: none (sessions per user, instead of a duration)
        boolean connectionPerUser,
        // how hard and for how long: the whole run's
        int clients,                // 0: not given: see clientCount()
        int streams,
        int threads,                // 0: half the available processors, at most clientCount()
        long requests,              // 0: a timed run
        Duration duration,          // null: a counted run, or one timed by its stages
        Duration warmUp,
        double rate,                // NaN: none
        List<Stage> stages,         // empty: none
        int maxBacklog,
        Duration scheduleResolution,
        // the connections
        Protocol protocol,          // null: the scheme's default
        Duration connectTimeout,
        Duration requestTimeout,
        boolean keepAlive,
        SSLContext sslContext,      // null: the JVM's default
        boolean insecureTrustAll,
        // observing the run
        Duration interval,
        List<LoadTestListener> listeners,
        // one shard of a run over several processes
        int shardIndex,
        int shardCount,
        Instant startAt) {          // null: at once

    Settings {
        targets = List.copyOf(targets);
        headers = List.copyOf(headers);
        checks = List.copyOf(checks);
        stages = List.copyOf(stages);
        listeners = List.copyOf(listeners);
    }

    /** Whether the targets use TLS. */
    boolean isHttps() {
        return "https".equalsIgnoreCase(targets.get(0).getScheme());
    }

    /**
     * The connections the run may hold at once: as given; else the users of a closed-model scenario run (each user
     * a connection's worth of concurrency, as a browser has); else, in an open-model scenario run with a connection
     * per session, {@code maxBacklog} (the bound of its sessions in flight, each on its own connection, as k6's
     * {@code maxVUs} bounds its arrival-rate VUs); else 1 (h2load's default). The default threads, the thread and
     * shard rules and the engine's sizing of its timers all read this figure.
     */
    int clientCount() {
        return clients > 0 ? clients : connectionPerSession() ? maxBacklog : scenario != null && users > 0 ? users : 1;
    }

    /** Whether requests, or a scenario's sessions, start on a schedule of rates (open model). */
    boolean isRateDriven() {
        return !Double.isNaN(rate) || (timedByStages() && !stages.get(0).isConcurrency());
    }

    /**
     * An open-model scenario run with {@code connectionPerUser}: each arrival's session opens a connection of its own
     * and closes it at its end, so the run holds as many as it has sessions in flight, at most {@code maxBacklog}.
     */
    boolean connectionPerSession() {
        return scenario != null && connectionPerUser && isRateDriven();
    }

    /** Whether stages, not {@code duration} or {@code requests}, set how long the run lasts. */
    boolean timedByStages() {
        return !stages.isEmpty();
    }
}
