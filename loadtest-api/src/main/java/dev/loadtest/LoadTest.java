// Longer than our ~400 lines for one reason: it is the public surface users write against, the test's
// accessors and its nested Builder (nested, so that LoadTest.Builder stays the type callers name), each
// member a line or two under its Javadoc. The work is elsewhere: the settings as given (Settings), what a
// shard runs (ShardPlan), the rules that combine settings (SettingsRules), the text (SettingsText), the run
// (the engine, found by Engines).

package dev.loadtest;

import dev.loadtest.check.Check;
import dev.loadtest.internal.Blocking;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.internal.Engines;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.RequestSource;
import dev.loadtest.scenario.Scenario;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import javax.net.ssl.SSLContext;

/**
 * An HTTP load test: what to load, how hard and for how long. Immutable and thread-safe; run it as
 * often as you like.
 *
 * <pre>{@code
 * Result result = LoadTest.target(URI.create("http://127.0.0.1:8080/hello"))
 *         .clients(100)                        // connections
 *         .streams(10)                         // requests in flight per connection
 *         .duration(Duration.ofSeconds(5))
 *         .warmUp(Duration.ofSeconds(1))
 *         .run();
 * System.out.println(result);                  // an h2load-style report
 * }</pre>
 *
 * <p>The closed model of h2load: exactly {@code clients} connections, each keeping {@code streams}
 * requests in flight (HTTP/2 streams, or HTTP/1.1 pipelining), until {@code requests} have been done
 * or {@code duration} has passed. Several targets are used round robin on each connection.
 *
 * <p>The work is done by an engine found on the class path ({@code dev.loadtest:loadtest-core}).
 */
public final class LoadTest {

    private final Settings given;
    private final ShardPlan plan;

    private final OptionalLong seed;

    private LoadTest(Settings given) {
        this.given = given;
        this.plan = ShardPlan.of(given);
        this.seed = given.seed() != null ? OptionalLong.of(given.seed())
                : given.requestSource() != null || given.scenario() != null
                        ? OptionalLong.of(new java.util.SplittableRandom().nextLong())
                : OptionalLong.empty();
    }

    /**
     * Starts describing a load test of one or more URIs on one server (same scheme, host and port);
     * several are used round robin on each connection, as h2load does.
     *
     * @throws IllegalArgumentException if no URI is given, or one is not an absolute {@code http} or
     *     {@code https} URI with a host and a port within [1, 65535] (or none: 80 / 443), or carries user
     *     info, or they name different servers. The message shows the URI with credentials redacted
     *     ({@link Header#isSecret(String, String)}).
     */
    public static Builder target(URI... uris) {
        return new Builder(Arrays.asList(Objects.requireNonNull(uris, "uris must not be null")));
    }

    /** {@link #target(URI...)} for URI strings. */
    public static Builder target(String... uris) {
        Objects.requireNonNull(uris, "uris must not be null");
        List<URI> parsed = new ArrayList<>();
        for (String uri : uris) {
            try {
                parsed.add(new URI(Objects.requireNonNull(uri, "uri must not be null")));
            } catch (java.net.URISyntaxException e) {
                // neither the text nor the cause may carry a password into logs
                throw new IllegalArgumentException("target (" + Redaction.display(uri) + ") is not a valid URI: "
                        + e.getReason());
            }
        }
        return new Builder(parsed);
    }

    /**
     * A builder holding this test's settings, to derive a changed copy. For a shard, it holds the whole
     * run's settings and the same {@link Builder#shard(int, int) shard}.
     */
    public Builder newBuilder() {
        return new Builder(given);
    }

    /**
     * Runs the test and blocks until it ends. If the calling thread is interrupted, the run is stopped
     * and its partial result returned (marked {@linkplain Result#stopped() stopped}), with the
     * interrupt flag set again.
     */
    public Result run() {
        LoadTestRun run = start();
        return Blocking.await(run::result, run::stop, "load test");
    }

    /** How far ahead a {@link Builder#startAt(java.time.Instant) start time} may be. */
    public static final Duration MAX_START_DELAY = SettingsRules.MAX_START_DELAY;

    /** A rate-driven run's {@link Builder#scheduleResolution(Duration) schedule resolution} unless set: 1 ms. */
    public static final Duration DEFAULT_SCHEDULE_RESOLUTION = Duration.ofMillis(1);

    /**
     * The coarsest {@link Builder#scheduleResolution(Duration) schedule resolution}: coarser groups would reach the
     * server as bursts far from the schedule's spacing.
     */
    private static final Duration MAX_SCHEDULE_RESOLUTION = Duration.ofMillis(5);

    /**
     * Starts the test and returns at once with a handle to its result and to {@link LoadTestRun#stop()}.
     *
     * @throws IllegalStateException if the {@link #startAt() start time} is now more than
     *     {@link #MAX_START_DELAY} ahead
     */
    public LoadTestRun start() {
        SettingsRules.checkStartAt(given.startAt(), Instant.now());
        return Engines.find().start(this);
    }

    /**
     * Which shard of a run split over several processes or machines this test is, from 0 to
     * {@link #shardCount()} - 1; 0 in an unsharded run. See {@link Builder#shard(int, int)}.
     */
    public int shardIndex() {
        return given.shardIndex();
    }

    /** How many shards the whole run is split into; 1 in an unsharded run. */
    public int shardCount() {
        return given.shardCount();
    }

    /** The common wall-clock time the run waits for before starting, if one was set. */
    public Optional<Instant> startAt() {
        return Optional.ofNullable(given.startAt());
    }

    /**
     * The whole run a shard is part of: the same settings as one process (shard 0 of 1), without a start
     * time. This test itself when it is not a shard and has no start time. Its {@code clients},
     * {@code requests}, rate and stages are the whole run's, as given to the builder.
     */
    public LoadTest unsharded() {
        if (given.shardCount() == 1 && given.startAt() == null) {
            return this;
        }
        Builder b = newBuilder();
        b.shardIndex = 0;
        b.shardCount = 1;
        b.startAt = null;
        if (seed.isPresent()) {
            b.seed = seed.getAsLong();   // the whole run's seed is its shards' (a picked one too)
        }
        // the request rules held for the shard and hold for the whole run; checking them again would read the
        // feeder's file again, each time a shard's result is written, after the run (when it may be gone)
        Settings whole = b.settings();
        SettingsRules.check(whole);
        return new LoadTest(whole);
    }

