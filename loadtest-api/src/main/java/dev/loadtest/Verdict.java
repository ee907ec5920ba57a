package dev.loadtest;

/**
 * What a run's figures say at a glance, from the practice of benchmark suites. When several apply,
 * the first in this order wins: numbers about the generator tell nothing about the server, a server
 * that never answered twice has no throughput to speak of, and failed requests matter more than slowness.
 *
 * <pre>{@code
 * if (result.verdict() != Verdict.OK) {
 *     System.err.println("run " + result.verdict().label());
 * }
 * }</pre>
 */
public enum Verdict {
    /** Our own scheduler fell behind (lag p99 over 10 ms): the figures may be about us, not the server. */
    GENERATOR_SATURATED("generator-saturated"),
    /** No connection completed a second request although the run asked for more. */
    STALLED("stalled"),
    /** Requests failed: non-2xx/3xx statuses, resets, timeouts, or never issued. */
    ERRORS("errors"),
    /** A rate-driven run achieved less than 98 % of the rate it offered. */
    OVERLOADED("overloaded"),
    /** None of the above. */
    OK("ok");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** The status as reports and JSON name it: {@code ok}, {@code errors}, {@code generator-saturated} ... */
    public String label() {
        return label;
    }

    /** The verdict named by {@link #label()}. */
    public static Verdict ofLabel(String label) {
        for (Verdict v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("verdict (" + label + ") must be one of ok, errors, stalled, "
                + "overloaded, generator-saturated");
    }
}
