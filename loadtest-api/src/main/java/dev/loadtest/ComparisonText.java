package dev.loadtest;

import java.util.List;
import java.util.Locale;

/**
 * A comparison as text: what was compared and how, a table of figures, the verdict ({@link Comparison#toString()}),
 * and the pieces of it a report or a test failure of your own shows, worded and rounded the same way.
 *
 * <pre>{@code
 * Comparison c = Results.compare(baseline, candidate);
 * FigureChange p99 = c.figure(Figure.P99);
 * ComparisonText.value(p99.figure(), p99.candidate()); // "1.21ms"
 * ComparisonText.change(p99.figure(), p99.change());   // "+19.8 %"
 * ComparisonText.interval(p99);                        // "[+17.2 %, +22.5 %]"
 * for (FigureChange f : c.gatedWith(ChangeVerdict.REGRESSED)) {
 *     System.err.println(ComparisonText.breach(f, c.figureConfidence()));
 * }
 * }</pre>
 */
public final class ComparisonText {

    private ComparisonText() {
    }

    /**
     * The whole comparison: its method, a table of its figures, its verdict and what would decide the rest, then,
     * for scenario runs, a table of each step's changes.
     */
    public static String format(Comparison c) {
        StringBuilder out = new StringBuilder();
        out.append(method(c)).append('\n');
        out.append(String.format(Locale.ROOT, "%-10s %12s %12s %10s %24s %10s  %s%n", "figure", "baseline",
                "candidate", "change", percent(c.figureConfidence()) + " % interval", "tolerance",
                "verdict"));
        for (FigureChange f : c.figures()) {
            out.append(String.format(Locale.ROOT, "%-10s %12s %12s %10s %24s %10s  %s%n", f.figure().label(),
                    value(f.figure(), f.baseline()), value(f.figure(), f.candidate()), change(f.figure(), f.change()),
                    interval(f), f.tolerance().text(), f.verdict() + (f.gated() ? "" : " (not gated)")));
        }
        ChangeVerdict v = c.verdict();
        out.append("verdict: ").append(v);
        List<FigureChange> deciding = c.gatedWith(v);
        if (v != ChangeVerdict.UNCHANGED && !deciding.isEmpty()) {
            out.append(" (").append(String.join(", ", deciding.stream().map(f -> f.figure().label()).toList()))
                    .append(')');
        }
        out.append('\n');
        for (FigureChange f : c.figures()) {
            if (f.verdict() == ChangeVerdict.INCONCLUSIVE) {
                out.append("  ").append(f.figure().label()).append(" inconclusive, to decide it: ")
                        .append(f.decidedBy()).append('\n');
            }
        }
        steps(out, c);
        return out.toString();
    }

    /**
     * The steps' table, for scenario runs: a row per step with each figure's change, {@code *} beside one worse
     * than its tolerance; a step one side did not run says which side ran it.
     */
    private static void steps(StringBuilder out, Comparison c) {
        if (c.steps().isEmpty()) {
            return;
        }
        int width = "step".length();
        for (StepComparison s : c.steps()) {
            width = Math.max(width, Math.min(ScenarioText.NAME_WIDTH_MAX, s.name().length()));
        }
        out.append("steps: changes of point values (no interval, not in the verdict; * worse than the tolerance)")
                .append('\n');
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s", "step"));
        for (Figure f : Figure.values()) {
            head.append(String.format(Locale.ROOT, " %10s", f.label() + " "));   // over the numbers, not the marks
        }
        out.append(head.toString().stripTrailing()).append('\n');
        for (StepComparison s : c.steps()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s",
                    ScenarioText.shortened(s.name())));
            if (!s.inBoth()) {
                row.append(' ').append(s.inBaseline() ? "in the baseline only" : "in the candidate only");
            } else {
                for (StepComparison.Change f : s.figures()) {
                    row.append(String.format(Locale.ROOT, " %10s", change(f.figure(), f.change())
                            + (f.isWorseThan(c.options().toleranceOf(f.figure())) ? "*" : " ")));
                }
            }
            out.append(row.toString().stripTrailing()).append('\n');
        }
    }

    /**
     * A gated figure that did not keep its tolerance, in the "required X, actual Y" style of budgets:
     * {@code p99 response time: required a change of at most +10 % (the whole 95 % interval beyond it
     * regresses), actual +30.0 % [+26.5 %, +33.7 %]: REGRESSED}.
     */
    public static String breach(FigureChange f, double confidence) {
        String required = f.figure().higherIsWorse() ? "at most " : "no less than ";
        return name(f.figure()) + ": required a change of " + required + f.tolerance().text() + " (regressed when "
                + "the whole " + percent(confidence) + " % interval lies beyond), actual "
                + change(f.figure(), f.change()) + " " + interval(f) + ": " + f.verdict()
                + (f.decidedBy().isEmpty() ? "" : "; to decide it: " + f.decidedBy());
    }

    /** {@code p99 response time}, {@code throughput}, {@code error rate}. */
    public static String name(Figure f) {
        return switch (f) {
            case THROUGHPUT -> "throughput";
            case ERROR_RATE -> "error rate";
            case MEAN -> "mean response time";
            default -> f.label() + " response time";
        };
    }

    /** The first line: runs, mode, method. */
    public static String method(Comparison c) {
        return String.format(Locale.ROOT, "comparison of %d baseline run%s and %d candidate run%s%s: %s, "
                        + "circular block bootstrap over the runs' intervals (blocks of up to %d, %d resamples, seed %d); "
                        + "%s %% overall, %s %% per gated figure",
                c.baselines().size(), c.baselines().size() == 1 ? "" : "s", c.candidates().size(),
                c.candidates().size() == 1 ? "" : "s", c.isPaired() ? " in interleaved pairs" : "",
                "response time", c.blockLength(), c.options().resamples(), c.options().seed(),
                percent(c.options().confidence()), percent(c.figureConfidence()));
    }

    /** A confidence level as a percentage, without needless decimals: {@code 95}, {@code 99.17}. */
    static String percent(double level) {
        return java.math.BigDecimal.valueOf(level * 100).setScale(2, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
    }

    /** A figure's value in its unit: {@code 1.21ms}, {@code 8123.45 req/s}, {@code 0.10%}. */
    public static String value(Figure f, double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return switch (f) {
            case THROUGHPUT -> String.format(Locale.ROOT, "%.2f", v);
            case ERROR_RATE -> TextReport.percent(v);
            default -> DurationFormat.fixedNanos(v);
        };
    }

    /** A change: {@code +19.8 %} or {@code +0.05 pp}. */
    public static String change(Figure f, double change) {
        if (Double.isNaN(change)) {
            return "n/a";
        }
        return f.isAbsolute() ? String.format(Locale.ROOT, "%+.2f pp", change * 100)
                : String.format(Locale.ROOT, "%+.1f %%", change * 100);
    }

    /** The interval: {@code [+17.2 %, +22.5 %]}, or {@code none}. */
    public static String interval(FigureChange f) {
        if (!f.hasInterval()) {
            return "none";
        }
        return "[" + change(f.figure(), f.low()) + ", " + change(f.figure(), f.high()) + "]";
    }
}