    /** The targets, in round-robin order. */
    public List<URI> targets() {
        return given.targets();
    }

    /**
     * Connections held open during the run (this shard's). In an open-model scenario run with
     * {@link Builder#connectionPerUser() connectionPerUser()}, where each arrival's session opens its own connection
     * and closes it at its end, the most it may hold at once: its {@link #maxBacklog()}, the bound of its sessions in
     * flight. That is the figure its default threads, the rule {@code threads <= clients} and a shard's part are
     * taken from, and what the result's JSON writes as {@code clients}.
     */
    public int clients() {
        return plan.clients();
    }

    /** The scenario each virtual user runs, if this is a scenario run rather than one of single requests. */
    public Optional<Scenario> scenario() {
        return Optional.ofNullable(given.scenario());
    }

    /** The virtual users of a closed-model scenario run (this shard's); 0 otherwise. */
    public int users() {
        return plan.users();
    }

    /** Sessions started per second in an open-model scenario run: its {@link #rate()}; empty otherwise. */
    public OptionalDouble arrivals() {
        return given.scenario() == null ? OptionalDouble.empty() : rate();
    }

    /** The sessions each user runs, if a closed-model scenario run ends by count rather than by duration. */
    public OptionalLong iterations() {
        return given.iterations() > 0 ? OptionalLong.of(given.iterations()) : OptionalLong.empty();
    }

    /** Whether each user of a scenario run has its own connection rather than sharing the run's. */
    public boolean connectionPerUser() {
        return given.connectionPerUser();
    }

    /**
     * Whether this is an open-model scenario run with {@link Builder#connectionPerUser() connectionPerUser()}: each
     * arrival's session opens a connection of its own when it arrives and closes it at its end, so there is no
     * run-wide client connection and {@link #clients()} is a bound (the most sessions in flight), not a count.
     */
    public boolean connectionPerSession() {
        return given.connectionPerSession();
    }

    /** Requests in flight per connection: HTTP/2 streams, or HTTP/1.1 pipelining depth. */
    public int streams() {
        return given.streams();
    }

    /** I/O threads. */
    public int threads() {
        return plan.threads();
    }

    /** The number of requests to do, if the run is counted rather than timed. */
    public OptionalLong requests() {
        return plan.requests() > 0 ? OptionalLong.of(plan.requests()) : OptionalLong.empty();
    }

    /** How long the measured phase lasts, if the run is timed. */
    public Optional<Duration> duration() {
        return Optional.ofNullable(plan.duration());
    }

    /**
     * Whether requests are sent on a schedule (open model, corrected for coordinated omission) rather
     * than as soon as a stream is free (closed model, h2load's default).
     */
    public boolean isRateDriven() {
        return given.isRateDriven();
    }

    /** The constant rate given with {@link Builder#rate(double)}, in requests per second. */
    public OptionalDouble rate() {
        return Double.isNaN(plan.rate()) ? OptionalDouble.empty() : OptionalDouble.of(plan.rate());
    }

    /**
     * The plan of a timed run by stages: rates (a constant rate over a duration is one stage) or
     * concurrencies; empty in a plain closed-model or counted run.
     */
    public List<Stage> stages() {
        return plan.stages();
    }

    /** Due requests that may wait for a free stream before new ones are dropped (rate-driven runs). */
    public int maxBacklog() {
        return plan.maxBacklog();
    }

    /**
     * How finely a rate-driven run keeps its schedule's send times: see {@link Builder#scheduleResolution(Duration)}.
     */
    public Duration scheduleResolution() {
        return given.scheduleResolution();
    }

    /** The length of the timeline's intervals. */
    public Duration interval() {
        return given.interval();
    }

    /** The listeners, in the order given. */
    public List<LoadTestListener> listeners() {
        return given.listeners();
    }

    /** Time spent sending requests before measuring; zero for none. */
    public Duration warmUp() {
        return given.warmUp();
    }

    /** The protocol, with the scheme's default resolved. */
    public Protocol protocol() {
        return given.protocol() != null ? given.protocol() : isHttps() ? Protocol.NEGOTIATE : Protocol.HTTP_1_1;
    }

    /** The request method. */
    public String method() {
        return given.method() != null ? given.method() : given.body() != null ? "POST" : "GET";
    }

    /** Extra request headers, in order. */
    public List<Header> headers() {
        return given.headers();
    }

    /** A copy of the request body, if any. */
    public Optional<byte[]> body() {
        return Optional.ofNullable(given.body()).map(byte[]::clone);
    }

    /** The body's length in bytes, or -1 without a body; does not copy. */
    public int bodyLength() {
        return given.body() == null ? -1 : given.body().length;
    }

    /** The source building each request, if one was given; without one every request is the same. */
    public Optional<RequestSource> requestSource() {
        return Optional.ofNullable(given.requestSource());
    }

    /** The feeder the request source reads rows from, if one was given. */
    public Optional<Feeder> feeder() {
        return Optional.ofNullable(given.feeder());
    }

    /**
     * The seed of the requests' random generators: the one given to {@link Builder#seed(long)}, or with a
     * request source, one picked when this test was built (so each test built afresh draws other numbers, and
     * {@code result.test().seed()} replays a run); empty for a test without a request source nor a given seed.
     */
    public OptionalLong seed() {
        return seed;
    }

    /** The response checks, in the order they are reported; empty when responses are judged by status only. */
    public List<Check> checks() {
        return given.checks();
    }

    /** The most of each response body kept for the checks that read it; see {@link Builder#maxCheckedBodyBytes}. */
    public int maxCheckedBodyBytes() {
        return given.maxCheckedBodyBytes();
    }

