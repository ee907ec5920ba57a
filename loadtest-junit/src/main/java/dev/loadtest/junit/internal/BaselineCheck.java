package dev.loadtest.junit.internal;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.ComparisonText;
import dev.loadtest.FigureChange;
import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import dev.loadtest.Tolerance;
import dev.loadtest.json.ResultJson;
import dev.loadtest.junit.PerformanceBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A run checked against a baseline file: compared ({@link Comparison}), or, with
 * {@value PerformanceBudget#BASELINE_UPDATE_PROPERTY_NAME}, recorded as the new baseline.
 */
final class BaselineCheck {

    private static final System.Logger LOG = System.getLogger(BaselineCheck.class.getName());

    private BaselineCheck() {
    }

    static LimitCheck check(Budget.Baseline budget, Result run) {
        Path file = Path.of(budget.file());
        String required = "not regressed from " + budget.file() + (budget.tolerances().isEmpty()
                ? " (default tolerances)" : " (" + budget.tolerances().stream().map(Tolerance::toString)
                .collect(Collectors.joining(", ")) + ")");
        if (budget.settings().update()) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                ResultJson.write(run, file);
                return new LimitCheck(budget.name(), required, "recorded as the new baseline ("
                        + PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME + " is true)", true);
            } catch (IOException | RuntimeException e) {
                return new LimitCheck(budget.name(), required, "cannot record the baseline to " + file.toAbsolutePath()
                        + ": " + e.getMessage(), false);
            }
        }
        Result baseline;
        try {
            baseline = ResultJson.read(file);
        } catch (NoSuchFileException e) {
            return new LimitCheck(budget.name(), required, "no baseline at " + file.toAbsolutePath() + ": record it with -D"
                    + PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME + "=true and commit it", false);
        } catch (IOException | RuntimeException e) {
            return new LimitCheck(budget.name(), required, "cannot read the baseline " + file.toAbsolutePath() + ": "
                    + e.getMessage(), false);
        }
        Comparison c;
        try {
            c = Comparison.of(List.of(baseline), List.of(run),
                    new Comparison.Options(budget.tolerances(), 0.95, 2_000, 1, false));
        } catch (IllegalArgumentException e) {
            return new LimitCheck(budget.name(), required, e.getMessage() + " (record a new baseline with -D"
                    + PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME + "=true)", false);
        }
        ChangeVerdict v = c.verdict();
        String details = c.figures().stream().filter(f -> f.gated() && !f.verdict().isKept())
                .map(f -> ComparisonText.breach(f, c.figureConfidence())).collect(Collectors.joining("; "));
        String summary = c.figures().stream().filter(FigureChange::gated)
                .map(f -> f.figure().label() + " " + ComparisonText.change(f.figure(), f.change()))
                .collect(Collectors.joining(", "));
        return switch (v) {
            case REGRESSED -> new LimitCheck(budget.name(), required, "REGRESSED: " + details, false);
            case INCONCLUSIVE -> {
                boolean fail = budget.settings().failInconclusive();
                String actual = "INCONCLUSIVE" + (fail ? "" : " (passed with a warning: "
                        + PerformanceBudget.BASELINE_INCONCLUSIVE_PROPERTY_NAME + " is warn)") + ": " + details;
                if (!fail) {
                    LOG.log(System.Logger.Level.WARNING, () -> "comparison with " + budget.file() + " inconclusive: "
                            + details);
                }
                yield new LimitCheck(budget.name(), required, actual, !fail);
            }
            default -> new LimitCheck(budget.name(), required, v + " (" + summary + ")", true);
        };
    }
}
