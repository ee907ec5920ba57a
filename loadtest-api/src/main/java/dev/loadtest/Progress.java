package dev.loadtest;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where a run is, for a progress bar, a GUI or live metrics. The counts are those of the measured phase
 * so far (zero during the warm-up) and only grow during a run; the last event of a run carries the
 * result's totals.
 *
 * <pre>{@code
 * public void onProgress(Progress p) {
 *     System.out.printf("%3.0f%% %d done, %d failed, %d refused%n", p.fractionDone() * 100, p.done(),
 *             p.failed(), p.errorsByCategory().getOrDefault(ErrorCategory.REFUSED, 0L));
 * }
 * }</pre>
 *
 * @param fractionDone from 0 to 1: requests done of those planned, or time elapsed of the duration
 * @param elapsed time since the run started (warm-up included)
 * @param done requests finished in the measured phase (responses of any status, and errors)
 * @param errors requests errored in the measured phase (as {@link Requests#errored()})
 * @param currentRate responses per second over the last interval
 * @param started requests put on the wire in the measured phase
 * @param succeeded requests finished with a status from 200 to 399
 * @param failed requests finished with a status of 400 or more, plus {@code errors}
 * @param bytesReceived all bytes received, as {@link Traffic#totalBytes()}
 * @param bytesSent all bytes sent, as {@link Traffic#sentBytes()}
 * @param statusCodes responses by exact status code (codes 0 to 599: a code beyond is in the result only)
 * @param errorsByCategory errors by category, failed connection attempts included as in
 *     {@link Result#errors()}; only categories that occurred; unmodifiable
 * @param checkFailures responses that failed each response check, by the check's name, in the run's order of
 *     checks (as {@link dev.loadtest.check.CheckResult#failed()}, responses of any status); empty without checks
 *     and until the first response is checked; unmodifiable
 */
public record Progress(double fractionDone, Duration elapsed, long done, long errors, double currentRate,
                       long started, long succeeded, long failed, long bytesReceived, long bytesSent,
                       StatusCodes statusCodes, Map<ErrorCategory, Long> errorsByCategory,
                       Map<String, Long> checkFailures) {

    public Progress {
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(statusCodes, "statusCodes");
        Objects.requireNonNull(errorsByCategory, "errorsByCategory");
        Objects.requireNonNull(checkFailures, "checkFailures");
        errorsByCategory = errorsByCategory.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new EnumMap<>(errorsByCategory));
        checkFailures = checkFailures.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(checkFailures));
    }

    /** Without check failures: the shape of this record before it had them. */
    public Progress(double fractionDone, Duration elapsed, long done, long errors, double currentRate, long started,
                    long succeeded, long failed, long bytesReceived, long bytesSent, StatusCodes statusCodes,
                    Map<ErrorCategory, Long> errorsByCategory) {
        this(fractionDone, elapsed, done, errors, currentRate, started, succeeded, failed, bytesReceived, bytesSent,
                statusCodes, errorsByCategory, Map.of());
    }

    /** The first five figures only, the others zero or empty: the shape of this record before it grew. */
    public Progress(double fractionDone, Duration elapsed, long done, long errors, double currentRate) {
        this(fractionDone, elapsed, done, errors, currentRate, 0, 0, 0, 0, 0, new StatusCodes(Map.of()), Map.of(),
                Map.of());
    }

    /** The figures with the elapsed time as people write it: {@code Progress[fractionDone=0.5, elapsed=1.5s, ...]}. */
    @Override
    public String toString() {
        return "Progress[fractionDone=" + fractionDone + ", elapsed=" + DurationFormat.format(elapsed) + ", done="
                + done + ", errors=" + errors + ", currentRate=" + currentRate + ", started=" + started
                + ", succeeded=" + succeeded + ", failed=" + failed + ", bytesReceived=" + bytesReceived
                + ", bytesSent=" + bytesSent + ", statusCodes=" + statusCodes + ", errorsByCategory=" + errorsByCategory
                + (checkFailures.isEmpty() ? "" : ", checkFailures=" + checkFailures) + "]";
    }
}