    /** Time allowed to open a connection (TCP and TLS). */
    public Duration connectTimeout() {
        return given.connectTimeout();
    }

    /** Time allowed for a request from being sent to its response's end. */
    public Duration requestTimeout() {
        return given.requestTimeout();
    }

    /** Whether connections are reused; {@code false} opens a new connection per request, like ab without -k. */
    public boolean keepAlive() {
        return given.keepAlive();
    }

    /** The TLS context to use, if one was given. */
    public Optional<SSLContext> sslContext() {
        return Optional.ofNullable(given.sslContext());
    }

    /** Whether every certificate and host name is trusted (explicit, insecure opt-in). */
    public boolean insecureTrustAll() {
        return given.insecureTrustAll();
    }

    /** Whether the targets use TLS. */
    public boolean isHttps() {
        return given.isHttps();
    }

    @Override
    public String toString() {
        return SettingsText.of(this);
    }

    /**
     * Describes a {@link LoadTest}. Each setter checks its argument at once; rules that combine
     * settings are checked by {@link #build()}, {@link #run()} and {@link #start()}. The setters come in
     * groups: what each request is, how hard and for how long, the connections, observing the run, sharding.
     * Not thread-safe.
     */
    public static final class Builder {
        /** The URIs given to {@link LoadTest#target}; {@link #path(String)} derives {@link #targets} from them. */
        private final List<URI> bases;
        private List<URI> targets;
        /** 0: not given ({@link Settings#clientCount()} resolves it). */
        private int clients;
        private int streams = 1;
        private int threads;
        private long requests;
        private Duration duration;
        private Duration warmUp = Duration.ZERO;
        private Protocol protocol;
        private String method;
        private final List<Header> headers = new ArrayList<>();
        private byte[] body;
        private RequestSource requestSource;
        private Feeder feeder;
        private Long seed;
        /** {@link #path(String)} was called: a request source gives the paths itself. */
        private boolean pathGiven;
        private final List<Check> checks = new ArrayList<>();
        private int maxCheckedBodyBytes = Check.DEFAULT_MAX_BODY_BYTES;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(30);
        private boolean keepAlive = true;
        private SSLContext sslContext;
        private boolean insecureTrustAll;
        private double rate = Double.NaN;
        private List<Stage> stages;
        private int maxBacklog = 10_000;
        private Duration scheduleResolution = DEFAULT_SCHEDULE_RESOLUTION;
        private Duration interval = Duration.ofSeconds(1);
        private final List<LoadTestListener> listeners = new ArrayList<>();
        private int shardIndex;
        private int shardCount = 1;
        private java.time.Instant startAt;
        private Scenario scenario;
        private int users;
        private long iterations;
        private boolean connectionPerUser;

        private Builder(List<URI> uris) {
            this.bases = Targets.check(uris);
            this.targets = bases;
        }

        /** A builder holding these settings: {@link LoadTest#newBuilder()}, the one place that copies them back. */
        private Builder(Settings s) {
            this(s.targets());
            method = s.method();
            headers.addAll(s.headers());
            body = s.body();
            requestSource = s.requestSource();
            feeder = s.feeder();
            seed = s.seed();
            checks.addAll(s.checks());
            maxCheckedBodyBytes = s.maxCheckedBodyBytes();
            clients = s.clients();
            streams = s.streams();
            threads = s.threads();
            requests = s.requests();
            duration = s.duration();
            warmUp = s.warmUp();
            rate = s.rate();
            stages = s.timedByStages() ? s.stages() : null;
            maxBacklog = s.maxBacklog();
            scheduleResolution = s.scheduleResolution();
            protocol = s.protocol();
            connectTimeout = s.connectTimeout();
            requestTimeout = s.requestTimeout();
            keepAlive = s.keepAlive();
            sslContext = s.sslContext();
            insecureTrustAll = s.insecureTrustAll();
            interval = s.interval();
            listeners.addAll(s.listeners());
            shardIndex = s.shardIndex();
            shardCount = s.shardCount();
            startAt = s.startAt();
            scenario = s.scenario();
            users = s.users();
            iterations = s.iterations();
            connectionPerUser = s.connectionPerUser();
        }

        // ---- what each request is: targets, method, headers, body. Request sources, feeders, a seed and response
        // checks belong here, and in Settings' first group.

        /**
         * Appends a path (and query) to each target's path, so that a server's base URI is written once, e.g. the
         * random port of a Spring Boot test:
         *
         * <pre>{@code
         * LoadTest.Builder server = LoadTest.target(URI.create("http://127.0.0.1:" + port));
         * server.path("/orders/1").clients(4).requests(1000).run();      // http://127.0.0.1:<port>/orders/1
         * }</pre>
         *
         * <p>The rule: the result is the target's scheme, host and port, then its path without a trailing
         * {@code /}, then {@code path}, which must start with {@code /} and may end with a query
         * ({@code /orders?page=2}); it is not URI resolution, so a base path is kept: base
         * {@code http://h/api} or {@code http://h/api/} with {@code /orders} is {@code http://h/api/orders}. The path
         * is taken as written in a URI (percent-encoded). Applies to every target given to
         * {@link LoadTest#target}; calling it again replaces the earlier path rather than appending to it.
         *
         * @throws IllegalArgumentException if {@code path} does not start with {@code /}, has a fragment, is not
         *     valid in a URI, or a target already has a query
         */
        public Builder path(String path) {
            List<URI> resolved = new ArrayList<>(bases.size());
            for (URI base : bases) {
                resolved.add(Targets.withPath(base, path));
            }
            this.targets = List.copyOf(resolved);
            this.pathGiven = true;
            return this;
        }

        /** The request method, an HTTP token such as {@code PUT}. Default GET, or POST with a body. */
        public Builder method(String method) {
            Objects.requireNonNull(method, "method must not be null");
            if (method.isEmpty() || !method.chars().allMatch(c -> c > 32 && c < 127
                    && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0)) {
                throw new IllegalArgumentException("method (" + method.replace("\r", "\\r").replace("\n", "\\n")
                        + ") must be an HTTP token, e.g. GET or POST");
            }
            this.method = method;
            return this;
        }

