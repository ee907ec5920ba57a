package dev.loadtest.check;

import java.util.Objects;
import java.util.Optional;

/**
 * The count of one check over a run: responses that passed it, responses that failed it, and a sample of what
 * failed. Immutable; results of the same check from the threads or shards of one run {@linkplain #merge merge}
 * exactly.
 *
 * <pre>{@code
 * CheckResult body = new CheckResult("body contains \"ok\"", 990, 10,
 *         Optional.of(new FailureSample(200, "{\"status\":\"error\"}", List.of("body does not contain \"ok\""))));
 * body.failureRate();   // 0.01
 * }</pre>
 *
 * @param name the check's name ({@link Check#name()})
 * @param passed responses that passed the check
 * @param failed responses that failed it, a thrown exception included
 * @param sample what the first failure saw; empty when none failed
 */
public record CheckResult(String name, long passed, long failed, Optional<FailureSample> sample) {

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException if the name is blank, a count is negative, or there is a sample of no failure
     */
    public CheckResult {
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(sample, "sample must not be null: Optional.empty() when none failed");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name ('" + name + "') must not be blank");
        }
        if (passed < 0 || failed < 0) {
            throw new IllegalArgumentException("passed (" + passed + ") and failed (" + failed + ") of check " + name
                    + " must be >= 0");
        }
        if (failed == 0 && sample.isPresent()) {
            throw new IllegalArgumentException("check " + name + " has a failure sample but failed 0 times");
        }
    }

    /** Responses the check judged: {@code passed + failed}. */
    public long checked() {
        return passed + failed;
    }

    /** {@code failed / checked}, 0 when nothing was checked. */
    public double failureRate() {
        long checked = checked();
        return checked == 0 ? 0 : (double) failed / checked;
    }

    /**
     * The counts of this check over both parts of a run (two threads, two shards): passes and failures added,
     * this result's sample kept (the other's when this has none) with the other's distinct reasons added.
     *
     * @throws IllegalArgumentException if the other result is of another check
     */
    public CheckResult merge(CheckResult other) {
        if (!other.name.equals(name)) {
            throw new IllegalArgumentException("cannot merge the results of two checks: " + name + " and "
                    + other.name);
        }
        Optional<FailureSample> merged = sample.isEmpty() ? other.sample
                : other.sample.map(theirs -> sample.get().merge(theirs)).or(() -> sample);
        return new CheckResult(name, Math.addExact(passed, other.passed), Math.addExact(failed, other.failed), merged);
    }

    /** {@code status 200: 990 passed, 10 failed (status 503: status was 503)}. */
    @Override
    public String toString() {
        return name + ": " + passed + " passed, " + failed + " failed" + sample.map(s -> " (" + s + ")").orElse("");
    }
}
