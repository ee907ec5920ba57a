package dev.loadtest.internal.capacity;

import dev.loadtest.FigureFormat;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityStep;
import dev.loadtest.DurationFormat;
import dev.loadtest.Objective;
import dev.loadtest.Result;
import dev.loadtest.TextReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A capacity answer as text: the steps as a table, and the answer in a sentence. */
public final class AnswerText {

    private static final String NL = System.lineSeparator();

    private AnswerText() {
    }

    /**
     * One row per step: rate offered and achieved, the response time at each of the objective's percentiles
     * (p99 when it has none), the median service time, the error rate, the verdict and the outcome.
     */
    public static String table(CapacityAnswer answer) {
        List<Double> percentiles = new ArrayList<>();
        for (Objective.LatencyLimit l : answer.objective().latencyLimits()) {
            percentiles.add(l.percentile());
        }
        if (percentiles.isEmpty()) {
            percentiles.add(99.0);
        }
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%4s  %-10s  %10s  %10s", "step", "phase", "offered", "achieved"));
        for (double p : percentiles) {
            s.append(String.format(Locale.ROOT, "  %10s", "resp " + FigureFormat.percentileName(p)));
        }
        s.append(String.format(Locale.ROOT, "  %10s  %8s  %-19s  %s", "serv p50", "errors", "verdict", "outcome"))
                .append(NL);
        for (CapacityStep step : answer.steps()) {
            Result r = step.result();
            double achieved = r.rate().map(x -> x.achieved()).orElse(r.requestsPerSecond());
            s.append(String.format(Locale.ROOT, "%4d  %-10s  %10s  %10s", step.number(), step.phase().label(),
                    FigureFormat.number(step.rate()), FigureFormat.number(Math.round(achieved * 10) / 10.0)));
            for (double p : percentiles) {
                s.append(String.format(Locale.ROOT, "  %10s", r.responseTime().isEmpty() ? "-"
                        : DurationFormat.fixed(r.responseTime().percentile(p))));
            }
            double errorRate = r.requests().errorRate();
            s.append(String.format(Locale.ROOT, "  %10s  %8s  %-19s  %s",
                    r.serviceTime().isEmpty() ? "-" : DurationFormat.fixed(r.serviceTime().percentile(50)),
                    Double.isNaN(errorRate) ? "-" : TextReport.percent(errorRate),
                    r.verdict().label(), step.outcome().label()));
            s.append(NL);
        }
        return s.toString();
    }

    /** The answer in a sentence or two. */
    public static String summary(CapacityAnswer a) {
        String objective = "objective: " + a.objective();
        return switch (a.conclusion()) {
            case FOUND -> "capacity: " + FigureFormat.rate(a.heldRate().getAsDouble()) + " held"
                    + (a.steps().stream().anyMatch(s -> s.phase() == CapacityStep.Phase.CONFIRMING && s.held())
                    ? " (confirmed)" : "") + "; " + FigureFormat.rate(a.failedRate().getAsDouble()) + " failed" + failure(a)
                    + NL + objective;
            case NOT_HELD_AT_START -> "the objective fails even at the starting rate, "
                    + FigureFormat.rate(a.failedRate().getAsDouble()) + failure(a) + "; start lower" + NL + objective;
            case GENERATOR_LIMITED -> "limited by the load generator at "
                    + FigureFormat.rate(Math.round(a.generatorRate().getAsDouble())) + ": no capacity figure"
                    + (a.heldRate().isPresent() ? " (the server held every step up to "
                    + FigureFormat.rate(a.heldRate().getAsDouble()) + ")" : "") + NL + "  "
                    + a.steps().get(a.steps().size() - 1).reason() + NL + objective;
            case MAX_RATE_HELD -> "held " + FigureFormat.rate(a.heldRate().getAsDouble()) + ", the highest rate searched"
                    + ": the capacity is at least that (its ceiling was not searched)" + NL + objective;
            case STOPPED -> "stopped after " + a.steps().size() + (a.steps().size() == 1 ? " step" : " steps")
                    + ": " + bounds(a) + NL + objective;
        };
    }

    private static String failure(CapacityAnswer a) {
        return a.failedStep().map(s -> ": " + s.reason()).orElse("");
    }

    private static String bounds(CapacityAnswer a) {
        if (a.heldRate().isEmpty() && a.failedRate().isEmpty()) {
            return "no bounds yet";
        }
        return "so far held " + (a.heldRate().isPresent() ? FigureFormat.rate(a.heldRate().getAsDouble()) : "none")
                + ", failed " + (a.failedRate().isPresent() ? FigureFormat.rate(a.failedRate().getAsDouble()) : "none");
    }
}