        /** Adds a request header, like h2load -H; repeatable. See {@link Header} for the rules. */
        public Builder header(String name, String value) {
            headers.add(new Header(name, value));
            return this;
        }

        /** The request body, sent with every request, like h2load -d. The array is copied. */
        public Builder body(byte[] body) {
            this.body = Objects.requireNonNull(body, "body must not be null").clone();
            return this;
        }

        /**
         * A text request body and its {@code Content-Type} header, which replaces any given before:
         * {@code body("name=tea&quantity=1", "application/x-www-form-urlencoded")}. The text is encoded in the
         * charset named by the content type's {@code charset} parameter, UTF-8 when it names none. Like every
         * body, it makes the default method POST.
         *
         * @throws IllegalArgumentException if the content type is not a valid header value or names an unknown
         *     charset
         */
        public Builder body(String text, String contentType) {
            Objects.requireNonNull(text, "body must not be null");
            Header header = new Header("Content-Type", Objects.requireNonNull(contentType,
                    "contentType must not be null"));
            java.nio.charset.Charset charset = charsetOf(contentType);
            headers.removeIf(h -> h.name().equalsIgnoreCase("Content-Type"));
            headers.add(header);
            this.body = text.getBytes(charset);
            return this;
        }

        /**
         * A JSON request body, sent with {@code Content-Type: application/json} and encoded in UTF-8:
         * {@code jsonBody("{\"item\":\"tea\"}")}. The text is sent as given (it is not parsed: a test of a
         * server's answer to malformed JSON can send some). Shorthand for
         * {@code body(json, "application/json")}.
         */
        public Builder jsonBody(String json) {
            return body(json, "application/json");
        }

        private static java.nio.charset.Charset charsetOf(String contentType) {
            for (String parameter : contentType.split(";")) {
                String p = parameter.trim();
                if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                    String name = p.substring(8).trim().replace("\"", "");
                    try {
                        return java.nio.charset.Charset.forName(name);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("contentType (" + contentType + ") names a charset ("
                                + name + ") this JVM does not know");
                    }
                }
            }
            return java.nio.charset.StandardCharsets.UTF_8;
        }

        /**
         * The request body read from a file now, like h2load -d FILE: a regular file (not a device, pipe or
         * folder) of at most {@link #MAX_BODY_BYTES} bytes, held in memory and sent with every request.
         *
         * @throws IllegalArgumentException if the file cannot be read, is not a regular file or is larger
         */
        public Builder body(Path file) {
            Objects.requireNonNull(file, "body file must not be null");
            try {
                this.body = BoundedFile.read("body file", file, MAX_BODY_BYTES);
            } catch (IOException e) {
                throw new IllegalArgumentException("body file (" + file + ") cannot be read ("
                        + BoundedFile.describe(e) + ")", e);
            }
            return this;
        }

        /**
         * Adds response checks: every complete response of the measured phase is judged by every check, and a
         * response that fails one is a failed request (in {@link Requests#failed()}, the error rate, the verdict
         * and the budgets), counted per check in {@link Result#checks()}. Repeatable; the checks are reported in
         * the order added. A run without checks keeps no header and no body.
         *
         * <pre>{@code
         * Result r = LoadTest.target("http://127.0.0.1:8080/orders/1")
         *         .check(Check.status(200), Check.jsonPath("$.status", "ok"))
         *         .check(Check.header("Content-Type", "application/json"))
         *         .requests(1000)
         *         .run();
         * r.checks().forEach(System.out::println);   // json $.status == "ok": 990 passed, 10 failed (...)
         * }</pre>
         *
         * <p>Checks run on the I/O threads: keep them quick. A body is kept (up to
         * {@link #maxCheckedBodyBytes(int)}) only when a check reads it.
         *
         * @throws IllegalArgumentException if a check is null, or two checks of the run share a name (rename one
         *     with {@link Check#named(String)})
         */
        public Builder check(Check... checks) {
            Objects.requireNonNull(checks, "checks must not be null");
            List<Check> all = new ArrayList<>(this.checks);
            for (Check check : checks) {
                all.add(Objects.requireNonNull(check, "check must not be null"));
            }
            new CheckPlan(all, maxCheckedBodyBytes);   // the one place that knows the rules of a run's checks
            this.checks.clear();
            this.checks.addAll(all);
            return this;
        }

        /**
         * The most bytes of each response body kept for the checks that read it. Default
         * {@link Check#DEFAULT_MAX_BODY_BYTES} (1 MiB); within [1, 1 GiB]. A body over it fails those checks with
         * {@code body larger than the checks' bound of N bytes}; checks of the status and headers still run. Each
         * response in flight may hold this much at once.
         *
         * @throws IllegalArgumentException if {@code bytes} is not within [1, 1 GiB]
         */
        public Builder maxCheckedBodyBytes(int bytes) {
            new CheckPlan(checks, bytes);   // its rule and its message
            this.maxCheckedBodyBytes = bytes;
            return this;
        }

        /**
         * The largest request body a file may give, 64 MiB: the body is held in memory once and sent with every
         * request; {@code /dev/zero} or a disk image given by mistake must not exhaust the heap.
         */
        public static final long MAX_BODY_BYTES = 64L << 20;

