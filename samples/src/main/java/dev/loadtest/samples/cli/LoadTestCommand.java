package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.samples.DemoServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code loadtest} command: h2load's flags with h2load's meanings, plus the open model of wrk2
 * (rates, ramps, stages), reports in several formats and CI gates. {@code java -jar loadtest.jar --help}
 * lists every option.
 *
 * <pre>
 * java -jar samples/target/loadtest.jar                                 # the embedded demo server, 3 s
 * java -jar samples/target/loadtest.jar -c 10 -m 10 -D 30s http://127.0.0.1:8080/
 * java -jar samples/target/loadtest.jar -c 20 -R 100:2k -D 1m --max-p99 25ms --json run.json http://127.0.0.1:8080/
 * </pre>
 *
 * <p>Exit codes: {@value #OK} done and every gate kept; {@value #GATE_BREACHED} a gate breached (each is
 * listed on stderr, "required X, actual Y"); {@value #USAGE} a usage error, found before any load is sent (bad
 * flag or value, unreadable or oversized input, an output that cannot be written or would overwrite another
 * file, unresolvable host: one line on stderr, URIs and headers redacted); {@value #RUN_FAILED} the run or
 * its output failed.
 */
@Command(name = "loadtest", mixinStandardHelpOptions = true, versionProvider = LoadTestCommand.Version.class,
        // no subcommands here: execute adds them (Subcommands) when the arguments can reach one
        sortOptions = false, usageHelpAutoWidth = true, showDefaultValues = true,
        headerHeading = "%n", synopsisHeading = "Usage: ", descriptionHeading = "%n", parameterListHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "HTTP load test with h2load's flags and meanings, plus wrk2's open model: with -R/--rps/--stage, requests "
                + "go out on a schedule and latency counts from when each was due (corrected for coordinated "
                + "omission).",
            "Without a URI, it starts the embedded demo server on 127.0.0.1 and tests it (h2c, -c 10 -m 10, "
                + "500 ms warm-up, 3 s, unless given).",
            "The report goes to stdout, progress to stderr (a bar on a terminal, a line per interval otherwise).",
            "Durations: 10s, 500ms, 250us, 1m, 1h; a plain number is seconds. Counts and rates: 1000, 10k, 1.5M."},
        footerHeading = "%n",
        footer = {
            "Exit codes:",
            "  0  done, every gate kept",
            "  1  a gate breached: each is listed on stderr as \"required X, actual Y\"",
            "  2  usage error, before any load: bad option or value, unreadable or oversized input file, an output",
            "     that cannot be written or names another output or an input, unresolvable host",
            "  3  the run failed, or an output file failed while written after the run",
            "  4  compared with a baseline (--baseline, --ab-baseline): inconclusive, none regressed",
            "",
            "Examples:",
            "  loadtest                                   # the embedded demo server",
            "  loadtest -n 100k -c 100 -m 10 URI          # h2c, as h2load",
            "  loadtest --h1 -c 10 -D 30s --warm-up-time 5s URI",
            "  loadtest -c 20 -R 100:2k -D 1m --hgrm run.hgrm URI       # a ramp, as zrk",
            "  loadtest -c 20 --stage 0:1k/10s --stage 1k/30s --max-p99 25ms URI",
            "  loadtest --shard 0/3 --start-at 1767225600 -c 30 -D 1m --json s0.json URI   # one of 3 shards",
            "  loadtest merge s0.json s1.json s2.json --html all.html --max-p99 25ms",
            "  loadtest compare base.json new.json --max-regression p99=10%% --max-regression rps=5%%",
            "  loadtest scenario flow.yaml URI -u 50 -D 1m                  # a flow of steps per virtual user",
            "  loadtest -c 10 -D 30s --json new.json --baseline base.json --max-regression p99=10%% URI"})
public final class LoadTestCommand implements Callable<Integer> {

