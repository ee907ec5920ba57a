package dev.loadtest.samples.cli;

import dev.loadtest.Stage;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The command's value syntax, as h2load, wrk and zrk write it, with one message per kind of mistake:
 * <ul>
 *   <li>durations: {@code 10s}, {@code 500ms}, {@code 1m}, {@code 1h}, {@code 250us}, {@code 1.5s}; a plain
 *       number is seconds (h2load's -D)</li>
 *   <li>counts: {@code 1000}, {@code 10k}, {@code 1.5M}, {@code 1G} (wrk's SI suffixes, powers of 1000)</li>
 *   <li>rates: a count per second, fractions allowed ({@code 0.5}, {@code 2.5k}), or a ramp {@code FROM:TO}</li>
 *   <li>stages: {@code RATE/DURATION} or {@code FROM:TO/DURATION} ({@code 1000/10s}, {@code 0:2k/30s});
 *       concurrency stages {@code N/DURATION} ({@code 50/10s})</li>
 *   <li>latency limits: {@code p99=25ms}, {@code p99.9=40ms}, {@code 50=5ms}, {@code max=1s}</li>
 *   <li>fractions: {@code 0.01} or {@code 1%}</li>
 *   <li>sizes in bytes: {@code 65536}, {@code 64k}, {@code 1m}, {@code 1.5MiB}, {@code 1g} (powers of 1024, as
 *       nginx's and curl's sizes; {@code b}, {@code kb}, {@code KiB} and the like accepted)</li>
 * </ul>
 */
final class Syntax {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)?");
    private static final Pattern COUNT = Pattern.compile("(\\d+(?:\\.\\d+)?)([kKmMgG])?");
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(?:([kKmMgG])(?:i?[bB])?|[bB])?");
    private static final String DURATION_HINT = "use e.g. 10s, 500ms, 1m, 1h, or a number of seconds";

    private Syntax() {
    }

    /** A duration >= 0 in h2load's syntax. */
    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: " + DURATION_HINT);
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        BigDecimal nanos = amount.multiply(BigDecimal.valueOf(switch (unit) {
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        }));
        if (nanos.compareTo(BigDecimal.valueOf(Duration.ofDays(365).toNanos())) > 0) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration: at most 365 days");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /** A count >= 0, with an optional SI suffix (k = 1000). */
    static long count(String text) {
        BigDecimal value = si(text, "a count");
        try {
            return value.stripTrailingZeros().longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number");
        }
    }

    /**
     * A size in bytes: a whole number, or a number with {@code k}, {@code m} or {@code g} (1024, 1024², 1024³; with
     * an optional {@code b} or {@code iB}) that comes to whole bytes.
     */
    static long size(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size: use e.g. 65536, 64k, 1m (k = 1024 bytes)");
        }
        BigDecimal bytes = new BigDecimal(m.group(1));
        if (m.group(2) != null) {
            bytes = bytes.multiply(BigDecimal.valueOf(switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 1L << 10;
                case "m" -> 1L << 20;
                default -> 1L << 30;
            }));
        }
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is too large a size");
        }
        try {
            return bytes.stripTrailingZeros().longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes");
        }
    }

    /** A rate in requests per second, fractions allowed, with an optional SI suffix. */
    static double rate(String text) {
        double rate = si(text, "a rate").doubleValue();
        if (rate > Stage.MAX_RATE) {
            throw new IllegalArgumentException("'" + text + "' is too high a rate: at most 10M requests per second");
        }
        return rate;
    }

    private static BigDecimal si(String text, String what) {
        Matcher m = COUNT.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not " + what + ": use e.g. 100, 2.5k, 1M");
        }
        BigDecimal value = new BigDecimal(m.group(1));
        if (m.group(2) != null) {
            value = value.movePointRight(switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 3;
                case "m" -> 6;
                default -> 9;
            });
        }
        return value;
    }

    /** {@code -R}: a constant rate, or a ramp {@code FROM:TO} over the run's duration. */
    record RateSpec(double from, double to) {
        boolean isRamp() {
            return from != to;
        }

        static RateSpec parse(String text) {
            String[] parts = text.split(":", -1);
            if (parts.length > 2) {
                throw new IllegalArgumentException("'" + text + "' is not a rate: use RATE or FROM:TO, e.g. 1000 or 100:1k");
            }
            double from = rate(parts[0]);
            double to = parts.length == 2 ? rate(parts[1]) : from;
            if (from == 0 && to == 0) {
                throw new IllegalArgumentException("'" + text + "' is a rate of 0: nothing would be sent");
            }
            return new RateSpec(from, to);
        }
    }

    /** {@code --stage}: {@code RATE/DURATION} held, or {@code FROM:TO/DURATION} ramped. */
    static Stage stage(String text) {
        int slash = text.lastIndexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a stage: use RATE/DURATION or FROM:TO/DURATION,"
                    + " e.g. 1000/10s or 0:2k/30s");
        }
        RateSpec rate = RateSpec.parse(text.substring(0, slash));
        Duration duration = duration(text.substring(slash + 1));
        if (duration.isZero()) {
            throw new IllegalArgumentException("'" + text + "' lasts 0s: a stage must last longer");
        }
        return new Stage(rate.from(), rate.to(), duration);
    }

    /** {@code --concurrency-stage}: {@code N/DURATION}, N requests in flight. */
    static Stage concurrencyStage(String text) {
        int slash = text.lastIndexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a concurrency stage: use N/DURATION, e.g. 50/10s");
        }
        long n = count(text.substring(0, slash));
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("'" + text + "': the requests in flight must be within [1, "
                    + Integer.MAX_VALUE + "]");
        }
        Duration duration = duration(text.substring(slash + 1));
        if (duration.isZero()) {
            throw new IllegalArgumentException("'" + text + "' lasts 0s: a stage must last longer");
        }
        return Stage.concurrency((int) n, duration);
    }

    /** {@code --max-latency}: a percentile and the most it may be. */
    record LatencyLimit(double percentile, Duration max) {
        static LatencyLimit parse(String text) {
            int eq = text.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + text + "' is not a latency limit: use PERCENTILE=DURATION,"
                        + " e.g. p99=25ms or p99.9=40ms");
            }
            String name = text.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            double percentile;
            if (name.equals("max")) {
                percentile = 100;
            } else {
                String digits = name.startsWith("p") ? name.substring(1) : name;
                if (!digits.matches("\\d+(\\.\\d+)?")) {
                    throw new IllegalArgumentException("'" + text + "' names no percentile: use e.g. p50, p99, p99.9 or max");
                }
                percentile = Double.parseDouble(digits);
                if (percentile > 100) {
                    throw new IllegalArgumentException("'" + text + "': a percentile must be within [0, 100]");
                }
            }
            return new LatencyLimit(percentile, duration(text.substring(eq + 1)));
        }

        /** {@code p99}, {@code p99.9}, {@code max}. */
        String name() {
            return percentile == 100 ? "max" : "p" + new BigDecimal(Double.toString(percentile)).stripTrailingZeros()
                    .toPlainString();
        }
    }

    /** A fraction within [0, 1]: {@code 0.01} or {@code 1%}. */
    static double fraction(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        String number = percent ? t.substring(0, t.length() - 1).trim() : t;
        if (!number.matches("\\d+(\\.\\d+)?")) {
            throw new IllegalArgumentException("'" + text + "' is not a fraction: use e.g. 0.01 or 1%");
        }
        double value = Double.parseDouble(number) / (percent ? 100 : 1);
        if (value > 1) {
            throw new IllegalArgumentException("'" + text + "' is over 100%");
        }
        return value;
    }

    // ---- picocli converters: a malformed value becomes picocli's "Invalid value for option" ----

    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return converted(() -> duration(value));
        }
    }

    static final class IntConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return converted(() -> {
                long n = count(value);
                if (n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("'" + value + "' is too large: at most " + Integer.MAX_VALUE);
                }
                return (int) n;
            });
        }
    }

    static final class SizeConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return converted(() -> size(value));
        }
    }

    static final class LongConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return converted(() -> count(value));
        }
    }

    static final class RateConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return converted(() -> rate(value));
        }
    }

    static final class RateSpecConverter implements ITypeConverter<RateSpec> {
        @Override
        public RateSpec convert(String value) {
            return converted(() -> RateSpec.parse(value));
        }
    }

    static final class StageConverter implements ITypeConverter<Stage> {
        @Override
        public Stage convert(String value) {
            return converted(() -> stage(value));
        }
    }

    static final class ConcurrencyStageConverter implements ITypeConverter<Stage> {
        @Override
        public Stage convert(String value) {
            return converted(() -> concurrencyStage(value));
        }
    }

    static final class LatencyLimitConverter implements ITypeConverter<LatencyLimit> {
        @Override
        public LatencyLimit convert(String value) {
            return converted(() -> LatencyLimit.parse(value));
        }
    }

    static final class FractionConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return converted(() -> fraction(value));
        }
    }

    private static <T> T converted(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