        /**
         * Builds each request as it is sent, instead of sending the same one every time: the source is called once
         * per request with its {@link dev.loadtest.request.RequestContext} (sequence number, client, a random
         * generator seeded from {@link #seed(long)}, a {@link #feed(Feeder) feeder} row). A POST of JSON orders,
         * each with a unique id:
         *
         * <pre>{@code
         * Result result = LoadTest.target(URI.create("http://127.0.0.1:8080"))
         *         .request(ctx -> Request.post("/orders")
         *                 .jsonBody("{\"id\":" + ctx.sequence() + ",\"quantity\":" + (1 + ctx.random().nextInt(5)) + "}"))
         *         .clients(10)
         *         .requests(10_000)
         *         .run();
         * }</pre>
         *
         * <p>The source gives the method, the path (or an absolute URI of the target's server), headers and body; so
         * {@link #method}, {@link #path} and {@link #body} cannot be given with it ({@link #build()} says so). The
         * {@link #header headers} given here go with every request, except those the request names itself (in any
         * case: the request's {@code Content-Type} wins). A source that throws, or returns {@code null}, makes that
         * one request errored (never sent) with its message, and the run goes on; see {@link RequestSource} for the
         * contract (thread-safety, speed). Default: none, every request is the same bytes, encoded once.
         */
        public Builder request(RequestSource source) {
            this.requestSource = Objects.requireNonNull(source, "request source must not be null");
            return this;
        }

        /**
         * The rows a {@link #request(RequestSource) request source} reads with {@code ctx.row()}: a CSV or JSON Lines
         * file, read through once before the run (a malformed row stops it there, naming the file and line), then
         * row by row as requests ask. In a sharded run each shard takes its own rows ({@code k, k+n, ...}), so no
         * two shards send the same row; {@link Feeder.Order#IN_ORDER in order} over all shards every row is sent
         * once. An in-order feeder that runs out ends the run, as a reached count does; a counted run asking more
         * requests than its rows is refused by {@link #build()}, with both numbers. Warm-up requests take rows too
         * (so an in-order feeder may run out during a warm-up). Needs a request source.
         */
        public Builder feed(Feeder feeder) {
            this.feeder = Objects.requireNonNull(feeder, "feeder must not be null");
            return this;
        }

        /**
         * The seed of the requests' random generators ({@code ctx.random()}, a random feeder, {@code {{uuid}}} and
         * {@code {{randomInt A B}}} in templates): each client draws from generators derived from the seed and its
         * index, so the same seed gives each client the same draws in the same order, on every JDK. Default: a
         * seed picked when the test is built, which {@link LoadTest#seed()} and the result tell, so that a run can
         * be replayed. The shards of one run are given the same seed (a sharded run with a request source needs
         * one).
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        // ---- a scenario: a flow of steps each virtual user runs, instead of single requests

        /**
         * Runs this scenario instead of single requests: each virtual user is a session (variables, a cookie jar, a
         * feeder row) walking the scenario's steps one request at a time, with its pauses. Two load models:
         * <ul>
         * <li>closed, {@link #users(int) users(n)}: n sessions in flight, each user starting its next session when
         *     one ends, for the {@link #duration duration} or {@link #iterations(long) iterations} sessions each;
         *     or, with concurrency {@link #stages stages}, each stage's count of those users in flight;</li>
         * <li>open, {@link #arrivals(double) arrivals(r)} (or rate {@link #stages stages}, which are then arrival
         *     stages): r sessions start per second, whatever the server does; a step's response time counts from
         *     when it was due (the arrival for the first step, the previous step's end plus its pause for the
         *     others), corrected for coordinated omission, beside its service time.</li>
         * </ul>
         *
         * <pre>{@code
         * Result r = LoadTest.target("http://127.0.0.1:8080")
         *         .scenario(Scenario.of("shop", login, Scenario.repeat(3, catalogue), checkout))
         *         .users(50)
         *         .duration(Duration.ofMinutes(1))
         *         .run();
         * r.step("checkout").orElseThrow().responseTime().percentile(99);
         * r.sessions().orElseThrow().failedAt();        // {checkout=3}
         * }</pre>
         *
         * <p>Sessions share the run's connections ({@code clients x streams}: a due step takes a free stream on any
         * of them); without {@link #clients(int)} a closed-model run has as many connections as users.
         * {@link #connectionPerUser()} gives each user (open model: each session) its own. The run's {@link #header headers} go with every
         * step's request (unless the step names the header itself), the run's {@link #check checks} judge every
         * step before the step's own, and the run's {@link #feed feeder} gives each session one row. The steps
         * give the methods, paths and bodies, so {@link #request}, {@link #method}, {@link #path} and
         * {@link #body} cannot be given with a scenario ({@link #build()} says so).
         */
        public Builder scenario(Scenario scenario) {
            this.scenario = Objects.requireNonNull(scenario, "scenario must not be null");
            return this;
        }

        /**
         * The closed model of a {@link #scenario scenario} run: this many virtual users, each running one session
         * at a time and starting the next when it ends (k6's VUs, Gatling's {@code constantConcurrentUsers}). At
         * least 1; needs a scenario. In a sharded run, users are dealt out as clients are.
         *
         * <p>With {@link Stage#concurrency concurrency stages} the users in flight follow the stages (k6's ramping
         * VUs, Gatling's {@code rampConcurrentUsers}), each stage's count at most {@code users}: a raised count
         * starts the waiting users' sessions at once; a lowered one lets the users over it finish the session they
         * are in, then they wait. The stages time the run, so not with {@link #iterations(long) iterations}.
         *
         * <pre>{@code
         * LoadTest.target("http://127.0.0.1:8080").scenario(shop).users(100).stages(
         *         Stage.concurrency(10, Duration.ofSeconds(30)),    // 10 users in flight, then
         *         Stage.concurrency(100, Duration.ofMinutes(2)))    // all 100
         *     .run();
         * }</pre>
         */
        public Builder users(int users) {
            this.users = atLeast("users", users, 1);
            return this;
        }

        /**
         * The open model of a {@link #scenario scenario} run: this many sessions start per second, each at its
         * arrival time, whatever the responses do (Gatling's {@code constantUsersPerSec}, k6's arrival-rate). The
         * sessions' rate: {@code rate(perSecond)} named for scenarios, and rate {@link #stages stages} are arrival
         * stages too. Sessions in flight are bounded by {@link #maxBacklog(int)}: an arrival beyond it is counted
         * as a session failed at its first step ({@code not started: N sessions in flight}). Within
         * (0, 10,000,000] sessions per second.
         */
        public Builder arrivals(double perSecond) {
            Stage.checkRate("arrivals", perSecond);
            if (perSecond == 0) {
                throw new IllegalArgumentException("arrivals (0.0) must be > 0 sessions per second");
            }
            this.rate = perSecond;
            return this;
        }