    /** Done, every gate kept. */
    public static final int OK = 0;
    /** At least one gate breached. */
    public static final int GATE_BREACHED = 1;
    /** A usage error: bad option or value, unreadable file, unresolvable host. */
    public static final int USAGE = 2;
    /** The run failed, or an output file could not be written. */
    public static final int RUN_FAILED = 3;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URI", arity = "0..*", showDefaultValue = Visibility.NEVER, description = {"Targets on one server (same scheme, host and "
            + "port), used round robin on each connection, as h2load. None: test the embedded demo server."})
    List<String> uris = new ArrayList<>();

    // exclusive = false on each group: what picocli makes of a non-validating group anyway, said here so that
    // building the model skips a trace message it would not print but whose text (the group's synopsis) it
    // builds: 1.2 MB and ~15 % of building the model (bench/README.md,
    // "The start of a run: string concatenation and picocli's groups")
    @ArgGroup(validate = false, exclusive = false, heading = "%nLoad (h2load):%n", order = 1)
    LoadOptions load = new LoadOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nRequests:%n", order = 2)
    RequestOptions request = new RequestOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nRates and stages (wrk2, zrk, k6):%n", order = 3)
    RateOptions rate = new RateOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nOutput:%n", order = 4)
    OutputOptions output = new OutputOptions();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nCI gates (exit code 1 when one is breached):%n", order = 5)
    GateOptions gates = new GateOptions();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nScale-out (one run over several processes; see loadtest merge):%n",
            order = 6)
    ShardOptions shard = new ShardOptions();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nRegression gating against a baseline (see loadtest compare):%n",
            order = 7)
    BaselineGate.Options baseline = new BaselineGate.Options();

    @ArgGroup(validate = false, exclusive = false,
            heading = "%nResponse checks (a response that fails one is a failed request):%n",
            order = 8)
    ExpectOptions expect = new ExpectOptions();

    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    /** The process's environment: {@code System::getenv}, or what a test gives. */
    private final UnaryOperator<String> environment;

    PrintStream err() {
        return err;
    }

    PrintStream out() {
        return out;
    }

    /**
     * A command printing on these streams; {@code terminal} chooses the progress bar over plain lines;
     * {@code environment} looks up the variables the command reads ($JOB_COMPLETION_INDEX, $GITHUB_STEP_SUMMARY).
     */
    LoadTestCommand(PrintStream out, PrintStream err, boolean terminal, UnaryOperator<String> environment) {
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.environment = environment;
    }

    /** What the command does with a finished result of these outputs and gates: its files, report and gates. */
    RunReport report(OutputOptions output, GateOptions gates) {
        return new RunReport(out, err, environment, output, gates);
    }

    /** Runs the command and exits with its code. */
    public static void main(String[] args) {
        // Jetty (the demo server) logs its start at INFO; a user's own setting wins
        if (System.getProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        }
        // SLF4J initialised here, on one thread, before the run's threads log: a first log call from one thread
        // while another initialises it is replayed with three lines of SLF4J warnings on stderr
        org.slf4j.LoggerFactory.getILoggerFactory();
        System.exit(execute(args, System.out, System.err, System.console() != null, System::getenv));
    }

    /**
     * Runs the command with these streams and this environment and returns its exit code; {@code terminal} chooses
     * the progress bar over plain lines.
     */
    static int execute(String[] args, PrintStream out, PrintStream err, boolean terminal,
                       UnaryOperator<String> environment) {
        CommandLine commandLine = new CommandLine(new LoadTestCommand(out, err, terminal, environment));
        Subcommands.addIfReachable(commandLine, args);   // before the settings below, which apply to them too
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println("loadtest: " + usageMessage(e) + " (see loadtest --help)");
            return USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, cl, parseResult) -> {
            cl.getErr().println("loadtest: run failed: " + describe(e));
            return RUN_FAILED;
        });
        return commandLine.execute(args);
    }

    private static String usageMessage(ParameterException e) {
        String message = e.getMessage();
        if (e instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            message += "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
        }
        return message;
    }

    @Override
    public Integer call() throws Exception {
        List<String> targets = TargetFlags.read(spec, uris, request.inputFile);
        boolean demo = targets.isEmpty();
        output.check(spec);
        request.seed = baseline.comparison.seed;   // one --seed: the run's and the baseline comparison's
        TestFromFlags flags = new TestFromFlags(spec, load, request, rate, output, shard, environment)
                .withChecks(expect);
        // every check before any load (and before the demo server starts): the settings (the builder's
        // rules; the demo's port is not known yet, any valid one stands in for it), the host, the files
        LoadTest planned = flags.build(demo ? List.of("http://127.0.0.1:1/hello") : targets, demo);
        if (!demo) {
            TargetFlags.checkResolvable(spec, targets);
        }
        RunReport report = report(output, gates);
        checkFiles(report.outputFiles().input("-d", request.data).input("-i", request.inputFile));
        List<Result> baselines = checkBaseline(demo);
        if (!demo && baseline.abBaseline != null) {
            return BaselineGate.interleaved(this, baseline, flags.build(List.of(baseline.abBaseline), false),
                    flags.build(targets, false), output.quiet);
        }
        if (!demo) {
            return run(planned, report, baselines);
        }
        DemoServer server;
        try {
            server = new DemoServer().start();
        } catch (RuntimeException e) {
            err.println("loadtest: run failed: " + describe(e));
            return RUN_FAILED;
        }
        try (server) {
            if (!output.quiet) {
                err.println("embedded demo server at " + server.uri("/hello") + " (HTTP/1.1 and h2c)");
            }
            return run(flags.build(List.of(server.uri("/hello").toString()), true), report, baselines);
        }
    }

    // ---- the checks before any load ------------------------------------------------------------------

    /**
     * Checks the baseline options and reads --baseline's files before any load: the runs to compare with after
     * the run; none unless given.
     */
    private List<Result> checkBaseline(boolean demo) {
        try {
            baseline.comparison.toOptions();
            if (baseline.abBaseline != null && !baseline.files.isEmpty()) {
                throw usage(spec, "--ab-baseline and --baseline cannot both be given: compare with a recorded run or "
                        + "with a target run alongside, not both");
            }
            if (baseline.abBaseline != null && demo) {
                throw usage(spec, "--ab-baseline needs the candidate's URI");
            }
            return BaselineGate.read(baseline);
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
    }

    /** Checks, before any load is sent, that the outputs can be written and overwrite nothing the command reads. */
    void checkFiles(OutputFiles files) {
        try {
            files.check();
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
    }

    // ---- the run -------------------------------------------------------------------------------------

    /**
     * Runs the test, then writes the files and the report, then compares with the baselines, if any. A JVM
     * shutdown (Ctrl-C, SIGTERM) stops the run early; the partial result is still reported and written before the
     * JVM exits.
     */
    private int run(LoadTest planned, RunReport report, List<Result> baselines) throws Exception {
        return run(planned, output, report, baselines);
    }

    /**
     * {@link #run(LoadTest, RunReport, List)} with the outputs of a subcommand that runs a test of its own
     * ({@code scenario}): progress, --hlog and --prometheus as {@code output} says.
     */
    int run(LoadTest planned, OutputOptions output, RunReport report, List<Result> baselines) throws Exception {
        if (planned.startAt().isPresent() && !output.quiet) {
            err.println("waiting to start at " + planned.startAt().get());
        }
        LoadTest.Builder withListeners = planned.newBuilder();
        ProgressOutput progress = null;
        if (!output.quiet) {
            progress = ProgressOutput.to(err, terminal);
            withListeners.listener(progress);
        }
        HistogramLogOutput hlog = null;
        if (output.hlog != null) {
            try {
                hlog = new HistogramLogOutput(output.hlog,
                        System.currentTimeMillis() + planned.warmUp().toMillis());
            } catch (IOException e) {
                throw usage(spec, "--hlog " + output.hlog + ": " + describe(e));
            }
            withListeners.listener(hlog);
        }
        PrometheusOutput prometheus = startPrometheus(planned, output, withListeners);
        LoadTest test = withListeners.build();
        if (!output.quiet) {
            out.println("running " + planned);
            out.flush();
        }
        LoadTestRun run;
        try {
            run = test.start();
        } catch (RuntimeException e) {
            close(prometheus);
            throw e;
        }
        ReportOnShutdown onShutdown = ReportOnShutdown.register("loadtest-report-on-shutdown", run::stop);
        try {
            Result result;
            try {
                result = run.result().get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            } finally {
                if (progress != null) {
                    progress.close();
                }
            }
            int code = report.report(result, hlog);
            return baselines.isEmpty() ? code
                    : BaselineGate.check(this, baseline, baselines, result, output.quiet, code);
        } finally {
            close(prometheus);
            onShutdown.release();
        }
    }

    /** --prometheus: serves the live metrics from now until {@link #close(PrometheusOutput)}; null without it. */
    private PrometheusOutput startPrometheus(LoadTest planned, OutputOptions output, LoadTest.Builder withListeners) {
        if (output.prometheus == null) {
            return null;
        }
        PrometheusOutput prometheus;
        try {
            prometheus = PrometheusOutput.start(output.prometheus, TestName.of(planned, output.testName));
        } catch (IOException e) {
            throw usage(spec, "--prometheus " + output.prometheus + ": cannot listen on 127.0.0.1:" + output.prometheus
                    + " (" + describe(e) + ")");
        }
        withListeners.listener(prometheus.listener());
        if (!output.quiet) {
            err.println("prometheus metrics at " + prometheus.uri());
        }
        return prometheus;
    }

    private static void close(PrometheusOutput prometheus) {
        if (prometheus != null) {
            prometheus.close();
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------

    static String describe(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (t instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }

    /** The version from the jar's Maven metadata. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = LoadTestCommand.class.getResourceAsStream(
                    "/META-INF/maven/dev.loadtest/samples/pom.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"loadtest " + p.getProperty("version", "(development build)"),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
