package dev.loadtest;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers as budgets, assertions and capacity answers print them: short, exact where the user wrote them, two
 * decimals at most where measured, no exponent. Durations have their own: {@link DurationFormat}; the h2load-style
 * report's units: {@link TextReport}.
 *
 * <pre>{@code
 * FigureFormat.rate(1733.921)        // "1733.92 req/s"
 * FigureFormat.percent(0.001)        // "0.1%"
 * FigureFormat.percentileName(99.9)  // "p99.9"
 * }</pre>
 */
public final class FigureFormat {

    private FigureFormat() {
    }

    /** A request rate: {@code 2000 req/s}, {@code 1733.92 req/s}. */
    public static String rate(double perSecond) {
        return number(perSecond) + " req/s";
    }

    /** A fraction as a percentage with up to four decimals: 0.001 is {@code 0.1%}, 1 is {@code 100%}. */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return Double.toString(fraction);
        }
        return new BigDecimal(fraction * 100).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString() + "%";
    }

    /** A number with up to two decimals and no exponent: {@code 2000}, {@code 0.5}, {@code 1000000000}. */
    public static String number(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        BigDecimal rounded = new BigDecimal(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.scale() < 0 ? rounded.setScale(0, RoundingMode.UNNECESSARY).toPlainString()
                : rounded.toPlainString();
    }

    /** A factor as given, without a needless {@code .0}: {@code 2}, {@code 1.5}, {@code 0.000001}. */
    public static String factor(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** A percentile's name: {@code p99}, {@code p99.9}, {@code p50}. */
    public static String percentileName(double percentile) {
        return "p" + factor(percentile);
    }
}
