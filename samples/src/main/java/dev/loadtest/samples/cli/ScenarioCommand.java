package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.matched;
import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.LoadTest;
import dev.loadtest.Stage;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest scenario flow.yaml URI -u 50 -D 1m}: runs the scenario of a file ({@link ScenarioFile}) against a
 * server, as a Java scenario runs with {@link LoadTest.Builder#scenario}: {@code -u} users (closed model) or
 * {@code --arrivals} sessions per second (open model), for {@code -D} or {@code --iterations}. The file is read
 * and checked, with the settings, before any load: any error is a usage error naming the file and line. The report
 * and the output files are the main command's.
 */
@Command(name = "scenario", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        showDefaultValues = true,
        headerHeading = "%n", synopsisHeading = "Usage: ", descriptionHeading = "%n", parameterListHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "Runs a scenario file (YAML or JSON: steps with requests, checks, extractions, pauses, repeats) against "
                + "a server: each virtual user is a session with its own cookies and variables.",
            "Closed model: -u users, each starting its next session when one ends, for -D or --iterations "
                + "sessions each, or as many of them in flight as each --concurrency-stage says. Open model: "
                + "--arrivals sessions per second, whatever the server does; each step's response time counts from "
                + "when it was due (corrected for coordinated omission).",
            "Sessions share the connections (-c x -m; -c defaults to the users) unless --connection-per-user."},
        footerHeading = "%n",
        footer = {
            "Exit codes: as the main command's (0 done, 1 a gate breached, 2 usage error, 3 the run failed).",
            "",
            "Examples:",
            "  loadtest scenario flow.yaml http://127.0.0.1:8080 -u 50 -D 1m",
            "  loadtest scenario flow.yaml -u 50 -D 1m          # the file's target: http://...",
            "  loadtest scenario flow.yaml http://127.0.0.1:8080 -u 10 --iterations 100 --json run.json",
            "  loadtest scenario flow.yaml http://127.0.0.1:8080 -u 50 --concurrency-stage 10/30s "
                + "--concurrency-stage 50/2m",
            "  loadtest scenario flow.yaml http://127.0.0.1:8080 --arrivals 20 -c 8 -m 10 -D 5m --max-p99 250ms"})
final class ScenarioCommand implements Callable<Integer> {

    @ParentCommand
    LoadTestCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The scenario file (YAML or JSON).")
    Path file;

    @Parameters(index = "1", paramLabel = "URI", arity = "0..1", showDefaultValue = Visibility.NEVER,
            description = "The server: the steps' paths go to its scheme, host and port. Default: the file's "
                    + "target.")
    String uri;

    // exclusive = false: what picocli makes of a non-validating group anyway; see LoadTestCommand's groups
    @ArgGroup(validate = false, exclusive = false, heading = "%nSessions:%n", order = 1)
    SessionOptions sessions = new SessionOptions();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nConnections (as the main command; -n does not apply):%n", order = 2)
    LoadOptions load = new LoadOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nOutput:%n", order = 3)
    OutputOptions output = new OutputOptions();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nCI gates (exit code 1 when one is breached):%n", order = 4)
    GateOptions gates = new GateOptions();

    static final class SessionOptions {
        @Option(names = {"-u", "--users"}, paramLabel = "N", converter = Syntax.IntConverter.class,
                description = "Virtual users (closed model): sessions in flight.")
        Integer users;

        @Option(names = "--arrivals", paramLabel = "RATE", converter = Syntax.RateConverter.class,
                description = "Sessions started per second (open model).")
        Double arrivals;

        @Option(names = "--concurrency-stage", paramLabel = "N/DURATION",
                converter = Syntax.ConcurrencyStageConverter.class, showDefaultValue = Visibility.NEVER,
                description = {"Closed model by stages: N of the -u users in flight for a time (k6's ramping VUs); "
                        + "repeatable, in order. A user over a lowered N finishes its session, then waits. Sets the "
                        + "duration: not with -D or --iterations."})
        List<Stage> concurrencyStages = new ArrayList<>();

        @Option(names = "--iterations", paramLabel = "N", converter = Syntax.LongConverter.class,
                description = "Sessions each user runs, instead of -D.")
        Long iterations;

        @Option(names = "--connection-per-user",
                description = "Each user (with --arrivals, each session) has its own connection (as a browser), "
                        + "instead of sharing -c x -m.")
        boolean connectionPerUser;

        @Option(names = "--max-sessions", paramLabel = "N", converter = Syntax.IntConverter.class,
                defaultValue = "10000", description = "Open model: sessions in flight at most; an arrival beyond "
                        + "counts as a session failed at its first step.")
        int maxSessions;

        @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'", showDefaultValue = Visibility.NEVER,
                description = "A header sent with every step's request, unless the step sets it; repeatable.")
        List<String> headers = new ArrayList<>();

        @Option(names = "--seed", paramLabel = "N", converter = Syntax.LongConverter.class,
                description = "The seed of the sessions' random draws (pauses, {{randomInt}}, a random feeder). "
                        + "Default: one picked per run, shown in the report.")
        Long seed;
    }

    @Override
    public Integer call() throws Exception {
        output.check(spec);
        LoadTest planned = test();
        TargetFlags.checkResolvable(spec, planned.targets().stream().map(URI::toString).toList());
        RunReport report = parent.report(output, gates);
        parent.checkFiles(report.outputFiles().input("scenario file", file));
        return parent.run(planned, output, report, List.of());   // the main command's run: progress, outputs, Ctrl-C
    }

    /** The file read and the flags mapped onto the builder: a usage error for anything either refuses. */
    private LoadTest test() {
        if (matched(spec, "-n")) {
            throw usage(spec, "-n does not apply to a scenario: give -D, or --iterations with -u");
        }
        ScenarioFile.Contents contents;
        try {
            contents = ScenarioFile.read(file);
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());   // FILE:LINE: rule, as it is
        }
        try {
            String server = uri != null ? uri : contents.target().orElseThrow(() -> usage(spec,
                    "no server to send the scenario to: give a URI after the file, or target: in " + file));
            LoadTest.Builder b = LoadTest.target(server).scenario(contents.scenario());
            contents.feeder().ifPresent(b::feed);
            if (sessions.users != null) {
                b.users(sessions.users);
            }
            if (sessions.arrivals != null) {
                b.arrivals(sessions.arrivals);
            }
            if (sessions.iterations != null) {
                b.iterations(sessions.iterations);
            }
            if (sessions.connectionPerUser) {
                b.connectionPerUser();
            }
            if (matched(spec, "-c")) {
                b.clients(load.clients);
            }
            if (matched(spec, "-m")) {
                b.streams(load.streams);
            }
            b.maxBacklog(sessions.maxSessions);
            RequestOptions request = new RequestOptions();
            request.headers = sessions.headers;
            request.seed = sessions.seed;
            TestFromFlags.connectionsAndRequests(b, spec, load, request, server);
            if (!sessions.concurrencyStages.isEmpty()) {
                b.stages(sessions.concurrencyStages.toArray(Stage[]::new));
            }
            if (load.duration != null) {
                b.duration(load.duration);
            } else if (sessions.iterations == null && sessions.concurrencyStages.isEmpty()) {
                b.duration(TestFromFlags.DEFAULT_DURATION);
            }
            if (!load.warmUp.isZero()) {
                b.warmUp(load.warmUp);
            }
            b.interval(output.interval);
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw usage(spec, FlagTerms.of(e.getMessage(), spec));
        }
    }
}
