package dev.loadtest.junit.internal;

import java.util.Objects;

/**
 * One budget checked against one run.
 *
 * @param budget what was checked, e.g. {@code p99 response time}
 * @param required the requirement, e.g. {@code <= 25ms}
 * @param actual what the run did, e.g. {@code 31.42ms}
 * @param met whether the run met the budget
 */
public record Check(String budget, String required, String actual, boolean met) {

    public Check {
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(required, "required");
        Objects.requireNonNull(actual, "actual");
    }

    /** {@code p99 response time: required <= 25ms, actual 31.42ms}. */
    @Override
    public String toString() {
        return budget + ": required " + required + ", actual " + actual;
    }
}