        /**
         * Ends a closed-model {@link #scenario scenario} run when each user has run this many sessions, instead of
         * after a {@link #duration duration} (k6's per-VU iterations). At least 1.
         */
        public Builder iterations(long iterations) {
            if (iterations < 1) {
                throw new IllegalArgumentException("iterations (" + iterations + ") must be >= 1");
            }
            this.iterations = iterations;
            return this;
        }

        /**
         * Gives each user of a {@link #scenario scenario} run its own connection, as a browser and Gatling's default
         * do, instead of sharing the run's ({@code clients x streams}); one request in flight on each, so
         * {@link #clients(int)} and {@link #streams(int)} are not given with it.
         * <ul>
         *   <li>Closed model ({@link #users(int) users}): each user's connection lasts the run and carries its
         *       sessions one after another; the run has as many connections as users.</li>
         *   <li>Open model ({@link #arrivals(double) arrivals}): each arrival's session opens a connection at its
         *       arrival (its connect time is in the first step's response time, as a new visitor's would be),
         *       sends its steps over it, and closes it at its end, completed or failed. A connect that fails fails
         *       the session at the step it waits for (an errored request never issued, in the connect error's
         *       category), and is not tried again; a connection the server closes between steps is opened again.
         *       {@link Result#connections()} then counts one per session begun, and the connect-time histogram one
         *       connect each. The run holds at most {@link #maxBacklog(int) maxBacklog} connections at once (its
         *       sessions in flight), as k6's {@code maxVUs} bounds an arrival-rate run: that bound, not a client count,
         *       is what {@link #threads(int) threads} may not exceed and what {@link #shard shards} divide (each shard
         *       its arrivals divided and its part of the bound, like k6's execution segments).</li>
         * </ul>
         *
         * <pre>{@code
         * LoadTest.target("https://127.0.0.1:8443").scenario(shop)
         *         .arrivals(20).connectionPerUser()          // 20 new visitors a second, each on its own connection
         *         .duration(Duration.ofMinutes(1))
         *         .run();
         * }</pre>
         */
        public Builder connectionPerUser() {
            this.connectionPerUser = true;
            return this;
        }

        // ---- how hard and for how long: the whole run's, however many shards share it

        /**
         * Connections to hold open, like h2load -c. Default 1 (in a closed-model {@link #scenario scenario} run,
         * the {@link #users(int) users}; with {@link #arrivals arrivals} and {@link #connectionPerUser()}, not given:
         * the run holds a connection per session in flight, at most {@link #maxBacklog(int) maxBacklog}); at least 1.
         */
        public Builder clients(int clients) {
            this.clients = atLeast("clients", clients, 1);
            return this;
        }

        /**
         * Requests kept in flight on each connection, like h2load -m: concurrent streams over HTTP/2,
         * pipelining depth over HTTP/1.1. Default 1; at least 1.
         */
        public Builder streams(int streams) {
            this.streams = atLeast("streams", streams, 1);
            return this;
        }

        /**
         * I/O threads, like h2load -t. At most the connections the run may hold at once ({@link LoadTest#clients()};
         * with arrivals and {@link #connectionPerUser()}, {@link #maxBacklog(int) maxBacklog}, its bound of sessions in
         * flight, each on its own connection). Default: half the available processors, at least 1 and at most those
         * connections (1 on a 2-core machine). The other half is left to the kernel's network work, the run's
         * scheduler and timer, and a server on the same machine: beside a local server on 2 cores, 1 thread gave
         * 18 % more requests per second than 2 (issue 15). On a load machine of its own whose I/O threads are the
         * limit (the report's {@code generator:} line near 100 % of the threads' cores), raise it up to the
         * processors.
         */
        public Builder threads(int threads) {
            this.threads = atLeast("threads", threads, 1);
            return this;
        }

        /** Ends the run after this many requests, like h2load -n. At least {@code clients}. */
        public Builder requests(long requests) {
            if (requests < 1) {
                throw new IllegalArgumentException("requests (" + requests + ") must be >= 1");
            }
            this.requests = requests;
            return this;
        }

        /** Ends the run after this measured time, like h2load -D. Positive; millisecond precision. */
        public Builder duration(Duration duration) {
            this.duration = positive("duration", duration);
            return this;
        }

        /**
         * Sends requests for this long before measuring, like h2load --warm-up-time; nothing sent in
         * it is counted. Default zero; only with {@link #duration(Duration)}.
         */
        public Builder warmUp(Duration warmUp) {
            Objects.requireNonNull(warmUp, "warmUp must not be null");
            if (warmUp.isNegative()) {
                throw new IllegalArgumentException("warmUp (" + warmUp + ") must be >= 0");
            }
            if (warmUp.compareTo(Duration.ofDays(365)) > 0) {
                throw new IllegalArgumentException("warmUp (" + warmUp + ") must be <= 365 days");
            }
            this.warmUp = warmUp;
            return this;
        }

        /**
         * Sends requests on a fixed schedule at this total rate, spread over the connections, whatever
         * the responses do: the open model of wrk2 -R and k6's constant-arrival-rate. Response times
         * then count from each request's due time (corrected for coordinated omission), service times
         * from its send; both are in the {@link Result}. With {@link #duration(Duration)} or
         * {@link #requests(long)}. Within (0, 10,000,000] requests per second.
         */
        public Builder rate(double requestsPerSecond) {
            Stage.checkRate("rate", requestsPerSecond);
            if (requestsPerSecond == 0) {
                throw new IllegalArgumentException("rate (0.0) must be > 0 requests per second");
            }
            this.rate = requestsPerSecond;
            return this;
        }

