package dev.loadtest.internal.engine.record;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.TlsUsed;
import dev.loadtest.Verdict;
import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.spi.CheckResults;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.scenario.ScenarioPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** Adds up the threads' figures into the immutable {@link Result}, once the run's threads have ended. */
public final class ResultAssembly {

    /**
     * What the clients know of themselves at the end of a run.
     *
     * @param requestRates              each client's finished responses per second of its measured life
     * @param backlogAtEnd              open model: due requests of the measured phase still waiting at the end
     * @param maxResponsesOnConnection  the most responses any one connection completed
     */
    public record ClientFigures(double[] requestRates, long backlogAtEnd, int maxResponsesOnConnection) {
    }

    /** How the run went beyond its figures: the protocol and TLS it spoke and whether it was stopped. */
    public record RunEnd(String protocol, Optional<TlsUsed> tls, boolean stopped, long endNanos) {
    }

    private ResultAssembly() {
    }

    /** @param scenario the plan of a scenario run, whose steps and sessions the result then has; null otherwise */
    public static Result assemble(LoadTest test, Phase phase, Recorders recorders, Timeline timeline, ClientFigures clients,
                           RunEnd end, ScenarioPlan scenario) {
        long endNanos = end.endNanos();
        List<WorkerStats> all = recorders.all();
        Counts sum = new Counts();
        Map<Integer, Long> statuses = new HashMap<>();
        Histogram lag = LatencyHistogram.newHistogram();
        Histogram connect = LatencyHistogram.newHistogram();
        Histogram ttfb = LatencyHistogram.newHistogram();
        Map<ErrorCategory, long[]> errorCounts = new EnumMap<>(ErrorCategory.class);
        Map<ErrorCategory, ErrorCount> messages = new EnumMap<>(ErrorCategory.class);
        for (WorkerStats s : all) {
            sum.add(s);
            for (int code = 0; code < s.statuses.length; code++) {
                if (s.statuses[code] != 0) {
                    statuses.merge(code, s.statuses[code], Long::sum);
                }
            }
            s.otherStatuses.forEach((code, n) -> statuses.merge(code, n, Long::sum));
            lag.add(s.schedulerLag);
            connect.add(s.connectTime);
            ttfb.add(s.timeToFirstByte);
            s.addErrorsTo(errorCounts, messages);
        }
        boolean rateDriven = test.isRateDriven();
        // a scenario's schedule is of sessions, not requests: its requests are those its steps sent or could not
        Requests requests = test.requests().isPresent() ? sum.requests(test.requests().getAsLong())
                : rateDriven && test.scenario().isEmpty() ? sum.requests(sum.scheduled) : sum.requestsSentOrNot();
        Map<ErrorCategory, ErrorCount> errors = RequestCounts.errors(errorCounts, messages);

        long measuredEnd = Math.min(endNanos, phase.measureEndNanos());
        long measuredStart = phase.measuredFromNanos();
        Duration duration = Duration.ofNanos(Math.max(0, measuredEnd - measuredStart));

        double[] rates = clients.requestRates();
        double seconds = duration.toNanos() / 1e9;
        ScenarioAssembly.Figures figures = scenario == null ? null : ScenarioAssembly.assemble(scenario, all);
        Optional<Rate> rate = Optional.empty();
        if (rateDriven && scenario != null) {
            // a scenario's schedule is of sessions: achieved are those started, dropped those not started at the
            // bound of sessions in flight (the steps waiting for a stream show in their response times)
            long started = sum.scheduled - figures.notStarted();
            rate = Optional.of(new Rate(seconds > 0 ? sum.scheduled / seconds : 0, seconds > 0 ? started / seconds : 0,
                    sum.scheduled, figures.notStarted(), 0, 0, LatencyHistogram.of(lag)));
        } else if (rateDriven) {
            long backlog = clients.backlogAtEnd();
            rate = Optional.of(new Rate(seconds > 0 ? sum.scheduled / seconds : 0,
                    seconds > 0 ? sum.started / seconds : 0, sum.scheduled, sum.dropped, sum.late, backlog,
                    LatencyHistogram.of(lag)));
        }
        LatencyHistogram service = LatencyHistogram.of(timeline.serviceTotal());
        LatencyHistogram response = rateDriven ? LatencyHistogram.of(timeline.responseTotal()) : service;
        Optional<GeneratorLoad> generator = timeline.generatorRun();
        Verdict verdict = verdict(test, requests, errors, rate, clients.maxResponsesOnConnection(),
                timeline.generatorSaturated(generator, test.threads()));
        ResultBuilder result = new ResultBuilder();
        if (figures != null) {
            result.steps(figures.steps()).sessions(Optional.of(figures.sessions()));
        }
        return result.test(test).duration(duration).protocol(end.protocol()).requests(requests)
                .statusCodes(new StatusCodes(statuses))
                .traffic(sum.traffic())
                .responseTime(response).serviceTime(service).connectTime(LatencyHistogram.of(connect))
                .timeToFirstByte(LatencyHistogram.of(ttfb)).clientRequestRates(Statistics.of(rates))
                .connections(sum.connections).errors(errors).rate(rate).intervals(timeline.intervals())
                .verdict(verdict).stopped(end.stopped()).generator(generator).tls(end.tls())
                .checks(figures != null ? figures.checks() : checks(test, all))
                .build();
    }

    /**
     * The threads' check counts as one, every check of the run listed (at zero when no response was judged); empty
     * without checks. Read after the writers ended, as the rest.
     */
    private static List<CheckResult> checks(LoadTest test, List<WorkerStats> all) {
        if (test.checks().isEmpty()) {
            return List.of();
        }
        List<List<CheckResult>> parts = new ArrayList<>();
        parts.add(new CheckPlan(test.checks(), test.maxCheckedBodyBytes()).newTally().results());
        for (WorkerStats s : all) {
            if (s.checks != null) {
                parts.add(s.checks.results());
            }
        }
        return CheckResults.merge(parts);
    }

    private static Verdict verdict(LoadTest test, Requests requests, Map<ErrorCategory, ErrorCount> errors,
                                   Optional<Rate> rate, int maxResponsesOnConnection, boolean generatorSaturated) {
        // a connection per session (arrivals with connectionPerUser) carries one session, which may be one request
        boolean connectionPerSession = test.connectionPerSession();
        boolean secondRequestWanted = test.keepAlive() && !connectionPerSession
                && (test.requests().isEmpty() || test.requests().getAsLong() > test.clients());
        // a run whose requests all failed at once (refused, protocol or TLS errors) did not stall: it failed
        boolean failedAtOnce = requests.responded() == 0 && errors.keySet().stream()
                .anyMatch(c -> c != ErrorCategory.REQUEST_TIMEOUT);
        return Verdict.of(requests, errors, rate,
                secondRequestWanted && maxResponsesOnConnection < 2 && !failedAtOnce, generatorSaturated);
    }
}
