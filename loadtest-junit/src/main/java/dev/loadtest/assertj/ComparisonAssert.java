package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldKeepBaseline.shouldBeDecidedUnchanged;
import static dev.loadtest.assertj.error.ShouldKeepBaseline.shouldNotHaveRegressed;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.Result;
import java.util.List;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a result compared with its baseline, reached by
 * {@code assertThat(result).comparedTo(baseline)}. The comparison ({@link Comparison}) is made by the
 * assertion that needs it, with the tolerances it is given.
 *
 * <pre>{@code
 * Result baseline = ResultJson.read(Path.of("perf/checkout.json"));
 * assertThat(result).comparedTo(baseline).hasNotRegressed("p99=10%", "rps=5%");   // passes, or fails with:
 * // Expecting the result not to have regressed from its baseline but it did:
 * //   p99 response time: required a change of at most +10 % (regressed when the whole 97.5 % interval lies
 * //   beyond), actual +30.0 % [+26.5 %, +33.7 %]: REGRESSED
 * }</pre>
 */
public class ComparisonAssert extends AbstractAssert<ComparisonAssert, Result> {

    private final List<Result> baselines;
    private Comparison.Options options = Comparison.Options.DEFAULTS;

    public ComparisonAssert(Result actual, List<Result> baselines) {
        super(actual, ComparisonAssert.class);
        this.baselines = List.copyOf(baselines);
    }

    /** Compares with these options (confidence, seed...); tolerances given to an assertion are added. */
    public ComparisonAssert usingOptions(Comparison.Options options) {
        this.options = Objects.requireNonNull(options, "options must not be null");
        return myself;
    }

    /** Compares results of different tests on purpose ({@link Comparison.Options#allowDifferent()}). */
    public ComparisonAssert allowingDifferentTests() {
        options = options.withAllowDifferent(true);
        return myself;
    }

    /**
     * Verifies that no gated figure regressed: its whole confidence interval beyond its tolerance. An
     * inconclusive figure passes (see {@link #isUnchangedOrImproved(String...)} to fail it too).
     *
     * @param tolerances {@code "p99=10%"}, {@code "rps=5%"}, {@code "errorRate=0.1pp"}; none: the defaults, every
     *     figure but p99.9 gated
     * @throws IllegalArgumentException if a tolerance is malformed or the results are of different tests
     */
    public ComparisonAssert hasNotRegressed(String... tolerances) {
        Comparison c = compare(tolerances);
        if (c.verdict() == ChangeVerdict.REGRESSED) {
            throwAssertionError(shouldNotHaveRegressed(c));
        }
        return myself;
    }

    /** Verifies that every gated figure is shown unchanged or improved: neither regressed nor inconclusive. */
    public ComparisonAssert isUnchangedOrImproved(String... tolerances) {
        Comparison c = compare(tolerances);
        if (!c.verdict().isKept()) {
            throwAssertionError(shouldBeDecidedUnchanged(c));
        }
        return myself;
    }

    private Comparison compare(String... tolerances) {
        isNotNull();
        Comparison.Options o = options.withTolerances(tolerances);
        return Comparison.of(baselines, List.of(actual), o);
    }
}
