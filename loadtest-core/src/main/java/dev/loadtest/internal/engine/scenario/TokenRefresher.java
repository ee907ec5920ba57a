package dev.loadtest.internal.engine.scenario;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Redaction;
import dev.loadtest.Requests;
import dev.loadtest.StepResult;
import dev.loadtest.internal.engine.connection.Failures;
import dev.loadtest.scenario.TokenProvider;
import dev.loadtest.spi.StepResultBuilder;
import java.net.ConnectException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Keeps a scenario's token fresh for a run: fetches it from the {@link TokenProvider} before the run starts, then
 * again on a background thread of its own at 80 % of each token's lifetime, and gives the current
 * {@code Authorization} value to every request ({@link #authorization()}, a volatile read). Every fetch is timed
 * and failures are counted with their first message; {@link #report()} gives them as the run's
 * {@link dev.loadtest.Result#tokenRequests() token requests}, a step result named {@value #NAME} that no step's
 * figures include.
 *
 * <pre>{@code
 * try (TokenRefresher tokens = TokenRefresher.start(scenario.tokenProvider().orElseThrow())) {
 *     ... each request: request.header("Authorization", tokens.authorization()) ...
 *     result.tokenRequests(Optional.of(tokens.report()));
 * }
 * }</pre>
 *
 * <p>A failed refresh keeps the last token (the server judges whether it still holds) and is tried again after
 * {@link #RETRY} or a tenth of the token's lifetime, whichever is shorter; no fetch follows another sooner than
 * {@link #MIN_DELAY}, whatever lifetime a provider gives, so a provider cannot turn the refresher into a load of
 * its own. The provider is called from one thread at a time: the caller of {@link #start} first, then the
 * refresher's thread.
 */
public final class TokenRefresher implements AutoCloseable {

    /** The name of the token requests' step result. */
    public static final String NAME = "token";
    /** When a token is refreshed, as a fraction of its lifetime. */
    static final double REFRESH_AT = 0.8;
    /** The longest wait before a failed fetch is tried again. */
    static final Duration RETRY = Duration.ofSeconds(1);
    /** The shortest wait between two fetches. */
    static final Duration MIN_DELAY = Duration.ofMillis(100);

    private final TokenProvider provider;
    private final ScheduledExecutorService scheduler;
    private volatile String authorization;
    private volatile boolean closed;

    /* the figures, written by whichever thread fetches and read by report(): fetches are rare, a lock is cheap */
    private final Histogram fetchTimes = LatencyHistogram.newHistogram();
    private final Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
    private long fetches;
    private long failures;

    private TokenRefresher(TokenProvider provider) {
        this.provider = provider;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "loadtest-token-refresher");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Fetches the first token, on the calling thread, and schedules its refresh.
     *
     * @throws IllegalStateException with the provider's message if the first fetch fails: a run whose requests
     *     would all go without their token does not start
     */
    public static TokenRefresher start(TokenProvider provider) {
        TokenRefresher refresher = new TokenRefresher(Objects.requireNonNull(provider, "token provider must not be null"));
        Fetch first = refresher.fetch();
        if (first.token == null) {
            refresher.close();
            throw new IllegalStateException("the token provider failed before the run started, so no request was "
                    + "sent: " + first.failure, first.cause);
        }
        refresher.schedule(first.token.lifetime());
        return refresher;
    }

    /** The current token's {@code Authorization} header value. */
    public String authorization() {
        return authorization;
    }

    /** Every fetch so far as a step result named {@value #NAME}: requests, failures by category, fetch times. */
    public synchronized StepResult report() {
        long succeeded = fetches - failures;
        LatencyHistogram times = LatencyHistogram.of(fetchTimes);
        return new StepResultBuilder(NAME)
                .requests(new Requests(fetches, fetches, fetches, succeeded, failures, failures, 0, 0))
                .errors(Map.copyOf(errors)).responseTime(times).serviceTime(times).build();
    }

    /** Stops refreshing; a fetch under way is interrupted. */
    @Override
    public void close() {
        closed = true;
        scheduler.shutdownNow();
    }

    /** The next fetch after a token of this lifetime: at {@link #REFRESH_AT} of it, at least {@link #MIN_DELAY}. */
    static Duration refreshDelay(Duration lifetime) {
        return atLeastMin(Duration.ofNanos((long) (saturatedNanos(lifetime) * REFRESH_AT)));
    }

    /** The retry after a failed fetch while a token of this lifetime is held. */
    static Duration retryDelay(Duration lifetime) {
        Duration tenth = Duration.ofNanos(saturatedNanos(lifetime) / 10);
        return atLeastMin(tenth.compareTo(RETRY) < 0 ? tenth : RETRY);
    }

    private void schedule(Duration lifetime) {
        scheduleIn(refreshDelay(lifetime), lifetime);
    }

    private void scheduleIn(Duration delay, Duration lifetime) {
        if (closed) {
            return;
        }
        try {
            scheduler.schedule(() -> refresh(lifetime), delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // closed meanwhile: nothing more to refresh
        }
    }

    private void refresh(Duration heldLifetime) {
        Fetch fetch = fetch();
        if (fetch.token != null) {
            schedule(fetch.token.lifetime());
        } else {
            scheduleIn(retryDelay(heldLifetime), heldLifetime);
        }
    }

    private Fetch fetch() {
        long start = System.nanoTime();
        TokenProvider.Token token = null;
        Throwable cause = null;
        try {
            token = provider.fetch();
        } catch (Exception e) {
            cause = e;
        }
        long nanos = System.nanoTime() - start;
        if (closed) {
            return new Fetch(null, "closed", null);    // close() may have interrupted it: not the provider's failure
        }
        String failure = cause != null ? describe(cause)
                : token == null ? "the token provider returned null instead of a token" : null;
        synchronized (this) {
            fetches++;
            if (failure == null) {
                fetchTimes.recordValue(nanos);
            } else {
                failures++;
                ErrorCategory category = category(cause);
                ErrorCount before = errors.getOrDefault(category, ErrorCount.NONE);
                errors.put(category, new ErrorCount(before.count() + 1,
                        before.count() == 0 ? failure : before.sampleMessage()));
            }
        }
        if (failure == null) {
            authorization = token.authorization();
            return new Fetch(token, null, null);
        }
        return new Fetch(null, failure, cause);
    }

    /** A provider's connection refused is the same failure as a run's; the rest as an exchange's, else other. */
    private static ErrorCategory category(Throwable cause) {
        if (cause == null) {
            return ErrorCategory.OTHER;
        }
        return cause instanceof ConnectException ? ErrorCategory.REFUSED : Failures.ofExchange(cause);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return Redaction.display(message);
    }

    private static long saturatedNanos(Duration d) {
        return d.compareTo(Duration.ofDays(365)) > 0 ? Duration.ofDays(365).toNanos() : d.toNanos();
    }

    private static Duration atLeastMin(Duration d) {
        return d.compareTo(MIN_DELAY) < 0 ? MIN_DELAY : d;
    }

    /** One fetch's outcome: a token, or why there is none. */
    private record Fetch(TokenProvider.Token token, String failure, Throwable cause) {
    }
}
