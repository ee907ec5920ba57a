package dev.loadtest.junit.internal;

import dev.loadtest.junit.PerformanceBudget;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration parameters of the budgets, read and checked once per test.
 *
 * @param scale {@value PerformanceBudget#SCALE_PROPERTY_NAME}, finite and > 0
 * @param mode {@value PerformanceBudget#MODE_PROPERTY_NAME}
 * @param reportsDirectory {@value PerformanceBudget#REPORTS_DIRECTORY_PROPERTY_NAME}; empty for no files
 */
public record Settings(double scale, Mode mode, Optional<Path> reportsDirectory) {

    /** What a breached budget does. */
    public enum Mode {
        /** The test fails. */
        ENFORCE,
        /** The breach is reported; the test passes. */
        REPORT
    }

    /** The defaults: scale 1, enforce, {@value PerformanceBudget#DEFAULT_REPORTS_DIRECTORY}. */
    public static final Settings DEFAULTS = new Settings(1, Mode.ENFORCE,
            Optional.of(Paths.get(PerformanceBudget.DEFAULT_REPORTS_DIRECTORY)));

    /**
     * Reads the settings from configuration parameters.
     *
     * @param parameters a configuration parameter's value by name, as
     *     {@code ExtensionContext.getConfigurationParameter}
     * @throws IllegalArgumentException naming the parameter, its value and the rule
     */
    public static Settings from(Function<String, Optional<String>> parameters) {
        double scale = parameters.apply(PerformanceBudget.SCALE_PROPERTY_NAME).map(Settings::scale).orElse(1.0);
        Mode mode = parameters.apply(PerformanceBudget.MODE_PROPERTY_NAME).map(Settings::mode).orElse(Mode.ENFORCE);
        Optional<String> directory = parameters.apply(PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME);
        Optional<Path> reports = directory.isEmpty() ? DEFAULTS.reportsDirectory()
                : directory.get().isBlank() ? Optional.empty() : Optional.of(path(directory.get().strip()));
        return new Settings(scale, mode, reports);
    }

    private static Path path(String text) {
        try {
            return Paths.get(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException(PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME + " (" + text
                    + ") must be a directory path: " + e.getReason());
        }
    }

    private static double scale(String text) {
        double scale;
        try {
            scale = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            scale = Double.NaN;
        }
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException(PerformanceBudget.SCALE_PROPERTY_NAME + " (" + text
                    + ") must be a number > 0, e.g. 2 to allow twice the latency and half the throughput");
        }
        return scale;
    }

    private static Mode mode(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "enforce" -> Mode.ENFORCE;
            case "report" -> Mode.REPORT;
            default -> throw new IllegalArgumentException(PerformanceBudget.MODE_PROPERTY_NAME + " (" + text
                    + ") must be enforce or report");
        };
    }
}
