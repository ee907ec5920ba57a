package dev.loadtest.samples.cli;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.json.ResultJson;
import dev.loadtest.samples.DemoServer;
import dev.loadtest.samples.report.HtmlReport;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
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
 * listed on stderr, "required X, actual Y"); {@value #USAGE} a usage error (bad flag or value, unreadable
 * file, unresolvable host: one line on stderr); {@value #RUN_FAILED} the run or its output failed.
 */
@Command(name = "loadtest", mixinStandardHelpOptions = true, versionProvider = LoadTestCommand.Version.class,
        subcommands = MergeCommand.class,
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
            "  2  usage error: bad option or value, unreadable file, unresolvable host",
            "  3  the run failed, or an output file could not be written",
            "",
            "Examples:",
            "  loadtest                                   # the embedded demo server",
            "  loadtest -n 100k -c 100 -m 10 URI          # h2c, as h2load",
            "  loadtest --h1 -c 10 -D 30s --warm-up-time 5s URI",
            "  loadtest -c 20 -R 100:2k -D 1m --hgrm run.hgrm URI       # a ramp, as zrk",
            "  loadtest -c 20 --stage 0:1k/10s --stage 1k/30s --max-p99 25ms URI",
            "  loadtest --shard 0/3 --start-at 1767225600 -c 30 -D 1m --json s0.json URI   # one of 3 shards",
            "  loadtest merge s0.json s1.json s2.json --html all.html --max-p99 25ms"})
public final class LoadTestCommand implements Callable<Integer> {

