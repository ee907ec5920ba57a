package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.given;
import static dev.loadtest.samples.cli.CommandFlags.matched;
import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.Capacity;
import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityListener;
import dev.loadtest.CapacityRun;
import dev.loadtest.CapacityStep;
import dev.loadtest.LoadTest;
import dev.loadtest.Objective;
import dev.loadtest.json.CapacityJson;
import dev.loadtest.report.CapacityReport;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest capacity [run options] --max-p99 50ms --max-error-rate 0.1% URI}: searches the highest rate the
 * server holds within the objective ({@link Capacity}), prints each step as it ends (stderr), then the steps as a
 * table and the answer (stdout), and writes {@code --json} / {@code --html}. A JVM shutdown (Ctrl-C) stops the
 * search; the steps done and the bounds so far are still printed and written.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        showDefaultValues = true,
        headerHeading = "%n", synopsisHeading = "Usage: ", descriptionHeading = "%n", parameterListHeading = "%n",
        optionListHeading = "%nOptions:%n",
        description = {
            "Searches the highest request rate the server holds within an objective: open-model steps at constant "
                + "rates (each with its warm-up, response times corrected for coordinated omission), doubling from "
                + "--start-rate until a step breaks the objective, bisecting to --resolution, then running the "
                + "highest rate held again to confirm it.",
            "When the load generator, not the server, is the limit (our scheduler fell behind, or the rate was not "
                + "achieved while the server kept up), it says so and gives no capacity figure.",
            "The objective: --max-p99 / --max-latency (response time), --max-error-rate (1%% when not given), and "
                + "always: the offered rate achieved (not overloaded). At least one of the first two is required."},
        footerHeading = "%n",
        footer = {
            "Exit codes:",
            "  0  found (or held at --max-rate)",
            "  1  the objective fails even at the starting rate",
            "  2  usage error: bad option or value, no objective, a start rate the connections cannot carry",
            "  3  limited by the load generator: no capacity figure",
            "  4  stopped before an answer, the search failed, or an output file could not be written",
            "",
            "Examples:",
            "  loadtest capacity -c 32 -m 4 --max-p99 50ms --max-error-rate 0.1%% URI",
            "  loadtest capacity --h1 -c 64 --start-rate 500 --step-duration 10s --max-p99 25ms --json cap.json URI"})
final class CapacityCommand implements Callable<Integer> {

    /** Found, or held at the highest rate asked. */
    static final int FOUND = 0;
    /** The objective fails at the starting rate already. */
    static final int NOT_HELD_AT_START = 1;
    /** A usage error, as the main command's. */
    static final int USAGE = LoadTestCommand.USAGE;
    /** The generator was the limit. */
    static final int GENERATOR_LIMITED = 3;
    /** Stopped before an answer, the search failed, or an output file could not be written. */
    static final int FAILED = 4;

