package dev.loadtest.junit.internal;

import dev.loadtest.DurationFormat;
import dev.loadtest.FigureFormat;
import dev.loadtest.LimitCheck;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StepResult;
import dev.loadtest.Tolerance;
import dev.loadtest.Verdict;
import dev.loadtest.junit.LatencyKind;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One performance budget, as declared (before any scale factor). Each kind knows its key (a budget
 * declared on a method replaces one with the same key on its class) and how to check a result.
 */
public sealed interface Budget {

    /** Identifies the budget across levels: the same key on a method replaces the class's. */
    String key();

    /** What the budget limits, in messages: {@code p99 response time}, {@code throughput}. */
    String name();

    /**
     * Checks a run.
     *
     * @param scale the factor from {@code loadtest.budget.scale}: latency limits are multiplied by it,
     *     throughput minima divided; 1 for none
     */
    LimitCheck check(Result result, double scale);

    /** Which statistic of a latency distribution a {@link Latency} budget limits. */
    enum Statistic {
        PERCENTILE, MEAN, MAX
    }

    /** A latency limit: a percentile, the mean or the maximum of the response or service time. */
    record Latency(Statistic statistic, double percentile, Duration max, LatencyKind kind) implements Budget {

        public Latency {
            Objects.requireNonNull(statistic, "statistic");
            Objects.requireNonNull(max, "max");
            Objects.requireNonNull(kind, "kind");
            if (statistic == Statistic.PERCENTILE && !(percentile > 0 && percentile <= 100)) {
                throw new IllegalArgumentException("percentile (" + FigureFormat.factor(percentile)
                        + ") must be > 0 and <= 100");
            }
        }

        public static Latency percentile(double percentile, Duration max, LatencyKind kind) {
            return new Latency(Statistic.PERCENTILE, percentile, max, kind);
        }

        public static Latency mean(Duration max, LatencyKind kind) {
            return new Latency(Statistic.MEAN, Double.NaN, max, kind);
        }

        public static Latency max(Duration max, LatencyKind kind) {
            return new Latency(Statistic.MAX, Double.NaN, max, kind);
        }

        @Override
        public String key() {
            return "latency " + statisticName() + " " + kind;
        }

        @Override
        public String name() {
            return statisticName() + " " + kind.label();
        }

        private String statisticName() {
            return switch (statistic) {
                case PERCENTILE -> FigureFormat.percentileName(percentile);
                case MEAN -> "mean";
                case MAX -> "max";
            };
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            Duration limit = scale == 1 ? max : scaled(max, scale);
            LimitCheck check = LimitCheck.latency(name(), kind.of(result), h -> switch (statistic) {
                case PERCENTILE -> h.percentile(percentile);
                case MEAN -> h.mean();
                case MAX -> h.max();
            }, limit);
            return scale == 1 ? check : check.withRequired(check.required() + " (" + DurationFormat.format(max)
                    + " × " + FigureFormat.factor(scale) + ")");
        }

        private static Duration scaled(Duration d, double scale) {
            double nanos = d.toNanos() * scale;
            return nanos >= Long.MAX_VALUE ? Duration.ofNanos(Long.MAX_VALUE) : Duration.ofNanos(Math.round(nanos));
        }
    }

    /** A least throughput in responses per second, as {@link Result#requestsPerSecond()}. */
    record Throughput(double min) implements Budget {

        public Throughput {
            if (!(min >= 0) || Double.isInfinite(min)) {
                throw new IllegalArgumentException("minThroughput (" + min + ") must be a finite number >= 0");
            }
        }

        @Override
        public String key() {
            return "throughput";
        }

        @Override
        public String name() {
            return "throughput";
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            LimitCheck check = LimitCheck.throughput(result, min / scale);
            return scale == 1 ? check : check.withRequired(check.required() + " (" + FigureFormat.number(min) + " / "
                    + FigureFormat.factor(scale) + ")");
        }
    }

    /** A largest {@linkplain Requests#errorRate() share of failed requests} (failed / ended). */
    record ErrorRate(double max) implements Budget {

        public ErrorRate {
            if (!(max >= 0 && max <= 1)) {
                throw new IllegalArgumentException("maxErrorRate (" + max + ") must be within [0, 1]");
            }
        }

