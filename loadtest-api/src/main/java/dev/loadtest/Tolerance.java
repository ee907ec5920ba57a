package dev.loadtest;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much worse than the baseline a figure may get before a {@link Comparison} calls it regressed: a
 * relative change for latencies and throughput ({@code p99 +10 %}: the p99 may grow by 10 %; {@code rps
 * -5 %}: req/s may drop by 5 %), a difference in percentage points for the error rate ({@code errorRate
 * +0.1 pp}). A figure regresses only when the whole confidence interval of its change lies beyond it.
 *
 * <pre>{@code
 * Tolerance p99 = Tolerance.parse("p99=10%");           // also "p99:10%", "p99 +10 %"
 * Tolerance rps = Tolerance.parse("rps=5%");            // also "rps -5%"
 * Tolerance errors = Tolerance.parse("errorRate=0.1pp");
 * Tolerance same = Tolerance.of(Figure.P99, 0.10);
 * }</pre>
 *
 * @param figure the figure
 * @param amount how much worse it may get, as a fraction ({@code 0.10} for 10 %, or for the error rate
 *     {@code 0.001} for 0.1 percentage points); finite, >= 0, and below 1 for throughput and the error rate
 */
public record Tolerance(Figure figure, double amount) {

    /** The tolerance for latencies, relative: 10 %. */
    public static final double DEFAULT_LATENCY = 0.10;
    /** The tolerance for throughput, relative: 10 %. */
    public static final double DEFAULT_THROUGHPUT = 0.10;
    /** The tolerance for the error rate: 0.1 percentage points. */
    public static final double DEFAULT_ERROR_RATE = 0.001;

    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*([A-Za-z][A-Za-z0-9./-]*)\\s*(?:[=:]\\s*|\\s+|(?=[+-]))([+-])?\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(%|pp)\\s*");

    public Tolerance {
        Objects.requireNonNull(figure, "figure");
        if (!(amount >= 0) || Double.isInfinite(amount)) {
            throw new IllegalArgumentException("tolerance of " + figure.label() + " (" + amount
                    + ") must be a finite number >= 0");
        }
        if (!figure.higherIsWorse() && amount >= 1) {
            throw new IllegalArgumentException("tolerance of " + figure.label() + " (" + percent(amount)
                    + ") must be below 100 %: throughput cannot drop by more");
        }
        if (figure.isAbsolute() && amount >= 1) {
            throw new IllegalArgumentException("tolerance of " + figure.label() + " (" + amount * 100
                    + " pp) must be below 100 pp");
        }
    }

    /** A tolerance; see the record's parameters. */
    public static Tolerance of(Figure figure, double amount) {
        return new Tolerance(figure, amount);
    }

    /** The default tolerance of a figure: 10 % for latencies and throughput, 0.1 pp for the error rate. */
    public static Tolerance defaultFor(Figure figure) {
        return switch (figure) {
            case THROUGHPUT -> new Tolerance(figure, DEFAULT_THROUGHPUT);
            case ERROR_RATE -> new Tolerance(figure, DEFAULT_ERROR_RATE);
            default -> new Tolerance(figure, DEFAULT_LATENCY);
        };
    }

    /**
     * Parses {@code FIGURE=AMOUNT}: {@code p99=10%}, {@code p99:10%}, {@code p99 +10 %}, {@code rps=5%},
     * {@code rps -5%}, {@code errorRate=0.1pp}. Figures: {@code p50 p90 p99 p99.9 mean rps errorRate}. A sign,
     * if given, must be the figure's worse direction ({@code +} for latencies and errors, {@code -} for rps).
     *
     * @throws IllegalArgumentException naming the text and the rule
     */
    public static Tolerance parse(String text) {
        Objects.requireNonNull(text, "tolerance must not be null");
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("tolerance (" + text + ") must be FIGURE=AMOUNT, e.g. p99=10%, "
                    + "rps=5% or errorRate=0.1pp");
        }
        Figure figure;
        try {
            figure = Figure.ofLabel(m.group(1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tolerance (" + text + "): " + e.getMessage());
        }
        String sign = m.group(2);
        String unit = m.group(4).toLowerCase(Locale.ROOT);
        if (sign != null && sign.equals("-") == figure.higherIsWorse()) {
            throw new IllegalArgumentException("tolerance (" + text + "): " + figure.label() + " gets worse "
                    + (figure.higherIsWorse() ? "upwards: write " + figure.label() + "=" + m.group(3) + unit
                    + " or " + figure.label() + " +" + m.group(3) + unit
                    : "downwards: write rps=" + m.group(3) + unit + " or rps -" + m.group(3) + unit));
        }
        if (figure.isAbsolute() != unit.equals("pp")) {
            throw new IllegalArgumentException("tolerance (" + text + "): " + (figure.isAbsolute()
                    ? "the error rate's tolerance is in percentage points, e.g. errorRate=0.1pp"
                    : figure.label() + "'s tolerance is relative, in %, e.g. " + figure.label() + "=10%"));
        }
        double amount = new BigDecimal(m.group(3)).movePointLeft(2).doubleValue();
        try {
            return new Tolerance(figure, amount);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tolerance (" + text + "): " + e.getMessage());
        }
    }

    /** {@code p99 +10 %}, {@code rps -5 %}, {@code errorRate +0.1 pp}. */
    @Override
    public String toString() {
        return figure.label() + " " + text();
    }

    /** The amount with its direction and unit: {@code +10 %}, {@code -5 %}, {@code +0.1 pp}. */
    public String text() {
        String number = BigDecimal.valueOf(amount).movePointRight(2).stripTrailingZeros().toPlainString();
        return (figure.higherIsWorse() ? "+" : "-") + number + (figure.isAbsolute() ? " pp" : " %");
    }

    private static String percent(double fraction) {
        return BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros().toPlainString() + " %";
    }
}