    @ParentCommand
    LoadTestCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URI", arity = "1..*", showDefaultValue = Visibility.NEVER,
            description = "Targets on one server, used round robin on each connection.")
    List<String> uris = new ArrayList<>();

    // exclusive = false: what picocli makes of a non-validating group anyway; see LoadTestCommand's groups
    @ArgGroup(validate = false, exclusive = false,
            heading = "%nConnections and requests (as the main command; -n and -D do not apply, "
            + "--warm-up-time is each step's):%n", order = 1)
    LoadOptions load = new LoadOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nRequests:%n", order = 2)
    RequestOptions request = new RequestOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nObjective:%n", order = 3)
    ObjectiveOptions objective = new ObjectiveOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nSearch:%n", order = 4)
    SearchOptions search = new SearchOptions();

    @Option(names = "--json", paramLabel = "FILE", order = 5,
            description = "Writes the answer as JSON: a capacity object with each step's result.")
    Path json;

    @Option(names = "--html", paramLabel = "FILE", order = 5,
            description = "Writes an HTML report: response time percentiles against rate, with the objective.")
    Path html;

    @Option(names = {"-q", "--quiet"}, order = 5, description = "No step lines on stderr, no table: the answer only.")
    boolean quiet;

    static final class ObjectiveOptions {
        @Option(names = "--max-p99", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                description = "Most the 99th percentile of response time may be.")
        Duration maxP99;

        @Option(names = "--max-latency", paramLabel = "PERCENTILE=DURATION",
                converter = Syntax.LatencyLimitConverter.class, showDefaultValue = Visibility.NEVER,
                description = "Most a percentile of response time may be: p50=5ms, p99.9=40ms, max=1s; repeatable.")
        List<Syntax.LatencyLimit> maxLatency = new ArrayList<>();

        @Option(names = "--max-error-rate", paramLabel = "FRACTION", converter = Syntax.FractionConverter.class,
                description = "Most failed requests (status >= 400, errors) of those done: 0.001 or 0.1%%. "
                        + "Default when not given: 1%%.")
        Double maxErrorRate;
    }

    static final class SearchOptions {
        @Option(names = "--start-rate", paramLabel = "RATE", converter = Syntax.RateConverter.class,
                defaultValue = "100", description = "The first step's rate (req/s); at most -c x -m / 1ms.")
        double startRate;

        @Option(names = "--max-rate", paramLabel = "RATE", converter = Syntax.RateConverter.class,
                showDefaultValue = Visibility.NEVER,
                description = "The highest rate to try: a step holding it ends the search (\"at least\").")
        Double maxRate;

        @Option(names = "--resolution", paramLabel = "FRACTION", converter = Syntax.FractionConverter.class,
                defaultValue = "5%", description = "Bisect until held and failed rates are this close: (0, 50%%].")
        double resolution;

        @Option(names = "--step-duration", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
                defaultValue = "5s", description = "Each step's measured time (100ms to 1h), after its warm-up "
                        + "(--warm-up-time, default 1s).")
        Duration stepDuration;
    }

    @Override
    public Integer call() {
        for (String counted : List.of("-n", "-D")) {
            if (matched(spec, counted)) {
                throw usage(spec, counted + " does not apply to a capacity search: each step runs --step-duration "
                        + "after --warm-up-time");
            }
        }
        Capacity capacity = capacity();
        checkOutputFile("--json", json);
        checkOutputFile("--html", html);
        PrintStream out = parent.out();
        PrintStream err = parent.err();
        if (!quiet) {
            out.println("searching " + capacity);
            out.flush();
        }
        // the hook before the search: a signal in the first step must find something to stop
        AtomicReference<CapacityRun> started = new AtomicReference<>();
        AtomicBoolean shuttingDown = new AtomicBoolean();
        ReportOnShutdown onShutdown = ReportOnShutdown.register("loadtest-capacity-report-on-shutdown", () -> {
            shuttingDown.set(true);
            CapacityRun search = started.get();
            if (search != null) {
                search.stop();
            }
        });
        try {
            CapacityRun run = capacity.start();
            started.set(run);
            if (shuttingDown.get()) {
                run.stop();   // the hook ran between start() and set()
            }
            CapacityAnswer answer;
            try {
                answer = run.answer().get();
            } catch (ExecutionException e) {
                err.println("loadtest: capacity search failed: " + LoadTestCommand.describe(e.getCause()));
                return FAILED;
            } catch (InterruptedException e) {
                run.stop();
                Thread.currentThread().interrupt();
                answer = run.answer().join();
            }
            return report(answer, out, err);
        } finally {
            onShutdown.release();
        }
    }

    private int report(CapacityAnswer answer, PrintStream out, PrintStream err) {
        // checkOutputFile only looked at the folders: they are made here
        boolean written = !new OutputWriter(err)
                .writeInFolder("--json", json, () -> CapacityJson.write(answer, json))
                .writeInFolder("--html", html, () -> CapacityReport.write(answer, html))
                .failed();
        if (!quiet) {
            out.println();
            out.print(answer);
        } else {
            out.println(answer.summary());
        }
        out.flush();
        return switch (answer.conclusion()) {
            case FOUND, MAX_RATE_HELD -> written ? FOUND : FAILED;
            case NOT_HELD_AT_START -> written ? NOT_HELD_AT_START : FAILED;
            case GENERATOR_LIMITED -> written ? GENERATOR_LIMITED : FAILED;
            case STOPPED -> FAILED;
        };
    }

    private Capacity capacity() {
        Objective o = Objective.empty();
        if (objective.maxP99 != null) {
            o = o.maxResponseTime(99, positive("--max-p99", objective.maxP99));
        }
        for (Syntax.LatencyLimit limit : objective.maxLatency) {
            if (limit.percentile() == 0) {
                throw usage(spec, "--max-latency " + limit.name() + ": the percentile must be above 0");
            }
            o = o.maxResponseTime(limit.percentile(), positive("--max-latency " + limit.name(), limit.max()));
        }
        if (objective.maxErrorRate != null) {
            o = o.maxErrorRate(objective.maxErrorRate);
        }
        if (o.isEmpty()) {
            throw usage(spec, "no objective: give --max-p99, --max-latency or --max-error-rate (a search without one "
                    + "would hold at every rate)");
        }
        if (!(search.resolution > 0 && search.resolution <= 0.5)) {
            throw usage(spec, "--resolution (" + given(spec, "--resolution") + ") must be within (0, 50%]");
        }
        try {
            Capacity.Builder b = Capacity.of(template(), o).startRate(search.startRate).resolution(search.resolution)
                    .stepDuration(search.stepDuration);
            if (search.maxRate != null) {
                b.maxRate(search.maxRate);
            }
            if (matched(spec, "--warm-up-time")) {
                b.stepWarmUp(load.warmUp);
            }
            if (!quiet) {
                b.listener(new StepLines(parent.err()));
            }
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw usage(spec, FlagTerms.of(e.getMessage(), spec));
        }
    }

    /** The settings every step shares, as the main command reads them (h2c by default for http://, as h2load). */
    private LoadTest.Builder template() {
        if (request.inputFile != null) {
            throw usage(spec, "-i does not apply to a capacity search: give the URIs on the command line");
        }
        LoadTest.Builder b = RequestTemplates.target(spec, request, uris);
        b.clients(load.clients).streams(load.streams);
        TestFromFlags.connectionsAndRequests(b, spec, load, request, uris.get(0));
        return b;
    }

    private Duration positive(String option, Duration d) {
        if (d.isZero()) {
            throw usage(spec, option + " (0) must be > 0");
        }
        return d;
    }

    private void checkOutputFile(String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw usage(spec, option + " " + file + ": is a directory");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && Files.isDirectory(dir) && !Files.isWritable(dir)) {
            throw usage(spec, option + " " + file + ": the directory " + dir + " is not writable");
        }
    }

    /** One line per step on stderr as it ends: {@code step 3  doubling  400 req/s  failed  p99 ...}. */
    private static final class StepLines implements CapacityListener {
        private final PrintStream err;

        StepLines(PrintStream err) {
            this.err = err;
        }

        @Override
        public void onStepStart(int number, CapacityStep.Phase phase, double rate) {
            err.printf(Locale.ROOT, "step %d  %-10s %s req/s ...%n", number, phase.label(), number(rate));
            err.flush();
        }

        @Override
        public void onStep(CapacityStep step, CapacityAnswer soFar) {
            err.printf(Locale.ROOT, "step %d  %-10s %s req/s  %s%s%n", step.number(), step.phase().label(),
                    number(step.rate()), step.outcome().label(), step.reason().isEmpty() ? "" : ": " + step.reason());
            err.flush();
        }

        private static String number(double rate) {
            return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
        }
    }
}