    /** Done, every gate kept. */
    public static final int OK = 0;
    /** At least one gate breached. */
    public static final int GATE_BREACHED = 1;
    /** A usage error: bad option or value, unreadable file, unresolvable host. */
    public static final int USAGE = 2;
    /** The run failed, or an output file could not be written. */
    public static final int RUN_FAILED = 3;

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
                description = "Sends the file as the request body; the method becomes POST.")
        Path data;

        @Option(names = "--method", paramLabel = "METHOD",
                description = "The request method. Default: GET, or POST with -d.")
        String method;

        @Option(names = {"-i", "--input-file"}, paramLabel = "FILE",
                description = "Reads the URIs from a file, one a line (blank lines and # comments skipped), "
                        + "instead of the command line.")
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
            throw usage("give the URIs on the command line or with -i, not both");
        }
        List<String> targets = targets();
        boolean demo = targets.isEmpty();
        checkCombinations(demo);
        if (!demo) {
            checkResolvable(targets);
        }
        checkOutputFiles();
        if (!demo) {
            return run(build(targets, false));
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

    private void checkCombinations(boolean demo) {
        atLeast("-c", load.clients, 1);
        atLeast("-m", load.streams, 1);
        int clients = clients(demo);
        atLeast("--max-backlog", rate.maxBacklog, 1);
        if (load.threads != null) {
            atLeast("-t", load.threads, 1);
            if (load.threads > clients) {
                throw usage("-t (" + load.threads + ") must be <= -c (" + clients + "): a thread serves "
                        + "at least one connection");
            }
        }
        if (load.requests != null) {
            atLeast("-n", load.requests, 1);
            if (load.requests < clients) {
                throw usage("-n (" + load.requests + ") must be >= -c (" + clients + "): each client "
                        + "does at least one request");
            }
        }
        if (load.duration != null && load.duration.isZero()) {
            throw usage("-D (0) must be > 0");
        }
        if (load.connectTimeout.isZero()) {
            throw usage("-T (0) must be > 0");
        }
        if (load.requestTimeout.isZero()) {
            throw usage("-N (0) must be > 0");
        }
        if (output.interval.compareTo(Duration.ofMillis(10)) < 0 || output.interval.compareTo(Duration.ofHours(1)) > 0) {
            throw usage("--interval (" + given("--interval") + ") must be within [10ms, 1h]");
        }
        if (rate.rps != null && rate.rps == 0) {
            throw usage("--rps (0) must be > 0");
        }
        if (load.requests != null && load.duration != null) {
            throw usage("-n and -D cannot both be given: a run is counted (-n) or timed (-D)");
        }
        for (String stages : List.of("--stage", "--concurrency-stage")) {
            if (matched(stages)) {
                for (String other : List.of("-n", "-D", "-R", "--rps", "--stage")) {
                    if (!other.equals(stages) && matched(other)) {
                        throw usage(stages + " cannot be given with " + other + ": the stages set the "
                                + (stages.equals("--stage") ? "rate" : "concurrency") + " and the duration");
                    }
                }
            }
        }
        if (rate.rate != null && rate.rps != null) {
            throw usage("-R and --rps cannot both be given: -R is the total rate, --rps the rate per client");
        }
        if (rate.rate != null && rate.rate.isRamp() && load.requests != null) {
            throw usage("-R " + given("-R") + " ramps over the duration: give -D, not -n");
        }
        if (!load.warmUp.isZero() && load.requests != null) {
            throw usage("--warm-up-time needs a timed run: a counted run (-n) has no warm-up");
        }
    }

    /** The URIs from the command line or -i; empty for the demo. */
    private List<String> targets() {
        if (request.inputFile == null) {
            return uris;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(request.inputFile, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw usage("-i " + request.inputFile + ": cannot read the file (" + describe(e) + ")");
        }
        List<String> read = new ArrayList<>();
        for (String line : lines) {
            String uri = line.strip();
            if (!uri.isEmpty() && !uri.startsWith("#")) {
                read.add(uri);
            }
        }
        if (read.isEmpty()) {
            throw usage("-i " + request.inputFile + ": the file has no URI");
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
                throw usage("cannot resolve host " + host);
            }
        }
    }

    /** Checks the output files can be written (their folders made) before spending time on a run. */
    void checkOutputFiles() {
        String[] names = {"--json", "--html", "--hgrm", "--hlog", "--csv"};
        Path[] paths = {output.json, output.html, output.hgrm, output.hlog, output.csv};
        for (int i = 0; i < names.length; i++) {
            Path file = paths[i];
            if (file == null) {
                continue;
            }
            if (Files.isDirectory(file)) {
                throw usage(names[i] + " " + file + ": is a directory");
            }
            Path parent = file.toAbsolutePath().getParent();
            try {
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (IOException e) {
                throw usage(names[i] + " " + file + ": cannot create its directory (" + describe(e) + ")");
            }
            if (parent != null && !Files.isWritable(parent)) {
                throw usage(names[i] + " " + file + ": the directory " + parent + " is not writable");
            }
            if (Files.exists(file) && !Files.isWritable(file)) {
                throw usage(names[i] + " " + file + ": the file is not writable");
            }
        }
    }

    private LoadTest build(List<String> targets, boolean demo) {
        try {
            LoadTest.Builder b = LoadTest.target(targets.toArray(String[]::new));
            int clients = clients(demo);
            b.clients(clients);
            b.streams(demo && !matched("-m") ? DEMO_CONCURRENCY : load.streams);
            if (load.threads != null) {
                b.threads(load.threads);
            }
            boolean https = targets.get(0).regionMatches(true, 0, "https:", 0, 6);
            if (load.insecure && !https) {
                throw usage("--insecure is for https targets only");
            }
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
                } else {
                    b.duration(duration);
                }
                if (rate.rate != null) {
                    b.rate(rate.rate.from());
                } else if (rate.rps != null) {
                    b.rate(rate.rps * clients);
                }
            }
            boolean timed = load.requests == null;
            if (matched("--warm-up-time")) {
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
                    throw usage("-H '" + header + "' must be NAME: VALUE");
                }
                b.header(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
            }
            if (request.data != null) {
                if (!Files.isRegularFile(request.data) || !Files.isReadable(request.data)) {
                    throw usage("-d " + request.data + ": cannot read the file");
                }
                b.body(request.data);
            }
            if (request.method != null) {
                b.method(request.method);
            }
            applyShard(b);
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw usage(e.getMessage());
        }
    }

    /** --shard, --shards with $JOB_COMPLETION_INDEX, --start-at, --start-delay. */
    private void applyShard(LoadTest.Builder b) {
        if (shard.shard != null && shard.shards != null) {
            throw usage("--shard and --shards cannot both be given: --shards takes the index from $"
                    + JOB_COMPLETION_INDEX);
        }
        if (shard.shard != null) {
            String[] parts = shard.shard.split("/", -1);
            if (parts.length != 2) {
                throw usage("--shard (" + shard.shard + ") must be I/N, e.g. 0/3 (0-based index I of N shards)");
            }
            b.shard(shardNumber("--shard index", parts[0]), shardNumber("--shard count", parts[1]));
        } else if (shard.shards != null) {
            String index = environment.apply(JOB_COMPLETION_INDEX);
            if (index == null || index.isBlank()) {
                throw usage("--shards (" + shard.shards + ") needs $" + JOB_COMPLETION_INDEX
                        + " (set by a Kubernetes Indexed Job); elsewhere give --shard I/N");
            }
            b.shard(shardNumber("$" + JOB_COMPLETION_INDEX, index), shard.shards);
        }
        if (shard.startAt != null && shard.startDelay != null) {
            throw usage("--start-at and --start-delay cannot both be given");
        }
        java.time.Instant now = java.time.Instant.now();
        if (shard.startAt != null) {
            java.time.Instant at;
            try {
                java.math.BigDecimal seconds = new java.math.BigDecimal(shard.startAt.strip());
                at = java.time.Instant.ofEpochSecond(seconds.longValue(),
                        seconds.remainder(java.math.BigDecimal.ONE).movePointRight(9).longValue());
            } catch (NumberFormatException | ArithmeticException | java.time.DateTimeException e) {
                throw usage("--start-at (" + shard.startAt + ") must be seconds since 1970 (UTC), e.g. "
                        + now.getEpochSecond());
            }
            if (at.isAfter(now.plus(LoadTest.MAX_START_DELAY))) {
                throw usage("--start-at (" + shard.startAt + ", " + at + ") must be at most 1h from now (" + now + ")");
            }
            b.startAt(at);
        } else if (shard.startDelay != null) {
            if (shard.startDelay.compareTo(LoadTest.MAX_START_DELAY) > 0) {
                throw usage("--start-delay (" + given("--start-delay") + ") must be at most 1h");
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
            throw usage(what + " (" + text + ") must be a whole number");
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
                throw usage("--hlog " + output.hlog + ": " + describe(e));
            }
            withListeners.listener(hlog);
        }
        LoadTest test = withListeners.build();
        if (!output.quiet) {
            out.println("running " + planned);
            out.flush();
        }
        LoadTestRun run = test.start();
        CountDownLatch reported = new CountDownLatch(1);
        Thread onShutdown = new Thread(() -> {
            run.stop();
            try {
                reported.await(10, TimeUnit.SECONDS);   // bounded: a stuck disk must not hold the JVM forever
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "loadtest-report-on-shutdown");
        Runtime.getRuntime().addShutdownHook(onShutdown);
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
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onShutdown);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and has just been released
            }
        }
    }

    /** Writes the files, prints the report and the gates; returns the exit code. */
    int report(Result result, HistogramLogOutput hlog) {
        int code = OK;
        if (hlog != null) {
            code = write("--hlog", output.hlog, hlog::close, code);
        }
        code = write("--json", output.json, () -> ResultJson.write(result, output.json), code);
        code = write("--csv", output.csv, () -> {
            try (Writer w = Files.newBufferedWriter(output.csv, StandardCharsets.UTF_8)) {
                TimelineCsv.write(result, w);
            }
        }, code);
        code = write("--hgrm", output.hgrm, () -> {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream p = new PrintStream(text, false, StandardCharsets.UTF_8)) {
                // nanoseconds shown as milliseconds, 5 ticks per half distance: what wrk2 --latency prints
                result.responseTime().toHistogram().outputPercentileDistribution(p, 5, 1_000_000.0);
            }
            Files.write(output.hgrm, text.toByteArray());   // unlike a PrintStream, fails loudly
        }, code);
        code = write("--html", output.html, () -> HtmlReport.write(result, output.html), code);
        if (!output.quiet) {
            out.println();
            out.print(result);
        }
        List<Gate.Outcome> outcomes = checkGates(result);
        if (!outcomes.isEmpty() && !output.quiet) {
            out.println("gates:");
            for (Gate.Outcome o : outcomes) {
                out.println("  " + (o.passed() ? "ok        " : "BREACHED  ") + o);
            }
        }
        out.flush();
        setupLine(result);
        boolean breached = false;
        for (Gate.Outcome o : outcomes) {
            if (!o.passed()) {
                err.println("loadtest: gate breached: " + o);
                breached = true;
            }
        }
        return code != OK ? code : breached ? GATE_BREACHED : OK;
    }

    /**
     * A run in which nothing succeeded because of a protocol or TLS error (a wrong setup: plain HTTP to a
     * TLS port, h2c to an HTTP/1.1-only server) says why in one line on stderr: the error's sample, which
     * for a wrong setup says what to change ("127.0.0.1:8443 speaks TLS: use https://").
     */
    private void setupLine(Result result) {
        if (result.requests().succeeded() > 0) {
            return;
        }
        for (dev.loadtest.ErrorCategory c : List.of(dev.loadtest.ErrorCategory.TLS, dev.loadtest.ErrorCategory.PROTOCOL)) {
            dev.loadtest.ErrorCount e = result.errors().get(c);
            if (e != null && !e.sampleMessage().isBlank()) {
                err.println("loadtest: " + e.sampleMessage());
                return;
            }
        }
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

    private interface Output {
        void write() throws IOException;
    }

    /** Writes one output file; a failure is reported on its own line and makes the exit code 3. */
    private int write(String option, Path file, Output output, int code) {
        if (file == null) {
            return code;
        }
        try {
            output.write();
            return code;
        } catch (IOException | RuntimeException e) {
            err.println("loadtest: " + option + " " + file + ": cannot write (" + describe(e) + ")");
            return RUN_FAILED;
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------

    /** -c, or the demo's default when the demo runs without it. */
    private int clients(boolean demo) {
        return demo && !matched("-c") ? DEMO_CONCURRENCY : load.clients;
    }

    private boolean matched(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** The text given for an option (its last occurrence). */
    private String given(String option) {
        List<String> values = spec.commandLine().getParseResult().matchedOption(option).stringValues();
        return values.get(values.size() - 1);
    }

    private void atLeast(String option, long value, long min) {
        if (value < min) {
            throw usage(option + " (" + value + ") must be >= " + min);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
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