        @Override
        public String key() {
            return "error rate";
        }

        @Override
        public String name() {
            return "error rate";
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            return LimitCheck.errorRate(result, max);
        }
    }

    /** No response outside 2xx. */
    record Only2xx() implements Budget {

        @Override
        public String key() {
            return "non-2xx";
        }

        @Override
        public String name() {
            return "non-2xx responses";
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            Map<Integer, Long> others = new TreeMap<>(result.statusCodes().counts());
            others.keySet().removeIf(code -> code / 100 == 2);
            long count = others.values().stream().mapToLong(Long::longValue).sum();
            return new LimitCheck(name(), "none", count == 0 ? "none" : count + " " + others, count == 0);
        }
    }

    /** The run's verdict must be {@link Verdict#OK}. */
    record VerdictOk() implements Budget {

        @Override
        public String key() {
            return "verdict";
        }

        @Override
        public String name() {
            return "verdict";
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            return new LimitCheck(name(), Verdict.OK.label(), result.verdict().label(), result.verdict() == Verdict.OK);
        }
    }

    /**
     * A budget on one step of a scenario run ({@link Result#step(String)}): the step's figures checked as a run's
     * are (its requests, status codes, errors, latencies; its throughput over the run's duration). A run without
     * that step breaches it, naming the step and the steps the run had: a budget that checks nothing is not a pass.
     *
     * @param step the step's name
     * @param budget the budget checked against the step, one of {@link Latency}, {@link Throughput},
     *     {@link ErrorRate} or {@link Only2xx}
     */
    record OfStep(String step, Budget budget) implements Budget {

        public OfStep {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(budget, "budget");
            if (!(budget instanceof Latency || budget instanceof Throughput || budget instanceof ErrorRate
                    || budget instanceof Only2xx)) {
                throw new IllegalArgumentException("a " + budget.name() + " budget is of the whole run, not of a step");
            }
        }

        @Override
        public String key() {
            return budget.key() + " of step " + step;
        }

        @Override
        public String name() {
            return budget.name() + " of step " + step;
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            Optional<StepResult> s = result.step(step);
            if (s.isEmpty()) {
                String steps = result.steps().isEmpty() ? "the run had no steps: it ran single requests, not a scenario"
                        : "the run's steps were " + result.steps().stream().map(StepResult::name)
                        .collect(Collectors.joining(", "));
                // the requirement does not depend on the figures: the whole run's check words it
                return new LimitCheck(name(), budget.check(result, scale).required(), "no step named " + step + " ("
                        + steps + ")", false);
            }
            LimitCheck c = budget.check(asRun(result, s.get()), scale);
            return new LimitCheck(name(), c.required(), c.actual(), c.met());
        }

        /** The step's figures in the place of the run's, so each budget reads them as it reads a run's. */
        private static Result asRun(Result run, StepResult step) {
            return ResultBuilder.from(run).requests(step.requests()).statusCodes(step.statusCodes())
                    .errors(step.errors()).checks(step.checks()).traffic(step.traffic())
                    .responseTime(step.responseTime()).serviceTime(step.serviceTime()).steps(List.of())
                    .sessions(Optional.empty()).tokenRequests(Optional.empty()).build();
        }
    }

    /**
     * No regression from a baseline run kept in a file: the run is compared with it (see
     * {@link dev.loadtest.Comparison}), or recorded as the new one in update mode. Not scaled.
     *
     * @param file the baseline's JSON result, relative to the working directory
     * @param tolerances the tolerances given; empty for the defaults
     * @param settings update mode and what an inconclusive comparison does
     */
    record Baseline(String file, List<Tolerance> tolerances, BaselineSettings settings) implements Budget {

        public Baseline {
            Objects.requireNonNull(file, "file");
            tolerances = List.copyOf(tolerances);
            Objects.requireNonNull(settings, "settings");
        }

        /** This budget with the settings of the test's configuration parameters. */
        public Baseline with(BaselineSettings settings) {
            return new Baseline(file, tolerances, settings);
        }

        @Override
        public String key() {
            return "baseline";
        }

        @Override
        public String name() {
            return "regression from the baseline";
        }

        @Override
        public LimitCheck check(Result result, double scale) {
            return BaselineCheck.check(this, result);
        }
    }
}
