package dev.loadtest;

/**
 * What a {@link Comparison} concludes about a figure, from where the confidence interval of its change lies
 * against the tolerance (worse meaning slower, fewer req/s or more errors).
 *
 * <pre>{@code
 * if (Results.compare(baseline, candidate).verdict() == ChangeVerdict.REGRESSED) { ... }
 * }</pre>
 */
public enum ChangeVerdict {

    /** The whole interval is better than the baseline by more than the tolerance. */
    IMPROVED,
    /** The whole interval is within the tolerance on the worse side: no regression beyond the tolerance. */
    UNCHANGED,
    /** The whole interval lies beyond the tolerance on the worse side. */
    REGRESSED,
    /**
     * The interval reaches across the tolerance, or the data cannot give one (too few intervals or
     * responses): {@link FigureChange#decidedBy()} says what would decide it.
     */
    INCONCLUSIVE;

    /** Whether this verdict keeps a gate: improved or unchanged. */
    public boolean isKept() {
        return this == IMPROVED || this == UNCHANGED;
    }
}
