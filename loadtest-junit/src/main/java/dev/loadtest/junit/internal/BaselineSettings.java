package dev.loadtest.junit.internal;

import dev.loadtest.junit.PerformanceBudget;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration parameters of baseline budgets, read and checked once per test.
 *
 * @param update {@value PerformanceBudget#BASELINE_UPDATE_PROPERTY_NAME}: record each run as the new baseline
 *     instead of comparing with it
 * @param failInconclusive {@value PerformanceBudget#BASELINE_INCONCLUSIVE_PROPERTY_NAME} is {@code fail}: an
 *     inconclusive comparison fails the test; otherwise ({@code warn}, the default) it passes with a warning
 */
public record BaselineSettings(boolean update, boolean failInconclusive) {

    /** Compare; an inconclusive comparison passes with a warning. */
    public static final BaselineSettings DEFAULTS = new BaselineSettings(false, false);

    /**
     * Reads the settings from configuration parameters.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the rule
     */
    public static BaselineSettings from(Function<String, Optional<String>> parameters) {
        boolean update = parameters.apply(PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME)
                .map(BaselineSettings::bool).orElse(false);
        boolean fail = parameters.apply(PerformanceBudget.BASELINE_INCONCLUSIVE_PROPERTY_NAME)
                .map(BaselineSettings::inconclusive).orElse(false);
        return new BaselineSettings(update, fail);
    }

    private static boolean bool(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true", "" -> true;   // -Dloadtest.baseline.update alone means true
            case "false" -> false;
            default -> throw new IllegalArgumentException(PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME + " (" + text
                    + ") must be true or false");
        };
    }

    private static boolean inconclusive(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "fail" -> true;
            case "warn" -> false;
            default -> throw new IllegalArgumentException(PerformanceBudget.BASELINE_INCONCLUSIVE_PROPERTY_NAME + " ("
                    + text + ") must be fail or warn");
        };
    }
}
