package dev.loadtest;

import dev.loadtest.spi.SessionsBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the sessions of a scenario run did: how many started, completed and failed, at which step they failed
 * and why, and how long they took. A session fails at its first failed step (a transport error, a status of 400
 * or more, a failed check or a required extraction that found nothing); that ends it, and it is counted once, at
 * that step. Sessions still running when the run ended are neither completed nor failed: {@link #unfinished()}.
 *
 * <pre>{@code
 * Sessions s = result.sessions().orElseThrow();
 * long ok = s.completed();
 * long atCheckout = s.failedAt().getOrDefault("checkout", 0L);
 * Duration p95 = s.duration().percentile(95);
 * }</pre>
 *
 * <p>Built by engines and readers with {@link SessionsBuilder}; merged across shards by sums and histogram merge.
 */
public final class Sessions {

    /**
     * How many distinct failure reasons are kept per step in {@link #failureReasons()}: the first ones seen, enough to
     * tell the kinds apart. Each engine thread keeps at most this many, and shards' results merge up to it.
     */
    public static final int MAX_REASONS_PER_STEP = 5;

    static {
        SessionsBuilder.useConstructor(Sessions::new);
    }

    private final long started;
    private final long completed;
    private final long failed;
    private final Map<String, Long> failedAt;
    private final Map<String, List<String>> failureReasons;
    private final LatencyHistogram duration;

    private Sessions(SessionsBuilder.Figures f) {
        this.started = f.started();
        this.completed = f.completed();
        this.failed = f.failed();
        if (started < 0 || completed < 0 || failed < 0 || completed + failed > started) {
            throw new IllegalArgumentException("sessions must count 0 <= completed + failed <= started, not started "
                    + started + ", completed " + completed + ", failed " + failed);
        }
        this.failedAt = Collections.unmodifiableMap(new LinkedHashMap<>(required(f.failedAt(), "failedAt")));
        Map<String, List<String>> reasons = new LinkedHashMap<>();
        required(f.failureReasons(), "failureReasons").forEach((step, r) -> reasons.put(step, List.copyOf(r)));
        this.failureReasons = Collections.unmodifiableMap(reasons);
        this.duration = required(f.duration(), "duration");
    }

    /** Sessions begun during the measured phase. */
    public long started() {
        return started;
    }

    /** Sessions that ran every step (those a condition skipped aside) without a failure. */
    public long completed() {
        return completed;
    }

    /** Sessions ended by a failed step. */
    public long failed() {
        return failed;
    }

    /** Sessions still running when the run ended: {@code started - completed - failed}. */
    public long unfinished() {
        return started - completed - failed;
    }

    /** Failed sessions by the step they failed at, in the scenario's step order. Unmodifiable. */
    public Map<String, Long> failedAt() {
        return failedAt;
    }

    /**
     * The first distinct reasons sessions failed for, by step (at most {@value #MAX_REASONS_PER_STEP} per step, not
     * every one). Unmodifiable.
     */
    public Map<String, List<String>> failureReasons() {
        return failureReasons;
    }

    /** From each completed session's first send to its last step's end, pauses included. */
    public LatencyHistogram duration() {
        return duration;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Sessions s && started == s.started && completed == s.completed
                && failed == s.failed && failedAt.equals(s.failedAt) && failureReasons.equals(s.failureReasons)
                && duration.equals(s.duration);
    }

    @Override
    public int hashCode() {
        return Objects.hash(started, completed, failed, failedAt, failureReasons, duration);
    }

    @Override
    public String toString() {
        return "sessions: " + started + " started, " + completed + " completed, " + failed + " failed, "
                + unfinished() + " unfinished";
    }

    private static <T> T required(T figure, String name) {
        return Objects.requireNonNull(figure, () -> "sessions' " + name + " must be set");
    }
}
