package dev.loadtest.samples.cli;

import dev.loadtest.Stage;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/** The open model's flags (wrk2 -R, h2load --rps) and the stages of a run (zrk, k6). */
final class RateOptions {
    @Option(names = {"-R", "--rate"}, paramLabel = "RATE|FROM:TO", converter = Syntax.RateSpecConverter.class,
            description = {"Total requests per second, on a schedule, whatever the responses do (wrk2 -R); "
                    + "FROM:TO ramps linearly over -D (zrk). Not h2load's -r/--rate (new connections per "
                    + "second)."})
    Syntax.RateSpec rate;

    @Option(names = "--rps", paramLabel = "RATE", converter = Syntax.RateConverter.class,
            description = "Requests per second per client, as h2load: the same as -R (RATE x -c).")
    Double rps;

    @Option(names = "--stage", paramLabel = "RATE/DURATION|FROM:TO/DURATION",
            converter = Syntax.StageConverter.class, showDefaultValue = Visibility.NEVER,
            description = {"A stage of the rate plan, held (1000/10s) or ramped (0:2k/30s); repeatable, in "
                    + "order. The stages set the duration: not with -D, -n, -R or --rps."})
    List<Stage> stages = new ArrayList<>();

    @Option(names = "--concurrency-stage", paramLabel = "N/DURATION",
            converter = Syntax.ConcurrencyStageConverter.class, showDefaultValue = Visibility.NEVER,
            description = {"A stage of the closed model: N requests in flight over all connections (at most "
                    + "-c x -m) for a time, like k6's VUs; repeatable. Sets the duration like --stage."})
    List<Stage> concurrencyStages = new ArrayList<>();

    @Option(names = "--max-backlog", paramLabel = "N", converter = Syntax.IntConverter.class,
            defaultValue = "10000", description = "Due requests that may wait for a free stream; beyond, they "
                    + "are dropped and counted.")
    int maxBacklog;
}
