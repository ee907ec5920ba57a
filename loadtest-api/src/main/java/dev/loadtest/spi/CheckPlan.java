package dev.loadtest.spi;

import dev.loadtest.internal.check.SampleText;
import dev.loadtest.check.Check;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A run's checks as the engine uses them: whether to keep bodies and how much of each, and the one call that
 * judges a received response, counts it per check and says whether the request failed.
 *
 * <pre>{@code
 * CheckPlan plan = new CheckPlan(settings.checks(), settings.maxCheckedBodyBytes());   // once per run
 * CheckTally tally = plan.newTally();                                                   // once per I/O thread
 * // per response, when it is complete:
 * CheckPlan.Failed failed = plan.evaluate(view, tally);
 * if (failed != null) recorder.failed(ErrorCategory..., failed.message());   // a failed request, recorded once
 * }</pre>
 *
 * <p>Immutable and thread-safe; each thread counts into its own {@link CheckTally}.
 */
public final class CheckPlan {

    /** No checks: the engine keeps no body and calls nothing. */
    public static final CheckPlan NONE = new CheckPlan(List.of(), Check.DEFAULT_MAX_BODY_BYTES);

    /** The largest bound a run may set: the body of every response in flight may be held at once. */
    public static final int MAX_BODY_BYTES_LIMIT = 1 << 30;

    private final List<Check> checks;
    private final Check[] array;
    private final int maxBodyBytes;
    private final boolean needsBody;
    private final String tooLarge;

    /**
     * @param checks the run's checks, in the order they are reported; distinct names
     * @param maxBodyBytes the most of a body kept for the checks that need it, within [1, 1 GiB]
     * @throws IllegalArgumentException if two checks share a name or the bound is out of range
     */
    public CheckPlan(List<Check> checks, int maxBodyBytes) {
        this.checks = List.copyOf(checks);
        this.array = this.checks.toArray(Check[]::new);
        Set<String> names = new HashSet<>();
        for (Check check : this.checks) {
            if (!names.add(check.name())) {
                throw new IllegalArgumentException("check name (" + check.name() + ") is given twice: each check of "
                        + "a run needs its own name (rename one with Check.named)");
            }
        }
        if (maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_BYTES_LIMIT) {
            throw new IllegalArgumentException("maxCheckedBodyBytes (" + maxBodyBytes + ") must be within [1, "
                    + MAX_BODY_BYTES_LIMIT + "]");
        }
        this.maxBodyBytes = maxBodyBytes;
        this.needsBody = this.checks.stream().anyMatch(Check::needsBody);
        this.tooLarge = "body larger than the checks' bound of " + maxBodyBytes + " bytes";
    }

    /** The checks, in order. */
    public List<Check> checks() {
        return checks;
    }

    /** Whether the run has no checks: the engine then builds no view at all. */
    public boolean isEmpty() {
        return array.length == 0;
    }

    /** Whether a check reads the body: the engine then keeps each body, up to {@link #maxBodyBytes()}. */
    public boolean needsBody() {
        return needsBody;
    }

    /** The most of a body kept; past it the checks that need the body fail, saying it was too large. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** A tally for one thread, every count at zero. */
    public CheckTally newTally() {
        return new CheckTally(checks.stream().map(Check::name).toList());
    }

    /**
     * Runs every check on the response and counts each pass and failure in the tally, so that each check's
     * counts cover every checked response; a check that throws fails, its exception's class and message the
     * reason. A check that needs the body fails without running when the body was over the bound.
     *
     * @return null when the response passed every check, else the first check it failed: the request is failed
     */
    public Failed evaluate(CapturedResponse response, CheckTally tally) {
        Failed first = null;
        boolean bodyTooLarge = response.bodyTooLarge();
        for (int i = 0; i < array.length; i++) {
            Check check = array[i];
            String reason;
            if (check.needsBody() && bodyTooLarge) {
                reason = tooLarge;
            } else {
                try {
                    reason = check.failure(response).orElse(null);
                } catch (Exception e) {   // a custom check's bug, or an exception thrown sneakily
                    reason = thrown(e);
                }
            }
            if (reason == null) {
                tally.passed(i);
            } else {
                tally.failed(i, reason, response);
                if (first == null) {
                    first = new Failed(check.name(), reason);
                }
            }
        }
        return first;
    }

    /**
     * The first check a response failed, and why.
     *
     * @param check the check's name
     * @param reason why it failed, credentials redacted
     */
    public record Failed(String check, String reason) {
        public Failed {
            Objects.requireNonNull(check, "check must not be null");
            Objects.requireNonNull(reason, "reason must not be null");
        }

        /** The request's error message: {@code check 'status 200' failed: status was 503}. */
        public String message() {
            return "check '" + check + "' failed: " + reason;
        }
    }

    /** {@code threw IllegalStateException: no id}, the message redacted: a check's exception may quote the body. */
    private static String thrown(Exception e) {
        String message = e.getMessage();
        return "threw " + e.getClass().getSimpleName()
                + (message == null || message.isBlank() ? "" : ": " + SampleText.of(message));
    }
}
