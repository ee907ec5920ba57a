package dev.loadtest.micrometer;

import dev.loadtest.ErrorCategory;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import dev.loadtest.Result;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Publishes a run's figures to a Micrometer {@link MeterRegistry} while it runs, so that Prometheus, OTLP,
 * InfluxDB, Datadog or any other registry gets them with no more code: a {@link LoadTestListener} to add to a
 * load test.
 *
 * <pre>{@code
 * MeterRegistry registry = new SimpleMeterRegistry();   // or Spring's, or a PrometheusMeterRegistry
 * Result r = LoadTest.target(URI.create("http://127.0.0.1:8080/hello"))
 *         .clients(10).duration(Duration.ofSeconds(30))
 *         .listener(LoadTestMetrics.of(registry, "hello"))
 *         .run();
 * double done = registry.get(LoadTestMetrics.REQUESTS_DONE).tag("test", "hello").counter().count();
 * }</pre>
 *
 * <h2>Meters</h2> Every meter is tagged {@value #TEST_TAG}{@code =<test name>} (plus the tags given to
 * {@link #of(MeterRegistry, String, Iterable)}); the figures keep the meanings of {@link dev.loadtest.Result},
 * counted over the measured phase (the warm-up is not counted). Prometheus names in brackets.
 * <ul>
 *   <li>Counters, which only grow, updated at each progress event (about every 100 ms):
 *     {@value #REQUESTS_STARTED} ({@code loadtest_requests_started_total}), {@value #REQUESTS_DONE},
 *     {@value #REQUESTS_SUCCEEDED} (status 200-399), {@value #REQUESTS_FAILED} (status &gt;= 400 and errors),
 *     {@value #REQUESTS_ERRORED} (stream or connection errors, timeouts, never issued);
 *     {@value #RESPONSES} by exact {@code status} tag ({@code loadtest_responses_total{status="404"}});
 *     {@value #ERRORS} by {@code category} tag, failed connection attempts included
 *     ({@code loadtest_errors_total{category="refused"}}, the category's name in lower case);
 *     {@value #CHECK_FAILURES} by {@code check} tag, the responses that failed each response check
 *     ({@code loadtest_check_failures_total{check="status 2xx"}});
 *     {@value #RECEIVED} and {@value #SENT} in bytes ({@code loadtest_received_bytes_total}).</li>
 *   <li>Gauges: {@value #RATE}, responses per second over the last interval of the timeline (h2load's req/s,
 *     {@code loadtest_requests_per_second}); {@value #PROGRESS}, from 0 to 1 ({@code loadtest_progress_ratio}).
 *     They keep their last value after the run.</li>
 *   <li>Timers: {@value #RESPONSE_TIME} (from the request's due time in a rate-driven run, corrected for
 *     coordinated omission; the service time in a closed-model run) and {@value #SERVICE_TIME} (from the
 *     send), each with a percentile histogram from 10 µs to 1 min
 *     ({@code loadtest_response_time_seconds_bucket{le=...}}, {@code _count}, {@code _sum}, {@code _max}).</li>
 * </ul>
 *
 * <h2>Steps and sessions of a scenario run</h2> The run's events carry the run's figures, not its steps', so a
 * scenario run's steps are published from its result, once it has ended, by {@link #publishSteps(Result)}:
 * <pre>{@code
 * LoadTestMetrics metrics = LoadTestMetrics.of(registry, "shop");
 * Result r = LoadTest.target(uri).scenario(shop).users(50).duration(Duration.ofMinutes(1)).listener(metrics).run();
 * metrics.publishSteps(r);
 * registry.get(LoadTestMetrics.STEP_REQUESTS_FAILED).tags("test", "shop", "step", "checkout").counter().count();
 * }</pre>
 * For each step, the run's counters and timers again under {@code loadtest.step.*} names, tagged
 * {@value #STEP_TAG}{@code =<step name>} ({@code loadtest_step_requests_done_total{step="checkout"}},
 * {@code loadtest_step_response_time_seconds_bucket{step="checkout",le=...}}; other names than the run's, as
 * Prometheus wants every meter of one name to carry the same tag keys); and the sessions' counters
 * {@value #SESSIONS_STARTED}, {@value #SESSIONS_COMPLETED}, {@value #SESSIONS_FAILED},
 * {@value #SESSIONS_UNFINISHED} and the timer {@value #SESSION_DURATION}. A run's steps add up to its own
 * figures ({@link dev.loadtest.StepResult}).
 *
 * <h2>Why timers fed with every value</h2> At the end of each interval (1 s by default, {@code
 * LoadTest.Builder.interval}), the run's exact latency histogram of that interval is replayed into the timers,
 * value by value: so each registry shows the distribution the way its users expect (Prometheus histogram
 * buckets that {@code histogram_quantile} reads and that add up across the shards of a scaled-out run, OTLP
 * histograms, Datadog distributions), and a {@link io.micrometer.core.instrument.config.MeterFilter} configures
 * them as any other timer (client-side percentiles, say, with
 * {@code DistributionStatisticConfig.builder().percentiles(0.5, 0.99)}). Percentiles of buckets are
 * approximations; the run's result and report keep the exact HdrHistogram figures. The replay costs about what
 * recording each request once more in a timer costs, and it runs on the run's listener thread, never on an I/O
 * thread.
 *
 * <h2>Threads and runs</h2> As every listener, it is called one event at a time on the run's listener thread.
 * An instance follows one run at a time and may follow several runs one after the other (its counters go on
 * growing, as counters do); concurrent runs get an instance each. Instances with the same registry and tags
 * share their meters: their counts add up, and the gauges show the latest run's figures.
 */
public final class LoadTestMetrics implements LoadTestListener {

    /** The tag naming the test on every meter. */
    public static final String TEST_TAG = "test";
    /** Counter: requests put on the wire. */
    public static final String REQUESTS_STARTED = "loadtest.requests.started";
    /** Counter: requests finished, successfully or not. */
    public static final String REQUESTS_DONE = "loadtest.requests.done";
    /** Counter: requests finished with a status from 200 to 399. */
    public static final String REQUESTS_SUCCEEDED = "loadtest.requests.succeeded";
    /** Counter: requests finished with a status of 400 or more, or ended by an error. */
    public static final String REQUESTS_FAILED = "loadtest.requests.failed";
    /** Counter: requests ended by a stream or connection error, a timeout, or never issued. */
    public static final String REQUESTS_ERRORED = "loadtest.requests.errored";
    /** Counter: responses, tagged {@code status} with the exact code. */
    public static final String RESPONSES = "loadtest.responses";
    /** Counter: errors, tagged {@code category} ({@link ErrorCategory}'s name in lower case). */
    public static final String ERRORS = "loadtest.errors";
    /**
     * Counter: responses that failed a response check, tagged {@code check} with the check's name
     * ({@code loadtest_check_failures_total{check="status 2xx"}}); registered for every check of a run once its first
     * response is checked, so a check that never fails shows 0.
     */
    public static final String CHECK_FAILURES = "loadtest.check.failures";
    /** Counter: bytes received (after TLS decryption, as h2load counts them). */
    public static final String RECEIVED = "loadtest.received";
    /** Counter: bytes sent. */
    public static final String SENT = "loadtest.sent";
    /** Gauge: responses per second over the last interval. */
    public static final String RATE = "loadtest.requests.per.second";
    /** Gauge: how far the run is, from 0 to 1. */
    public static final String PROGRESS = "loadtest.progress";
    /** Timer: response time (corrected for coordinated omission in a rate-driven run). */
    public static final String RESPONSE_TIME = "loadtest.response.time";
    /** Timer: service time, from the send to the response's end. */
    public static final String SERVICE_TIME = "loadtest.service.time";

    /** The tag naming a scenario's step on the {@code loadtest.step.*} meters. */
    public static final String STEP_TAG = "step";
    /** Counter: a step's requests put on the wire, tagged {@value #STEP_TAG}. */
    public static final String STEP_REQUESTS_STARTED = "loadtest.step.requests.started";
    /** Counter: a step's requests finished, successfully or not. */
    public static final String STEP_REQUESTS_DONE = "loadtest.step.requests.done";
    /** Counter: a step's requests finished with a status from 200 to 399. */
    public static final String STEP_REQUESTS_SUCCEEDED = "loadtest.step.requests.succeeded";
    /** Counter: a step's requests finished with a status of 400 or more, or ended by an error. */
    public static final String STEP_REQUESTS_FAILED = "loadtest.step.requests.failed";
    /** Counter: a step's requests ended by a stream or connection error, a timeout, or never issued. */
    public static final String STEP_REQUESTS_ERRORED = "loadtest.step.requests.errored";
    /** Counter: a step's responses, tagged {@code status} with the exact code. */
    public static final String STEP_RESPONSES = "loadtest.step.responses";
    /** Counter: a step's errors, tagged {@code category}. */
    public static final String STEP_ERRORS = "loadtest.step.errors";
    /** Counter: a step's responses that failed a response check, tagged {@code check}. */
    public static final String STEP_CHECK_FAILURES = "loadtest.step.check.failures";
    /** Counter: bytes a step's responses brought. */
    public static final String STEP_RECEIVED = "loadtest.step.received";
    /** Counter: bytes a step's requests sent. */
    public static final String STEP_SENT = "loadtest.step.sent";
    /** Timer: a step's response time (from when it was due, in an open-model run). */
    public static final String STEP_RESPONSE_TIME = "loadtest.step.response.time";
    /** Timer: a step's service time, from the send to the response's end. */
    public static final String STEP_SERVICE_TIME = "loadtest.step.service.time";
    /** Counter: sessions started. */
    public static final String SESSIONS_STARTED = "loadtest.sessions.started";
    /** Counter: sessions that ran every step. */
    public static final String SESSIONS_COMPLETED = "loadtest.sessions.completed";
    /** Counter: sessions ended by a failed step. */
    public static final String SESSIONS_FAILED = "loadtest.sessions.failed";
    /** Counter: sessions still running when the run ended. */
    public static final String SESSIONS_UNFINISHED = "loadtest.sessions.unfinished";
    /** Timer: completed sessions' durations, from the first send to the last step's end, pauses included. */
    public static final String SESSION_DURATION = "loadtest.session.duration";

    /** The timers' histogram range: loopback latencies are tens of µs, the default request timeout 30 s. */
    static final Duration MIN_EXPECTED = Duration.ofNanos(10_000);
    static final Duration MAX_EXPECTED = Duration.ofMinutes(1);

    /** The tags this listener sets itself. */
    private static final Set<String> TAKEN_TAGS = Set.of(TEST_TAG, "status", "category", "check", STEP_TAG);
    private static final Progress NOTHING = new Progress(0, Duration.ZERO, 0, 0, 0);

    private final MeterRegistry registry;
    private final Tags tags;
    private final Counter started;
    private final Counter done;
    private final Counter succeeded;
    private final Counter failed;
    private final Counter errored;
    private final Counter received;
    private final Counter sent;
    private final Map<Integer, Counter> responses = new HashMap<>();
    private final Map<ErrorCategory, Counter> errors = new EnumMap<>(ErrorCategory.class);
    private final Map<String, Counter> checkFailures = new HashMap<>();
    private final Timer responseTime;
    private final Timer serviceTime;
    private final LiveGauges gauges;
    private Progress previous = NOTHING;
    private Thread runThread;

    private LoadTestMetrics(MeterRegistry registry, Tags tags) {
        this.registry = registry;
        this.tags = tags;
        this.started = counter(REQUESTS_STARTED, "requests put on the wire", null);
        this.done = counter(REQUESTS_DONE, "requests finished, successfully or not", null);
        this.succeeded = counter(REQUESTS_SUCCEEDED, "requests finished with a status from 200 to 399", null);
        this.failed = counter(REQUESTS_FAILED, "requests finished with a status >= 400 or ended by an error", null);
        this.errored = counter(REQUESTS_ERRORED, "requests ended by a stream or connection error, a timeout, "
                + "or never issued", null);
        this.received = counter(RECEIVED, "bytes received", BaseUnits.BYTES);
        this.sent = counter(SENT, "bytes sent", BaseUnits.BYTES);
        this.responseTime = timer(RESPONSE_TIME, "from the request's due time (rate-driven, corrected for "
                + "coordinated omission) or its send (closed model) to the response's end");
        this.serviceTime = timer(SERVICE_TIME, "from the request's send to the response's end");
        this.gauges = LiveGauges.of(registry, tags);
    }

    /**
     * A listener that publishes to {@code registry}, its meters tagged {@value #TEST_TAG}{@code =testName}.
     *
     * @param testName names the test in the tag; not blank
     * @throws IllegalArgumentException if {@code testName} is blank
     */
    public static LoadTestMetrics of(MeterRegistry registry, String testName) {
        return of(registry, testName, Tags.empty());
    }

    /**
     * A listener that publishes to {@code registry}, its meters tagged {@value #TEST_TAG}{@code =testName} and
     * with {@code extraTags} (a shard's index, a region...).
     *
     * @param testName names the test in the tag; not blank
     * @param extraTags more tags for every meter; none named {@value #TEST_TAG}, {@code status}, {@code category},
     *     {@code check} or {@value #STEP_TAG}, which this listener sets
     * @throws IllegalArgumentException if {@code testName} is blank or a tag's name is taken
     */
    public static LoadTestMetrics of(MeterRegistry registry, String testName, Iterable<Tag> extraTags) {
        Objects.requireNonNull(registry, "registry must not be null");
        Objects.requireNonNull(testName, "testName must not be null");
        Objects.requireNonNull(extraTags, "extraTags must not be null");
        if (testName.isBlank()) {
            throw new IllegalArgumentException("testName ('" + testName + "') must not be blank");
        }
        for (Tag tag : extraTags) {
            if (TAKEN_TAGS.contains(tag.getKey())) {
                throw new IllegalArgumentException("extraTags (" + tag.getKey() + "=" + tag.getValue()
                        + ") must not be named test, status, category, check or step: this listener sets those");
            }
        }
        return new LoadTestMetrics(registry, Tags.of(extraTags).and(TEST_TAG, testName));
    }

    /** The counters grow by what the run did since its previous progress event. */
    @Override
    public void onProgress(Progress p) {
        if (Thread.currentThread() != runThread) {
            // another run (each run calls its listeners on a thread of its own): its counts start from zero
            runThread = Thread.currentThread();
            previous = NOTHING;
        }
        grow(started, p.started(), previous.started());
        grow(done, p.done(), previous.done());
        grow(succeeded, p.succeeded(), previous.succeeded());
        grow(failed, p.failed(), previous.failed());
        grow(errored, p.errors(), previous.errors());
        grow(received, p.bytesReceived(), previous.bytesReceived());
        grow(sent, p.bytesSent(), previous.bytesSent());
        Progress before = previous;
        p.statusCodes().counts().forEach((code, n) -> grow(responses.computeIfAbsent(code, c -> counter(RESPONSES,
                "responses by status code", null, Tag.of("status", Integer.toString(c)))), n,
                before.statusCodes().count(code)));
        p.errorsByCategory().forEach((category, n) -> grow(errors.computeIfAbsent(category, c -> counter(ERRORS,
                "errors by category, failed connection attempts included", null,
                Tag.of("category", c.name().toLowerCase(Locale.ROOT)))), n,
                before.errorsByCategory().getOrDefault(category, 0L)));
        p.checkFailures().forEach((check, n) -> grow(checkFailures.computeIfAbsent(check, c -> counter(CHECK_FAILURES,
                "responses that failed a response check, by check", null, Tag.of("check", c))), n,
                before.checkFailures().getOrDefault(check, 0L)));
        gauges.update(p.currentRate(), p.fractionDone());
        previous = p;
    }

    /** The timers get the interval's latencies. */
    @Override
    public void onIntervalHistograms(Interval interval, LatencyHistogram response, LatencyHistogram service) {
        Replay.into(responseTime, response);
        Replay.into(serviceTime, service);
    }

    /**
     * Publishes a finished scenario run's steps and sessions (see "Steps and sessions" above); nothing for a run of
     * single requests. Call it once per run, with the result of the run this listener followed: the counters grow
     * by the result's counts, as the run's counters grew during it.
     *
     * @param result the run's result
     */
    public void publishSteps(Result result) {
        Objects.requireNonNull(result, "result must not be null");
        new StepMeters(registry, tags).publish(result);
    }

    private static void grow(Counter counter, long now, long before) {
        if (now > before) {
            counter.increment(now - before);
        }
    }

    private Counter counter(String name, String description, String baseUnit, Tag... more) {
        return counter(registry, tags.and(more), name, description, baseUnit);
    }

    private Timer timer(String name, String description) {
        return timer(registry, tags, name, description);
    }

    /** A counter as every counter of this module is registered, run and step alike. */
    static Counter counter(MeterRegistry registry, Tags meterTags, String name, String description, String baseUnit) {
        return Counter.builder(name).description(description).baseUnit(baseUnit).tags(meterTags).register(registry);
    }

    /** A timer as every timer of this module is registered (histogram and its range), run and step alike. */
    static Timer timer(MeterRegistry registry, Tags meterTags, String name, String description) {
        return Timer.builder(name).description(description).tags(meterTags).publishPercentileHistogram()
                .minimumExpectedValue(MIN_EXPECTED).maximumExpectedValue(MAX_EXPECTED).register(registry);
    }

    @Override
    public String toString() {
        return "LoadTestMetrics" + tags;
    }
}
