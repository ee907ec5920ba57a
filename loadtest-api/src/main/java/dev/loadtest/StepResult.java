package dev.loadtest;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.StepResultBuilder;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one step of a scenario measured, with the figures a whole run has: requests, status codes, errors by
 * category, checks, bytes, and latency histograms of response and service time. Every request a scenario sends
 * belongs to one step, so a run's figures are the sum of its steps'. A repeated step is one step: its passes add
 * up here.
 *
 * <pre>{@code
 * Result r = LoadTest.target(uri).scenario(shop).users(50).duration(ofSeconds(30)).run();
 * StepResult checkout = r.step("checkout").orElseThrow();
 * Duration p99 = checkout.responseTime().percentile(99);
 * long failed = checkout.requests().failed();
 * }</pre>
 *
 * <p>Step results come from a run, a file or a merge of shards (steps merge by name); they are not built by hand
 * (engines and readers use {@link StepResultBuilder}). Two are equal when every figure is equal.
 */
public final class StepResult {

    static {
        StepResultBuilder.useConstructor(StepResult::new);
    }

    private final String name;
    private final Requests requests;
    private final StatusCodes statusCodes;
    private final Map<ErrorCategory, ErrorCount> errors;
    private final List<CheckResult> checks;
    private final Traffic traffic;
    private final LatencyHistogram responseTime;
    private final LatencyHistogram serviceTime;

    private StepResult(StepResultBuilder.Figures f) {
        this.name = required(f.name(), "name");
        this.requests = required(f.requests(), "requests");
        this.statusCodes = required(f.statusCodes(), "statusCodes");
        Map<ErrorCategory, ErrorCount> e = required(f.errors(), "errors");
        this.errors = e.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(e));
        this.checks = List.copyOf(required(f.checks(), "checks"));
        this.traffic = required(f.traffic(), "traffic");
        this.responseTime = required(f.responseTime(), "responseTime");
        this.serviceTime = required(f.serviceTime(), "serviceTime");
    }

    /** The step's name, unique in its scenario. */
    public String name() {
        return name;
    }

    /** The step's requests, counted as a run's are ({@link Result#requests()}). */
    public Requests requests() {
        return requests;
    }

    /** The step's responses by status code. */
    public StatusCodes statusCodes() {
        return statusCodes;
    }

    /** The step's errors by category, each with a sample message. Unmodifiable; empty when none. */
    public Map<ErrorCategory, ErrorCount> errors() {
        return errors;
    }

    /** The step's checks (the run's checks, then the step's own), in the order given. Unmodifiable. */
    public List<CheckResult> checks() {
        return checks;
    }

    /**
     * Bytes the step's requests sent and its responses received, counted where and when the run's {@link
     * Result#traffic()} is, so that the run's traffic is the sum of its steps':
     * <ul>
     *   <li>HTTP/1.1: every field is the sum of the steps' (a step's {@code totalBytes} and {@code sentBytes} are its
     *   responses and requests whole: status lines, fields, bodies, chunk framing);</li>
     *   <li>HTTP/2: a stream's frames, both ways, while its request lasts, are its step's (HEADERS, DATA);
     *   {@code headerBytes}, {@code decodedHeaderBytes} and {@code dataBytes} are the sum of the steps', while the run's
     *   {@code totalBytes} and {@code sentBytes} also hold the connection's own frames (stream 0: SETTINGS, PING,
     *   WINDOW_UPDATE, GOAWAY), which no step sent or asked for, and a stream's frames after its request ended (an
     *   RST_STREAM sent for a request that timed out);</li>
     *   <li>TLS: as the run's, bytes are counted after decryption (h2load's way); the records' and handshakes'
     *   overhead is counted neither for the run nor for a step.</li>
     * </ul>
     */
    public Traffic traffic() {
        return traffic;
    }

    /**
     * From when each of the step's requests was due to its response's end: in an open-model run, due at the
     * session's arrival (first step) or at the previous step's end plus its pause, so a stalled server shows here
     * (corrected for coordinated omission); in a closed-model run, equal to {@link #serviceTime()}.
     */
    public LatencyHistogram responseTime() {
        return responseTime;
    }

    /** From the send of each of the step's requests to its response's end: h2load's "time for request". */
    public LatencyHistogram serviceTime() {
        return serviceTime;
    }

    /** How often a category of error occurred in this step; zero if never. */
    public long errorCount(ErrorCategory category) {
        return errors.getOrDefault(category, ErrorCount.NONE).count();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof StepResult s && name.equals(s.name) && requests.equals(s.requests)
                && statusCodes.equals(s.statusCodes) && errors.equals(s.errors) && checks.equals(s.checks)
                && traffic.equals(s.traffic) && responseTime.equals(s.responseTime)
                && serviceTime.equals(s.serviceTime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, requests, statusCodes, errors, checks, traffic, responseTime, serviceTime);
    }

    @Override
    public String toString() {
        return "step " + name + ": " + requests;
    }

    private static <T> T required(T figure, String name) {
        return Objects.requireNonNull(figure, () -> "a step result's " + name + " must be set");
    }
}