        /**
         * A rate ramped linearly from one value to another over a time, which is the run's duration:
         * zrk -R A:B. Shorthand for {@code stages(Stage.ramp(from, to, over))}.
         */
        public Builder rate(double fromRate, double toRate, Duration over) {
            return stages(Stage.ramp(fromRate, toRate, over));
        }

        /**
         * A sequence of stages (see {@link Stage}): rates held or ramped (open model), or concurrencies
         * held (closed model, at most {@code clients x streams}; in a {@link #scenario scenario} run, users in
         * flight, at most {@link #users(int) users}); together they set the run's duration,
         * so {@code duration} and {@code requests} are not set with them.
         */
        public Builder stages(Stage... stages) {
            Objects.requireNonNull(stages, "stages must not be null");
            if (stages.length == 0) {
                throw new IllegalArgumentException("stages must not be empty: give at least one Stage");
            }
            for (Stage stage : stages) {
                Objects.requireNonNull(stage, "stage must not be null");
            }
            this.stages = new ArrayList<>(Arrays.asList(stages));
            return this;
        }

        /**
         * In a rate-driven run, how many due requests may wait for a free stream or connection, over all
         * connections; beyond it, due requests are dropped and counted as such. In an open-model
         * {@link #scenario scenario} run, the sessions in flight (see {@link #arrivals}); with
         * {@link #connectionPerUser()} also the most connections the run holds at once, which its default threads and
         * a shard's part are taken from. Default 10,000; at least 1.
         */
        public Builder maxBacklog(int maxBacklog) {
            this.maxBacklog = atLeast("maxBacklog", maxBacklog, 1);
            return this;
        }

        /**
         * In a rate-driven run, how finely the schedule's send times are kept: the schedule groups the requests
         * falling due within one resolution at its end, where our scheduler wakes and sends them together, never one
         * before its own due time. Response time counts from when the schedule put the request, that end, so the
         * grouping is not in it, nor in the service time, lateness, drops or the scheduler lag, which shows only
         * genuine lateness (a wake-up late on a busy machine; a request that fell due meanwhile counts from its own
         * due time, so coordinated omission is still corrected). wrk2 (1 ms timers) counts from each request's
         * ungrouped time, so its response times include its own timer's lateness, up to about a millisecond, and
         * ours do not. Requests spaced at least this far apart (a rate up to {@code 1 / resolution}, e.g. 1,000
         * req/s at 1 ms) go out at their own due times. A wake-up sends at most as many requests as can start at once
         * without queueing behind one another ({@link #clients} x {@link #streams}; a scenario's arrivals on a
         * connection per session: {@link #maxBacklog}), so with few streams at a high rate the scheduler wakes more
         * often than this rather than queue a request behind another on a connection.
         *
         * <pre>{@code
         * LoadTest.target(uri).clients(10).rate(10_000).duration(Duration.ofSeconds(30))
         *         .scheduleResolution(Duration.ZERO)   // each request at its due time, for a server answering in
         *         .run();                               // tens of microseconds; costs the generator more CPU
         * }</pre>
         *
         * <p>Each wake-up costs the generator a context switch and two system calls, about as much CPU as the
         * request's own send: at 10,000 req/s the default 1 ms took about 40 % less CPU a request than
         * {@link Duration#ZERO} (bench/README.md, "The scheduler's resolution"). The requests that fell due within
         * one resolution reach the server together, as wrk2's do. Default 1 ms; from 0 (every request at its own
         * time, at more CPU a request) to 5 ms (coarser groups would reach the server as bursts far from the
         * schedule's spacing).
         */
        public Builder scheduleResolution(Duration resolution) {
            Objects.requireNonNull(resolution, "scheduleResolution must not be null");
            if (resolution.isNegative()) {
                throw new IllegalArgumentException("scheduleResolution (" + resolution + ") must be >= 0");
            }
            if (resolution.compareTo(MAX_SCHEDULE_RESOLUTION) > 0) {
                throw new IllegalArgumentException("scheduleResolution (" + resolution + ") must be <= "
                        + MAX_SCHEDULE_RESOLUTION.toMillis() + " ms");
            }
            this.scheduleResolution = resolution;
            return this;
        }

        // ---- the connections

        /**
         * The protocol. Default: {@link Protocol#NEGOTIATE} for https (ALPN, h2 preferred),
         * {@link Protocol#HTTP_1_1} for http; {@link Protocol#HTTP_2} over http is h2c with prior knowledge.
         */
        public Builder protocol(Protocol protocol) {
            this.protocol = Objects.requireNonNull(protocol, "protocol must not be null");
            return this;
        }

