package dev.loadtest.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a failed check saw, to tell at a glance why it failed: the status and the start of the body of the
 * first failing response, and the reasons it failed, each distinct reason once.
 *
 * <pre>{@code
 * result.sample().ifPresent(s -> System.out.println(s));
 * // status 200: $.status was "error" | body: {"status":"error","message":"no such order"}
 * }</pre>
 *
 * @param status the status of the first failing response
 * @param body the start of its body (about 200 characters, on one line, credentials redacted as in headers);
 *        empty when no check of the run needed the body, so none was kept
 * @param reasons why responses failed ({@code status was 503}, {@code threw IllegalStateException: no id}): the
 *        first {@value #MAX_REASONS} distinct ones, in the order seen, never empty
 */
public record FailureSample(int status, String body, List<String> reasons) {

    /** The most distinct reasons kept: enough to see a pattern, bounded however many responses failed. */
    public static final int MAX_REASONS = 5;

    /**
     * Checks the fields and copies the reasons.
     *
     * @throws IllegalArgumentException if the status is not within [100, 599], or the reasons are empty or more
     *         than {@value #MAX_REASONS}
     */
    public FailureSample {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status (" + status + ") must be within [100, 599]");
        }
        Objects.requireNonNull(body, "body must not be null");
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty() || reasons.size() > MAX_REASONS) {
            throw new IllegalArgumentException("reasons (" + reasons.size() + ") must be within [1, " + MAX_REASONS
                    + "]");
        }
    }

    /** This sample, with the other's reasons this one lacks added, up to {@value #MAX_REASONS}. */
    public FailureSample merge(FailureSample other) {
        List<String> merged = new ArrayList<>(reasons);
        for (String reason : other.reasons) {
            if (merged.size() < MAX_REASONS && !merged.contains(reason)) {
                merged.add(reason);
            }
        }
        return merged.size() == reasons.size() ? this : new FailureSample(status, body, merged);
    }

    /** {@code status 503: status was 503 | body: ...}, the body part only when there is one. */
    @Override
    public String toString() {
        return "status " + status + ": " + String.join("; ", reasons) + (body.isEmpty() ? "" : " | body: " + body);
    }
}
