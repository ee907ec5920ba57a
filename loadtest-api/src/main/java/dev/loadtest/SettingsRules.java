package dev.loadtest;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * The rules that combine settings, each written once: {@link LoadTest.Builder#build()} checks them, and the
 * {@code loadtest} command relies on them through the builder, rewording the parameters as its flags. A single
 * setting's range is its setter's to check. The messages name the settings, their values and the rule;
 * {@link IllegalStateException}, as a bad combination is.
 */
final class SettingsRules {

    /** How far ahead a start time may be; {@link LoadTest#MAX_START_DELAY}. */
    static final Duration MAX_START_DELAY = Duration.ofHours(1);

    private SettingsRules() {
    }

    static void check(Settings s) {
        checkShards(s);
        checkPlan(s);
        checkConnections(s);
        checkRequest(s);
        checkStartAt(s.startAt(), Instant.now());
    }

    /**
     * A start time at most {@link #MAX_START_DELAY} after {@code now}: checked when the test is built and again
     * when it starts, as time has passed in between.
     */
    static void checkStartAt(Instant startAt, Instant now) {
        if (startAt != null && startAt.isAfter(now.plus(MAX_START_DELAY))) {
            throw new IllegalStateException("startAt (" + startAt + ") must be at most "
                    + DurationFormat.setting(MAX_START_DELAY) + " from now (" + now + ")");
        }
    }

    private static void checkShards(Settings s) {
        if (s.shardCount() == 1) {
            return;
        }
        if (s.clientCount() < s.shardCount()) {
            throw new IllegalStateException(s.connectionPerSession()
                    ? "maxBacklog (" + s.maxBacklog() + ") must be >= shard count (" + s.shardCount() + "): with"
                            + " arrivals and connectionPerUser, each shard needs room for at least one session in"
                            + " flight, on its own connection"
                    : "clients (" + s.clientCount() + ") must be >= shard count (" + s.shardCount() + "): each shard"
                            + " needs at least one client");
        }
        for (Stage stage : s.stages()) {
            if (stage.isConcurrency() && stage.concurrency() < s.shardCount()) {
                throw new IllegalStateException("stage concurrency (" + stage.concurrency()
                        + ") must be >= shard count (" + s.shardCount() + ")");
            }
        }
    }

    /** How much load and for how long: counted, timed, or by stages. */
    private static void checkPlan(Settings s) {
        boolean timedByStages = s.timedByStages();
        if (timedByStages && (s.duration() != null || s.requests() > 0 || !Double.isNaN(s.rate()))) {
            throw new IllegalStateException("stages cannot be given with "
                    + (s.duration() != null ? "duration (" + DurationFormat.setting(s.duration()) + ")"
                    : s.requests() > 0 ? "requests (" + s.requests() + ")" : "rate (" + s.rate() + ")")
                    + ": the stages set the run's load and duration");
        }
        if (timedByStages) {
            boolean concurrency = s.stages().get(0).isConcurrency();
            for (Stage stage : s.stages()) {
                if (stage.isConcurrency() != concurrency) {
                    throw new IllegalStateException("stages mix rates and concurrencies: a run is rate-driven "
                            + "(open model) or concurrency-driven (closed model)");
                }
                // a scenario's stages count users in flight, not requests: ScenarioRules bounds them by the users
                if (s.scenario() == null && stage.concurrency() > s.clientCount() * s.streams()) {
                    throw new IllegalStateException("stage concurrency (" + stage.concurrency()
                            + ") must be <= clients x streams (" + s.clientCount() + " x " + s.streams() + ")");
                }
            }
        }
        if (!timedByStages && s.requests() > 0 && s.duration() != null) {
            throw new IllegalStateException("requests (" + s.requests() + ") and duration ("
                    + DurationFormat.setting(s.duration()) + ") cannot both be set: a run is counted or timed");
        }
        if (!timedByStages && s.requests() == 0 && s.duration() == null && s.scenario() == null) {
            throw new IllegalStateException("neither requests nor duration is set: a run needs one of them");
        }
        if (s.requests() > 0 && s.requests() < s.clientCount()) {
            throw new IllegalStateException("requests (" + s.requests() + ") must be >= clients (" + s.clientCount()
                    + ")");
        }
        if (!s.warmUp().isZero() && s.duration() == null && !timedByStages) {
            throw new IllegalStateException("warmUp (" + DurationFormat.setting(s.warmUp())
                    + ") needs duration: a counted run has no warm-up");
        }
        if (s.threads() > s.clientCount()) {
            throw new IllegalStateException("threads (" + s.threads() + ") must be <= " + (s.connectionPerSession()
                    ? "maxBacklog (" + s.maxBacklog() + "): with arrivals and connectionPerUser, each session in"
                            + " flight has its own connection, and the sessions in flight are at most that many"
                    : "clients (" + s.clientCount() + ")"));
        }
    }

    private static void checkConnections(Settings s) {
        if (!s.keepAlive() && s.streams() > 1) {
            throw new IllegalStateException("streams (" + s.streams()
                    + ") must be 1 with keepAlive(false): each connection carries one request");
        }
        boolean https = s.isHttps();
        if (s.protocol() == Protocol.NEGOTIATE && !https) {
            throw new IllegalStateException("protocol (NEGOTIATE) needs https targets: ALPN is part of TLS");
        }
        if (!https && (s.sslContext() != null || s.insecureTrustAll())) {
            throw new IllegalStateException((s.insecureTrustAll() ? "insecureTrustAll" : "sslContext")
                    + " is set but the targets are not https");
        }
        if (s.sslContext() != null && s.insecureTrustAll()) {
            throw new IllegalStateException("sslContext and insecureTrustAll cannot both be set");
        }
    }

    private static void checkRequest(Settings s) {
        if (s.body() != null && s.method() != null) {
            String m = s.method().toUpperCase(Locale.ROOT);
            if (m.equals("GET") || m.equals("HEAD")) {
                throw new IllegalStateException("body (" + s.body().length + " bytes) is not allowed with method "
                        + s.method() + ": use POST or PUT");
            }
        }
    }
}
