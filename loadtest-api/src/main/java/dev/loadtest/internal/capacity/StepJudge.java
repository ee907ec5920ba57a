package dev.loadtest.internal.capacity;

import dev.loadtest.FigureFormat;
import dev.loadtest.CapacityStep;
import dev.loadtest.DurationFormat;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Objective;
import dev.loadtest.Rate;
import dev.loadtest.Result;
import dev.loadtest.Verdict;
import dev.loadtest.spi.GeneratorSaturation;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Judges one step of a capacity search: held, failed (which limits), or the generator as the limit. The
 * generator rules come first: a figure about our own machine must never pass for the server's.
 */
public final class StepJudge {

    /** A step's median service time up to {@code KEPT_UP_FACTOR x} the first step's plus {@link #KEPT_UP_SLACK}: the server kept up. */
    static final double KEPT_UP_FACTOR = 1.5;
    static final Duration KEPT_UP_SLACK = Duration.ofMillis(1);

    private final Objective objective;

    public StepJudge(Objective objective) {
        this.objective = objective;
    }

    /** What the search makes of a step. */
    public record Judgement(CapacityStep.Outcome outcome, List<Objective.Breach> breaches, String reason) {
    }

    /**
     * Judges a step's result.
     *
     * @param baseline the median service time of the search's first step with a response (the low-load level),
     *     or {@code null} if this is that step
     */
    public Judgement judge(Result result, Duration baseline) {
        List<Objective.Breach> breaches = objective.breaches(result);
        boolean serverKeptUp = serverKeptUp(result, baseline);
        if (result.verdict() == Verdict.GENERATOR_SATURATED) {
            // our lag only adds to response times (they count from the due time) and makes the load burstier,
            // never lighter: a step that held in spite of it held
            if (breaches.isEmpty()) {
                return new Judgement(CapacityStep.Outcome.HELD, List.of(), "");
            }
            String lag = GeneratorSaturation.schedulerFellBehind(result.rate())
                    ? "our scheduler fell behind its schedule (lag p99 " + DurationFormat.format(lagP99(result)) + " > "
                            + DurationFormat.format(Verdict.SATURATED_LAG) + ")"
                    : result.generator().map(g -> String.format(Locale.ROOT, "our generator used %.2f of its %d cores",
                            g.coresUsed(), g.cores())).orElse("our generator used the cores it can use");
            // the service time counts from the send: a server whose own time breaks a limit, or that slowed
            // down, did so whatever our lag
            Objective.LatencyLimit broken = brokenByServiceTime(result);
            if (broken != null) {
                return new Judgement(CapacityStep.Outcome.FAILED, breaches, reason(breaches) + " (" + lag
                        + ", but the server's own service time breaks it: " + FigureFormat.percentileName(broken.percentile())
                        + " " + DurationFormat.format(result.serviceTime().percentile(broken.percentile())) + ")");
            }
            if (baseline != null && !serverKeptUp) {
                return new Judgement(CapacityStep.Outcome.FAILED, breaches, reason(breaches) + " (" + lag
                        + ", but the server's own service time rose: p50 " + DurationFormat.format(result.serviceTime()
                        .percentile(50)) + ", " + DurationFormat.format(baseline) + " at the first step)");
            }
            return new Judgement(CapacityStep.Outcome.GENERATOR_LIMITED, List.of(), lag + " while the server kept up: "
                    + "the figures are about this machine, not the server");
        }
        Rate rate = result.rate().orElse(null);
        if (rate != null && rate.achievedRatio() < Verdict.OVERLOADED_RATIO && result.requests().failed() == 0
                && result.errors().isEmpty() && serverKeptUp) {
            return new Judgement(CapacityStep.Outcome.GENERATOR_LIMITED, List.of(), generatorReason(result, rate,
                    result.serviceTime().percentile(50), baseline));
        }
        if (breaches.isEmpty()) {
            return new Judgement(CapacityStep.Outcome.HELD, List.of(), "");
        }
        return new Judgement(CapacityStep.Outcome.FAILED, breaches, reason(breaches));
    }

    /**
     * Whether the server answered as fast as at low load: a median service time (from the send, so our own
     * lateness is not in it) at most {@code 1.5 x} the first step's plus 1 ms. A first step is its own level.
     */
    private static boolean serverKeptUp(Result result, Duration baseline) {
        if (result.serviceTime().isEmpty()) {
            return false;
        }
        Duration median = result.serviceTime().percentile(50);
        Duration level = baseline == null ? median : baseline;
        Duration keptUp = Duration.ofNanos(Math.round(level.toNanos() * KEPT_UP_FACTOR)).plus(KEPT_UP_SLACK);
        return median.compareTo(keptUp) <= 0;
    }

    /**
     * A response-time limit the server's own time breaks, if any: the service time at the limit's percentile (from
     * the send, so our scheduler's lateness is not in it) less our lag at that percentile (a stall of this whole
     * machine delays our reading of responses too, and must not be charged to the server) is still over the limit.
     */
    private Objective.LatencyLimit brokenByServiceTime(Result result) {
        if (result.serviceTime().isEmpty()) {
            return null;
        }
        for (Objective.LatencyLimit l : objective.latencyLimits()) {
            Duration lag = result.rate().map(r -> r.schedulerLag().percentile(l.percentile())).orElse(Duration.ZERO);
            if (result.serviceTime().percentile(l.percentile()).minus(lag).compareTo(l.max()) > 0) {
                return l;
            }
        }
        return null;
    }

    private static Duration lagP99(Result result) {
        return result.rate().map(r -> r.schedulerLag().percentile(99)).orElse(Duration.ZERO);
    }

    private static String reason(List<Objective.Breach> breaches) {
        return breaches.stream().map(Objective.Breach::toString).collect(Collectors.joining("; "));
    }

    private static String generatorReason(Result result, Rate rate, Duration median, Duration baseline) {
        long slots = Carriers.count(result.test());
        LatencyHistogram service = result.serviceTime();
        double carried = service.mean().isZero() ? Double.POSITIVE_INFINITY : slots * 1e9 / service.mean().toNanos();
        return "achieved " + FigureFormat.rate(rate.achieved()) + " of " + FigureFormat.rate(rate.offered()) + " offered with no "
                + "failed request while the server kept up (service time p50 " + DurationFormat.format(median)
                + (baseline == null ? "" : ", " + DurationFormat.format(baseline) + " at the first step") + "): "
                + Carriers.of(result.test()) + " carry about " + FigureFormat.rate(Math.round(carried))
                + " at that service time; " + Carriers.more(result.test()) + ", or machines";
    }
}