        /** Time allowed to open a connection (TCP and TLS). Default 10 s; positive. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = positive("connectTimeout", connectTimeout);
            return this;
        }

        /**
         * Time allowed for one request, from being sent to its response's end. Default 30 s; positive.
         * A request over it is counted as timed out and its connection is closed and opened again. Overdue requests
         * are looked for every hundredth of this timeout (at least every 50 ms, at most every 250 ms; 20 µs a client
         * when that is longer, beyond 2,500 clients held, with {@link #connectionPerUser()} in the open model the
         * sessions in flight rather than their bound), so a request times out up to that much after it.
         */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = positive("requestTimeout", requestTimeout);
            return this;
        }

        /**
         * Whether connections are reused. Default true; false opens a new connection for every request,
         * like ab without -k (then {@code streams} must be 1).
         */
        public Builder keepAlive(boolean keepAlive) {
            this.keepAlive = keepAlive;
            return this;
        }

        /** The TLS context for https targets, e.g. one trusting a test certificate. */
        public Builder sslContext(SSLContext sslContext) {
            this.sslContext = Objects.requireNonNull(sslContext, "sslContext must not be null");
            return this;
        }

        /**
         * Trusts every certificate and host name. Insecure, for test servers with self-signed
         * certificates only; the report says it was used.
         */
        public Builder insecureTrustAll() {
            this.insecureTrustAll = true;
            return this;
        }

        // ---- observing the run

        /** The length of the timeline's intervals, like h2load --interval. Default 1 s; 10 ms to 1 hour. */
        public Builder interval(Duration interval) {
            Objects.requireNonNull(interval, "interval must not be null");
            if (interval.compareTo(Duration.ofMillis(10)) < 0 || interval.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("interval (" + interval + ") must be within [10 ms, 1 hour]");
            }
            this.interval = interval;
            return this;
        }

        /** Adds a listener for progress and the timeline; see {@link LoadTestListener} for its contract. */
        public Builder listener(LoadTestListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener must not be null"));
            return this;
        }

        // ---- one shard of a run over several processes

        /** At most this many shards: far beyond any cluster a run needs, and a likely typo. */
        public static final int MAX_SHARDS = 10_000;

        /**
         * Declares this run as shard {@code index} of {@code count} (0-based: {@code index} within
         * {@code [0, count)}, as Kubernetes' {@code JOB_COMPLETION_INDEX}), so that {@code count} processes,
         * each given the same settings and its own index, together do what one unsharded run would. The
         * settings given to this builder are the whole run's; each shard runs its part:
         * <ul>
         * <li>clients: client {@code i} of the whole run belongs to shard {@code i % count}, so a shard has
         *     {@code clients / count} clients, the first {@code clients % count} shards one more;</li>
         * <li>requests: split among the whole run's clients as h2load splits them (each
         *     {@code requests / clients}, the first {@code requests % clients} clients one more), and each
         *     shard does its clients' requests;</li>
         * <li>rate and the rates of rate stages: divided by {@code count}; concurrency stages: dealt out as
         *     clients are; the backlog limit: divided by {@code count}, rounded up;</li>
         * <li>threads: at most the shard's clients.</li>
         * </ul>
         * Each shard measures its own part; {@link Results#merge(Result...)} adds the parts up exactly. Give
         * the shards a common {@link #startAt(java.time.Instant) start time} so their timelines line up.
         * Default: shard 0 of 1 (not sharded). {@link #build()} requires {@code clients >= count} (with arrivals and
         * {@link #connectionPerUser()}, {@code maxBacklog >= count}), and each concurrency stage {@code >= count}.
         *
         * @throws IllegalArgumentException if {@code count} is not within [1, 10,000] or {@code index} not
         *     within [0, count)
         */
        public Builder shard(int index, int count) {
            if (count < 1 || count > MAX_SHARDS) {
                throw new IllegalArgumentException("shard count (" + count + ") must be within [1, " + MAX_SHARDS
                        + "]");
            }
            if (index < 0 || index >= count) {
                throw new IllegalArgumentException("shard index (" + index + ") must be within [0, " + count
                        + ") for " + count + " shards: indexes are 0-based");
            }
            this.shardIndex = index;
            this.shardCount = count;
            return this;
        }

        /**
         * A common wall-clock time to start at: {@link LoadTest#start()} returns at once, and the run
         * (connections included) begins at this instant, so shards on several machines line up (their clocks
         * should be synchronized, e.g. by NTP). A time already past starts at once. Not before 1970-01-01T00:00Z
         * (a negative count of epoch seconds is a mistake, not a time); at most 1 hour ahead, checked by
         * {@link #build()} and again when the test starts; {@code null} for none (the default).
         *
         * @throws IllegalArgumentException if the time is before 1970-01-01T00:00:00Z
         */
        public Builder startAt(java.time.Instant startAt) {
            if (startAt != null && startAt.isBefore(java.time.Instant.EPOCH)) {
                throw new IllegalArgumentException("startAt (" + startAt + ") must not be before "
                        + java.time.Instant.EPOCH + " (epoch seconds >= 0)");
            }
            this.startAt = startAt;
            return this;
        }

        // ---- building

        /**
         * Checks the rules that combine settings and returns the immutable test.
         *
         * @throws IllegalStateException naming the settings and the rule they break, e.g. a
         *     {@link #startAt(java.time.Instant) start time} more than {@link LoadTest#MAX_START_DELAY} ahead
         */
        public LoadTest build() {
            Settings settings = settings();
            SettingsRules.check(settings);
            ScenarioRules.check(settings, pathGiven);
            RequestRules.check(settings, pathGiven);
            return new LoadTest(settings);
        }

        /** The settings as given so far, unchecked. */
        Settings settings() {
            return new Settings(targets, method, headers, body, requestSource, feeder, seed, checks, maxCheckedBodyBytes,
                    scenario, users, iterations, connectionPerUser, clients, streams, threads, requests, duration, warmUp,
                    rate, stages == null ? List.of() : stages, maxBacklog, scheduleResolution, protocol, connectTimeout,
                    requestTimeout, keepAlive, sslContext, insecureTrustAll, interval, listeners, shardIndex, shardCount,
                    startAt);
        }

        /**
         * For {@link Capacity}: a copy of these settings as one constant-rate step, the plan given to this builder
         * (requests, duration, warm-up, rate, stages, start time) replaced. Goes through {@link Settings}, so a
         * setting added later is copied too.
         */
        Builder copyAsStep(double stepRate, Duration stepWarmUp, Duration stepDuration) {
            Builder step = new Builder(settings());
            step.requests = 0;
            step.stages = null;
            step.startAt = null;
            return step.rate(stepRate).duration(stepDuration).warmUp(stepWarmUp);
        }

        /** {@code build().run()}. */
        public Result run() {
            return build().run();
        }

        /** {@code build().start()}. */
        public LoadTestRun start() {
            return build().start();
        }

        private static int atLeast(String name, int value, int min) {
            if (value < min) {
                throw new IllegalArgumentException(name + " (" + value + ") must be >= " + min);
            }
            return value;
        }

        private static Duration positive(String name, Duration value) {
            Objects.requireNonNull(value, name + " must not be null");
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " (" + value + ") must be > 0");
            }
            if (value.compareTo(Duration.ofDays(365)) > 0) {
                throw new IllegalArgumentException(name + " (" + value + ") must be <= 365 days");
            }
            return value;
        }
    }
}
