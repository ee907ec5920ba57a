package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.given;
import static dev.loadtest.samples.cli.CommandFlags.matched;
import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.BoundedFile;
import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.json.ResultJson;
import dev.loadtest.samples.DemoServer;
import dev.loadtest.report.HtmlReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
        subcommands = {MergeCommand.class, CompareCommand.class, CapacityCommand.class},
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

    /** The largest -i file: a list of URIs, one a line; far more than any run needs, and no device or disk. */
    static final long MAX_INPUT_FILE_BYTES = 16L << 20;

    /** When neither -n, -D nor --stage says how long to run (h2load's -n 1 is no load test). */
    static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
    /** The demo's -c and -m unless given: h2c, 10 connections of 10 streams, as the README's first command. */
    static final int DEMO_CONCURRENCY = 10;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URI", arity = "0..*", showDefaultValue = Visibility.NEVER, description = {"Targets on one server (same scheme, host and "
            + "port), used round robin on each connection, as h2load. None: test the embedded demo server."})
    List<String> uris = new ArrayList<>();

    @ArgGroup(validate = false, heading = "%nLoad (h2load):%n", order = 1)
    LoadOptions load = new LoadOptions();

    @ArgGroup(validate = false, heading = "%nRequests:%n", order = 2)
    RequestOptions request = new RequestOptions();

    @ArgGroup(validate = false, heading = "%nRates and stages (wrk2, zrk, k6):%n", order = 3)
    RateOptions rate = new RateOptions();

    @ArgGroup(validate = false, heading = "%nOutput:%n", order = 4)
    OutputOptions output = new OutputOptions();

    @ArgGroup(validate = false, heading = "%nCI gates (exit code 1 when one is breached):%n", order = 5)
    GateOptions gates = new GateOptions();

    @ArgGroup(validate = false, heading = "%nScale-out (one run over several processes; see loadtest merge):%n",
            order = 6)
    ShardOptions shard = new ShardOptions();

    @ArgGroup(validate = false, heading = "%nRegression gating against a baseline (see loadtest compare):%n",
            order = 7)
    BaselineGate.Options baseline = new BaselineGate.Options();

    /** The environment, replaceable in tests. */
    static java.util.function.UnaryOperator<String> environment = System::getenv;

    /** Kubernetes sets it in each pod of an Indexed Job: 0 .. completions - 1. */
    static final String JOB_COMPLETION_INDEX = "JOB_COMPLETION_INDEX";

    static final class ShardOptions {
        @Option(names = "--shard", paramLabel = "I/N", showDefaultValue = Visibility.NEVER,
                description = "Runs shard I (0-based, 0 .. N-1) of a run split over N processes: -c, -n, -R, "
                        + "--rps and stages are the whole run's and are divided (client i belongs to shard i %% N). "
                        + "Merge the shards' --json files with loadtest merge.")
        String shard;

        @Option(names = "--shards", paramLabel = "N", converter = Syntax.IntConverter.class,
                showDefaultValue = Visibility.NEVER,
                description = "Runs shard $JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job) of N.")
        Integer shards;

        @Option(names = "--start-at", paramLabel = "EPOCH_SECONDS", showDefaultValue = Visibility.NEVER,
                description = "Starts at this wall-clock time (seconds since 1970, UTC; e.g. $(date -d '+1 min' +%%s)) "
                        + "so the shards start together; at most 1 h ahead.")
        String startAt;

        @Option(names = "--start-delay", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                showDefaultValue = Visibility.NEVER,
                description = "Starts after this delay (at most 1h), rounded up to the next whole second of the "
                        + "wall clock, so shards started within the same second line up.")
        Duration startDelay;
    }

    static final class LoadOptions {
        @Option(names = {"-n", "--requests"}, paramLabel = "N", converter = Syntax.LongConverter.class,
                description = {"Requests in all, shared out among the clients (a counted run). Without -n, -D or "
                        + "--stage: -D 10s."})
        Long requests;

        @Option(names = {"-c", "--clients"}, paramLabel = "N", converter = Syntax.IntConverter.class,
                defaultValue = "1", description = "Connections held open.")
        int clients;

        @Option(names = {"-m", "--max-concurrent-streams"}, paramLabel = "N", converter = Syntax.IntConverter.class,
                defaultValue = "1", description = "Requests in flight per connection: HTTP/2 streams, HTTP/1.1 "
                        + "pipelining depth.")
        int streams;

        @Option(names = {"-t", "--threads"}, paramLabel = "N", converter = Syntax.IntConverter.class,
                description = "I/O threads. Default: the CPUs, at most -c.")
        Integer threads;

        @Option(names = {"-D", "--duration"}, paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                description = "Measured time (a timed run), warm-up excluded.")
        Duration duration;

        @Option(names = "--warm-up-time", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                defaultValue = "0s", description = "Time sending requests before measuring; with -D or --stage.")
        Duration warmUp;

        @Option(names = {"-T", "--connect-timeout"}, paramLabel = "DURATION",
                converter = Syntax.DurationConverter.class, defaultValue = "10s",
                description = {"Time allowed to connect (TCP and TLS). Not h2load's -T (a connection's "
                        + "longest life), which this tool does not have."})
        Duration connectTimeout;

        @Option(names = {"-N", "--request-timeout", "--connection-inactivity-timeout"}, paramLabel = "DURATION",
                converter = Syntax.DurationConverter.class, defaultValue = "30s",
                description = {"Time a request may wait for its whole response; over it the request times out "
                        + "and its connection is opened again (h2load's -N, per request)."})
        Duration requestTimeout;

        @Option(names = "--h1", description = "HTTP/1.1 (pipelined when -m > 1). Default: h2c with prior knowledge "
                + "for http://, ALPN (h2 preferred) for https://, as h2load.")
        boolean h1;

        @Option(names = "--insecure", description = "Trust any certificate and host name (https only).")
        boolean insecure;
    }

    static final class RequestOptions {
        @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'", showDefaultValue = Visibility.NEVER,
                description = "Adds a request header; repeatable. Credential values are redacted in every report.")
        List<String> headers = new ArrayList<>();

        @Option(names = {"-d", "--data"}, paramLabel = "FILE",
                description = "Sends the file (at most 64 MiB) as the request body; the method becomes POST.")
        Path data;

        @Option(names = "--method", paramLabel = "METHOD",
                description = "The request method. Default: GET, or POST with -d.")
        String method;

        @Option(names = {"-i", "--input-file"}, paramLabel = "FILE",
                description = "Reads the URIs from a file (at most 16 MiB), one a line (blank lines and # comments "
                        + "skipped), instead of the command line.")
        Path inputFile;
    }

    static final class RateOptions {
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

    static final class OutputOptions {
        @Option(names = "--interval", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                defaultValue = "1s", description = "Length of the timeline's intervals (10ms to 1h): progress "
                        + "lines, --csv, --hlog, the JSON's intervals.")
        Duration interval;

        @Option(names = "--json", paramLabel = "FILE", description = "Writes the result as JSON (docs/json-format.md).")
        Path json;

        @Option(names = "--html", paramLabel = "FILE", description = "Writes a self-contained HTML report with charts.")
        Path html;

        @Option(names = "--hgrm", paramLabel = "FILE", description = "Writes the response time percentile "
                + "distribution (HdrHistogram .hgrm, milliseconds, as wrk2 prints it).")
        Path hgrm;

        @Option(names = "--hlog", paramLabel = "FILE", description = "Writes an HdrHistogram interval log: response "
                + "time per interval, and service time tagged '" + HistogramLogOutput.SERVICE_TAG + "'.")
        Path hlog;

        @Option(names = "--csv", paramLabel = "FILE", description = "Writes the timeline: one row per interval.")
        Path csv;

        @Option(names = {"-q", "--quiet"}, description = "No report on stdout and no progress on stderr: only "
                + "errors and breached gates (the files are still written).")
        boolean quiet;

        @Option(names = "--prometheus", paramLabel = "PORT", converter = Syntax.IntConverter.class,
                showDefaultValue = Visibility.NEVER, description = "Serves the live metrics on "
                        + "http://127.0.0.1:PORT/metrics during the run, for Prometheus to scrape (0: any free port, "
                        + "printed on stderr).")
        Integer prometheus;

        @Option(names = "--junit-xml", paramLabel = "FILE", description = "Writes a JUnit XML report for CI: one "
                + "test case per gate, the report in system-out. With $" + StepSummary.VARIABLE + " set (GitHub "
                + "Actions), a Markdown summary is also appended to that file.")
        Path junitXml;

        @Option(names = "--test-name", paramLabel = "NAME", showDefaultValue = Visibility.NEVER,
                description = "Names the run in --prometheus (tag test), --junit-xml and the step summary. "
                        + "Default: the first URI without its query.")
        String testName;
    }

    static final class GateOptions {
        @Option(names = "--max-p99", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                description = "Most the 99th percentile of response time may be.")
        Duration maxP99;

        @Option(names = "--max-latency", paramLabel = "PERCENTILE=DURATION",
                converter = Syntax.LatencyLimitConverter.class, showDefaultValue = Visibility.NEVER,
                description = "Most a percentile of response time may be: p50=5ms, p99.9=40ms, max=1s; "
                        + "repeatable.")
        List<Syntax.LatencyLimit> maxLatency = new ArrayList<>();

        @Option(names = "--min-rps", paramLabel = "RATE", converter = Syntax.RateConverter.class,
                description = "Fewest responses per second (req/s) the run may achieve.")
        Double minRps;

        @Option(names = "--max-error-rate", paramLabel = "FRACTION", converter = Syntax.FractionConverter.class,
                description = "Most failed requests (status >= 400, errors) of those done: 0.01 or 1%%.")
        Double maxErrorRate;

        @Option(names = "--require-ok", description = "The run's verdict must be ok (not errors, stalled, "
                + "overloaded or generator-saturated).")
        boolean requireOk;
    }

    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    PrintStream err() {
        return err;
    }

    PrintStream out() {
        return out;
    }

    LoadTestCommand(PrintStream out, PrintStream err, boolean terminal) {
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /** Runs the command and exits with its code. */
    public static void main(String[] args) {
        // Jetty (the demo server) logs its start at INFO; a user's own setting wins
        if (System.getProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        }
        System.exit(execute(args, System.out, System.err, System.console() != null));
    }

    /**
     * Runs the command with these streams and returns its exit code; {@code terminal} chooses the progress
     * bar over plain lines.
     */
    static int execute(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        CommandLine commandLine = new CommandLine(new LoadTestCommand(out, err, terminal));
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
        if (!uris.isEmpty() && request.inputFile != null) {
            throw usage(spec, "give the URIs on the command line or with -i, not both");
        }
        List<String> targets = targets();
        boolean demo = targets.isEmpty();
        checkCombinations();
        // every check before any load (and before the demo server starts): the settings (the builder's
        // rules; the demo's port is not known yet, any valid one stands in for it), the host, the files
        LoadTest planned = build(demo ? List.of("http://127.0.0.1:1/hello") : targets, demo);
        if (!demo) {
            checkResolvable(targets);
        }
        checkFiles(outputFiles().input("-d", request.data).input("-i", request.inputFile));
        List<dev.loadtest.Result> baselines = checkBaseline(demo);
        if (!demo && baseline.abBaseline != null) {
            return BaselineGate.interleaved(this, baseline, build(List.of(baseline.abBaseline), false),
                    build(targets, false), output.quiet);
        }
        this.baselines = baselines;
        if (!demo) {
            return run(planned);
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
            return run(build(List.of(server.uri("/hello").toString()), true));
        }
    }

    // ---- the settings --------------------------------------------------------------------------------

    /** The baseline runs to compare with after the run (--baseline); none unless given. */
    private List<dev.loadtest.Result> baselines = List.of();

    /** Checks the baseline options and reads --baseline's files before any load. */
    private List<dev.loadtest.Result> checkBaseline(boolean demo) {
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

    /**
     * The rules of the flags themselves: which may be given together, as the command maps them onto the
     * builder. A value out of range or a bad combination of settings is the builder's to say
     * ({@link #inFlagTerms}).
     */
    private void checkCombinations() {
        if (output.prometheus != null && (output.prometheus < 0 || output.prometheus > 65_535)) {
            throw usage(spec, "--prometheus (" + output.prometheus + ") must be within [0, 65535]");
        }
        if (output.testName != null && output.testName.isBlank()) {
            throw usage(spec, "--test-name ('" + output.testName + "') must not be blank");
        }
        for (String stages : List.of("--stage", "--concurrency-stage")) {
            if (matched(spec, stages)) {
                for (String other : List.of("-n", "-D", "-R", "--rps", "--stage")) {
                    if (!other.equals(stages) && matched(spec, other)) {
                        throw usage(spec, stages + " cannot be given with " + other + ": the stages set the "
                                + (stages.equals("--stage") ? "rate" : "concurrency") + " and the duration");
                    }
                }
            }
        }
        if (rate.rate != null && rate.rps != null) {
            throw usage(spec, "-R and --rps cannot both be given: -R is the total rate, --rps the rate per client");
        }
        if (rate.rate != null && rate.rate.isRamp() && load.requests != null) {
            throw usage(spec, "-R " + given(spec, "-R") + " ramps over the duration: give -D, not -n");
        }
    }

    /** The URIs from the command line or -i; empty for the demo. */
    private List<String> targets() {
        if (request.inputFile == null) {
            return uris;
        }
        List<String> lines;
        try {
            byte[] bytes = BoundedFile.read("-i", request.inputFile, MAX_INPUT_FILE_BYTES);
            lines = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString().lines()
                    .toList();
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        } catch (java.nio.charset.CharacterCodingException e) {
            throw usage(spec, "-i " + request.inputFile + ": the file is not UTF-8 text");
        } catch (IOException | UncheckedIOException e) {
            throw usage(spec, "-i " + request.inputFile + ": cannot read the file (" + describe(e) + ")");
        }
        List<String> read = new ArrayList<>();
        for (String line : lines) {
            String uri = line.strip();
            if (!uri.isEmpty() && !uri.startsWith("#")) {
                read.add(uri);
            }
        }
        if (read.isEmpty()) {
            throw usage(spec, "-i " + request.inputFile + ": the file has no URI");
        }
        return read;
    }

    private void checkResolvable(List<String> targets) {
        Set<String> hosts = new LinkedHashSet<>();
        for (String target : targets) {
            try {
                String host = new URI(target).getHost();
                if (host != null) {
                    hosts.add(host);
                }
            } catch (java.net.URISyntaxException e) {
                // LoadTest.target says what is wrong with it
            }
        }
        for (String host : hosts) {
            try {
                InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                throw usage(spec, "cannot resolve host " + host);
            }
        }
    }

    /** The output files given, to be checked with the files the command reads ({@link OutputFiles}). */
    OutputFiles outputFiles() {
        return new OutputFiles().output("--json", output.json).output("--html", output.html)
                .output("--hgrm", output.hgrm).output("--hlog", output.hlog).output("--csv", output.csv)
                .output("--junit-xml", output.junitXml);
    }

    /** Checks, before any load is sent, that the outputs can be written and overwrite nothing the command reads. */
    void checkFiles(OutputFiles files) {
        try {
            files.check();
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
    }

    private LoadTest build(List<String> targets, boolean demo) {
        try {
            LoadTest.Builder b = LoadTest.target(targets.toArray(String[]::new));
            int clients = clients(demo);
            b.clients(clients);
            b.streams(demo && !matched(spec, "-m") ? DEMO_CONCURRENCY : load.streams);
            if (load.threads != null) {
                b.threads(load.threads);
            }
            boolean https = targets.get(0).regionMatches(true, 0, "https:", 0, 6);
            b.protocol(load.h1 ? Protocol.HTTP_1_1 : https ? Protocol.NEGOTIATE : Protocol.HTTP_2);
            Duration duration = load.duration != null ? load.duration : demo ? Duration.ofSeconds(3) : DEFAULT_DURATION;
            if (!rate.stages.isEmpty()) {
                b.stages(rate.stages.toArray(Stage[]::new));
            } else if (!rate.concurrencyStages.isEmpty()) {
                b.stages(rate.concurrencyStages.toArray(Stage[]::new));
            } else if (rate.rate != null && rate.rate.isRamp()) {
                b.rate(rate.rate.from(), rate.rate.to(), duration);   // the ramp's length is the run's
            } else {
                if (load.requests != null) {
                    b.requests(load.requests);
                }
                if (load.requests == null || load.duration != null) {
                    b.duration(duration);   // both given: the builder says a run is counted or timed
                }
                if (rate.rate != null) {
                    b.rate(rate.rate.from());
                } else if (rate.rps != null) {
                    b.rate(rate.rps * clients);
                }
            }
            boolean timed = load.requests == null;
            if (matched(spec, "--warm-up-time")) {
                b.warmUp(load.warmUp);
            } else if (demo && timed) {
                b.warmUp(Duration.ofMillis(500));
            }
            b.connectTimeout(load.connectTimeout);
            b.requestTimeout(load.requestTimeout);
            b.maxBacklog(rate.maxBacklog);
            b.interval(output.interval);
            if (load.insecure) {
                b.insecureTrustAll();
            }
            for (String header : request.headers) {
                int colon = header.indexOf(':', 1);   // h2load's -H ':authority: x' has a leading colon
                if (colon < 0) {
                    throw usage(spec, "-H '" + Redaction.headerLine(header) + "' must be NAME: VALUE");
                }
                b.header(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
            }
            if (request.data != null) {
                b.body(request.data);
            }
            if (request.method != null) {
                b.method(request.method);
            }
            applyShard(b);
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw usage(spec, inFlagTerms(e.getMessage()));
        }
    }

    /**
     * The builder's parameters the command sets from one flag, longest name first (body file before body); a
     * stage's own duration is not the run's.
     */
    private static final Pattern PARAMETER = Pattern.compile("(?<!stage )\\b(body file|connectTimeout|requestTimeout|maxBacklog"
            + "|warmUp|startAt|clients|streams|threads|requests|duration|interval|body|rate) \\(([^()]*)\\)");

    /**
     * The builder's message with each parameter it names put as the flag that sets it, with the value as the
     * user typed it ({@code clients (0) must be >= 1} becomes {@code -c (0) must be >= 1}): the rules live in
     * {@link LoadTest.Builder}, the command only speaks of them in its own terms.
     */
    String inFlagTerms(String message) {
        Matcher m = PARAMETER.matcher(message.replace("clients x streams (", "-c x -m (")
                .replace("stage concurrency (", "--concurrency-stage ("));
        StringBuilder s = new StringBuilder();
        while (m.find()) {
            String flag = switch (m.group(1)) {
                case "body file", "body" -> "-d";
                case "connectTimeout" -> "-T";
                case "requestTimeout" -> "-N";
                case "maxBacklog" -> "--max-backlog";
                case "warmUp" -> "--warm-up-time";
                case "startAt" -> shard.startDelay != null ? "--start-delay" : "--start-at";
                case "clients" -> "-c";
                case "streams" -> "-m";
                case "threads" -> "-t";
                case "requests" -> "-n";
                case "duration" -> "-D";
                case "interval" -> "--interval";
                default -> rate.rps != null ? "--rps" : "-R";
            };
            String value = matched(spec, flag) ? given(spec, flag) : m.group(2);
            m.appendReplacement(s, Matcher.quoteReplacement(flag + " (" + value + ")"));
        }
        m.appendTail(s);
        return s.toString().replace("insecureTrustAll is set", "--insecure is set");
    }

    /** --shard, --shards with $JOB_COMPLETION_INDEX, --start-at, --start-delay. */
    private void applyShard(LoadTest.Builder b) {
        if (shard.shard != null && shard.shards != null) {
            throw usage(spec, "--shard and --shards cannot both be given: --shards takes the index from $"
                    + JOB_COMPLETION_INDEX);
        }
        if (shard.shard != null) {
            String[] parts = shard.shard.split("/", -1);
            if (parts.length != 2) {
                throw usage(spec, "--shard (" + shard.shard + ") must be I/N, e.g. 0/3 (0-based index I of N shards)");
            }
            b.shard(shardNumber("--shard index", parts[0]), shardNumber("--shard count", parts[1]));
        } else if (shard.shards != null) {
            String index = environment.apply(JOB_COMPLETION_INDEX);
            if (index == null || index.isBlank()) {
                throw usage(spec, "--shards (" + shard.shards + ") needs $" + JOB_COMPLETION_INDEX
                        + " (set by a Kubernetes Indexed Job); elsewhere give --shard I/N");
            }
            b.shard(shardNumber("$" + JOB_COMPLETION_INDEX, index), shard.shards);
        }
        if (shard.startAt != null && shard.startDelay != null) {
            throw usage(spec, "--start-at and --start-delay cannot both be given");
        }
        java.time.Instant now = java.time.Instant.now();
        if (shard.startAt != null) {
            java.time.Instant at;
            try {
                java.math.BigDecimal seconds = new java.math.BigDecimal(shard.startAt.strip());
                // exact: 1e20 must not wrap around into some other time
                at = java.time.Instant.ofEpochSecond(seconds.setScale(0, java.math.RoundingMode.FLOOR).longValueExact(),
                        seconds.remainder(java.math.BigDecimal.ONE).movePointRight(9).longValue());
            } catch (NumberFormatException | ArithmeticException | java.time.DateTimeException e) {
                throw usage(spec, "--start-at (" + shard.startAt + ") must be seconds since 1970 (UTC), e.g. "
                        + now.getEpochSecond());
            }
            if (at.isAfter(now.plus(LoadTest.MAX_START_DELAY))) {
                throw usage(spec, "--start-at (" + shard.startAt + ", " + at + ") must be at most 1h from now (" + now
                        + ")");
            }
            b.startAt(at);
        } else if (shard.startDelay != null) {
            if (shard.startDelay.compareTo(LoadTest.MAX_START_DELAY) > 0) {
                throw usage(spec, "--start-delay (" + given(spec, "--start-delay") + ") must be at most 1h");
            }
            java.time.Instant at = now.plus(shard.startDelay);
            // whole seconds: processes started within the same second share the start
            b.startAt(at.getNano() == 0 ? at : java.time.Instant.ofEpochSecond(at.getEpochSecond() + 1));
        }
    }

    private int shardNumber(String what, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw usage(spec, what + " (" + text + ") must be a whole number");
        }
    }

    // ---- the run -------------------------------------------------------------------------------------

    /**
     * Runs the test, then writes the files and the report. A JVM shutdown (Ctrl-C, SIGTERM) stops the run
     * early; the partial result is still reported and written before the JVM exits.
     */
    private int run(LoadTest planned) throws Exception {
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
        PrometheusOutput prometheus = startPrometheus(planned, withListeners);
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
            return report(result, hlog);
        } finally {
            close(prometheus);
            onShutdown.release();
        }
    }

    /** --prometheus: serves the live metrics from now until {@link #close(PrometheusOutput)}; null without it. */
    private PrometheusOutput startPrometheus(LoadTest planned, LoadTest.Builder withListeners) {
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

    /** Writes the files, prints the report and the gates; returns the exit code. */
    int report(Result result, HistogramLogOutput hlog) {
        List<Gate.Outcome> outcomes = checkGates(result);
        String testName = TestName.of(result.test(), output.testName);
        OutputWriter files = new OutputWriter(err);
        if (hlog != null) {
            files.write("--hlog", output.hlog, hlog::close);
        }
        files.write("--json", output.json, () -> ResultJson.write(result, output.json));
        files.write("--csv", output.csv, () -> {
            try (Writer w = Files.newBufferedWriter(output.csv, StandardCharsets.UTF_8)) {
                TimelineCsv.write(result, w);
            }
        });
        files.write("--hgrm", output.hgrm, () -> {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream p = new PrintStream(text, false, StandardCharsets.UTF_8)) {
                // nanoseconds shown as milliseconds, 5 ticks per half distance: what wrk2 --latency prints
                result.responseTime().toHistogram().outputPercentileDistribution(p, 5, 1_000_000.0);
            }
            Files.write(output.hgrm, text.toByteArray());   // unlike a PrintStream, fails loudly
        });
        files.write("--html", output.html, () -> HtmlReport.write(result,
                outcomes.stream().map(Gate.Outcome::forReport).toList(), output.html));
        files.write("--junit-xml", output.junitXml,
                () -> JunitXmlOutput.write(output.junitXml, testName, result, outcomes, java.time.Instant.now()));
        Path summary = StepSummary.file(environment);
        files.write("$" + StepSummary.VARIABLE, summary, () -> StepSummary.append(summary, testName, result, outcomes));
        if (!output.quiet) {
            out.println();
            out.print(result);
        }
        if (!outcomes.isEmpty() && !output.quiet) {
            out.println("gates:");
            for (Gate.Outcome o : outcomes) {
                out.println("  " + (o.passed() ? "ok        " : "BREACHED  ") + o);
            }
        }
        out.flush();
        boolean toldWhy = setupLine(result);
        boolean breached = false;
        for (Gate.Outcome o : outcomes) {
            if (!o.passed()) {
                err.println("loadtest: gate breached: " + o);
                breached = true;
            }
        }
        if (outcomes.isEmpty() && !toldWhy) {
            NoSuccessNotice.of(result).ifPresent(err::println);   // exit 0 as h2load, but not silently
        }
        int code = files.failed() ? RUN_FAILED : breached ? GATE_BREACHED : OK;
        return baselines.isEmpty() ? code : BaselineGate.check(this, baseline, baselines, result, output.quiet, code);
    }

    /**
     * A run in which nothing succeeded because of a protocol or TLS error (a wrong setup: plain HTTP to a
     * TLS port, h2c to an HTTP/1.1-only server) says why in one line on stderr: the error's sample, which
     * for a wrong setup says what to change ("127.0.0.1:8443 speaks TLS: use https://"). Returns whether it
     * printed that line, which then is the run's one line about why nothing succeeded.
     */
    private boolean setupLine(Result result) {
        if (result.requests().succeeded() > 0) {
            return false;
        }
        for (dev.loadtest.ErrorCategory c : List.of(dev.loadtest.ErrorCategory.TLS, dev.loadtest.ErrorCategory.PROTOCOL)) {
            dev.loadtest.ErrorCount e = result.errors().get(c);
            if (e != null && !e.sampleMessage().isBlank()) {
                err.println("loadtest: " + e.sampleMessage());
                return true;
            }
        }
        return false;
    }

    private List<Gate.Outcome> checkGates(Result result) {
        List<Gate> list = new ArrayList<>();
        if (gates.maxP99 != null) {
            list.add(Gate.maxLatency(new Syntax.LatencyLimit(99, gates.maxP99)));
        }
        for (Syntax.LatencyLimit limit : gates.maxLatency) {
            list.add(Gate.maxLatency(limit));
        }
        if (gates.minRps != null) {
            list.add(Gate.minRequestsPerSecond(gates.minRps));
        }
        if (gates.maxErrorRate != null) {
            list.add(Gate.maxErrorRate(gates.maxErrorRate));
        }
        if (gates.requireOk) {
            list.add(Gate.requireOk());
        }
        return list.stream().map(g -> g.check(result)).toList();
    }

    // ---- helpers -------------------------------------------------------------------------------------

    /** -c, or the demo's default when the demo runs without it. */
    private int clients(boolean demo) {
        return demo && !matched(spec, "-c") ? DEMO_CONCURRENCY : load.clients;
    }

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
