package dev.loadtest.internal.capacity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * Numbers as capacity answers print them: short and exact where the user wrote them ({@code 50ms}, not
 * {@code 50.00ms}), two decimals at most where measured ({@code 212.41ms}), the wording of the budgets'
 * "required X, actual Y".
 */
public final class Texts {

    private Texts() {
    }

    /** {@code 1ns}, {@code 412.5us}, {@code 25ms}, {@code 1.5s}: the largest unit in which the value is >= 1. */
    public static String duration(Duration d) {
        if (d.compareTo(Duration.ofSeconds(1)) >= 0) {
            return decimal(new BigDecimal(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9))) + "s";
        }
        long nanos = d.toNanos();
        if (nanos >= 1_000_000) {
            return decimal(BigDecimal.valueOf(nanos, 6)) + "ms";
        }
        if (nanos >= 1_000) {
            return decimal(BigDecimal.valueOf(nanos, 3)) + "us";
        }
        return nanos + "ns";
    }

    /**
     * {@link #duration(Duration)}, unless that reads the same as {@code limit} while the values differ: then
     * with every digit, so a breach never reads "required <= 10ms, actual 10ms".
     */
    public static String durationBeside(Duration d, Duration limit) {
        String text = duration(d);
        if (d.equals(limit) || !text.equals(duration(limit)) || d.compareTo(Duration.ofSeconds(1)) >= 0) {
            return text;
        }
        long nanos = d.toNanos();
        int scale = nanos >= 1_000_000 ? 6 : nanos >= 1_000 ? 3 : 0;
        String unit = scale == 6 ? "ms" : scale == 3 ? "us" : "ns";
        return BigDecimal.valueOf(nanos, scale).stripTrailingZeros().toPlainString() + unit;
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
