package dev.loadtest.internal.capacity;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers as capacity answers print them: short and exact where the user wrote them, two decimals at most
 * where measured, the wording of the budgets' "required X, actual Y". Durations: {@link dev.loadtest.DurationFormat}.
 */
public final class Texts {

    private Texts() {
    }

    /** A fraction as a percentage with up to four decimals: 0.001 is {@code 0.1%}. */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return Double.toString(fraction);
        }
        return new BigDecimal(fraction * 100).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString() + "%";
    }

    /** {@code p99}, {@code p99.9}. */
    public static String percentileName(double percentile) {
        return "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    }

    /** {@code 400 req/s}, {@code 387.5 req/s}. */
    public static String rate(double perSecond) {
        return number(perSecond) + " req/s";
    }

    /** A number with up to two decimals and no exponent: {@code 400}, {@code 387.5}. */
    public static String number(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return decimal(new BigDecimal(value));
    }

    private static String decimal(BigDecimal value) {
        BigDecimal rounded = value.setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.scale() < 0 ? rounded.setScale(0, RoundingMode.UNNECESSARY).toPlainString()
                : rounded.toPlainString();
    }
}
