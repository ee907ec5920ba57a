package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.given;
import static dev.loadtest.samples.cli.CommandFlags.matched;
import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Redaction;
import dev.loadtest.Stage;
import dev.loadtest.check.Check;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The main command's flags mapped onto {@link LoadTest.Builder}. The builder holds the rules: a value out of range
 * or a bad combination of settings is its to say, and {@link FlagTerms} puts its message in flag terms. Only the
 * rules of the flags themselves are here: two flags that set one setting ({@code -R} and {@code --rps}, the three
 * ways to give stages, {@code --shard} and {@code --shards}, {@code --start-at} and {@code --start-delay}), and
 * the syntax of a flag's text.
 */
final class TestFromFlags {

    /** When neither -n, -D nor --stage says how long to run (h2load's -n 1 is no load test). */
    static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
    /** The demo's -c and -m unless given: h2c, 10 connections of 10 streams, as the README's first command. */
    static final int DEMO_CONCURRENCY = 10;
    /** The demo's -D and --warm-up-time unless given. */
    private static final Duration DEMO_DURATION = Duration.ofSeconds(3);
    private static final Duration DEMO_WARM_UP = Duration.ofMillis(500);
    /** Kubernetes sets it in each pod of an Indexed Job: 0 .. completions - 1. */
    static final String JOB_COMPLETION_INDEX = "JOB_COMPLETION_INDEX";

    private final CommandSpec spec;
    private final LoadOptions load;
    private final RequestOptions request;
    private final RateOptions rate;
    private final OutputOptions output;
    private final ShardOptions shard;
    private final UnaryOperator<String> environment;
    private ExpectOptions expect = new ExpectOptions();

    /** {@code environment} gives --shards its index ({@value #JOB_COMPLETION_INDEX}). */
    TestFromFlags(CommandSpec spec, LoadOptions load, RequestOptions request, RateOptions rate, OutputOptions output,
                  ShardOptions shard, UnaryOperator<String> environment) {
        this.spec = spec;
        this.load = load;
        this.request = request;
        this.rate = rate;
        this.output = output;
        this.shard = shard;
        this.environment = environment;
    }

    /** The response checks of the --expect-* flags; none unless given. */
    TestFromFlags withChecks(ExpectOptions expect) {
        this.expect = expect;
        return this;
    }

    /**
     * The test the flags describe, on these targets; {@code demo}: the embedded demo server's defaults for what
     * is not given. A usage error (one line, exit code 2) for any flag or combination the builder refuses.
     */
    LoadTest build(List<String> targets, boolean demo) {
        checkFlags();
        try {
            LoadTest.Builder b = RequestTemplates.target(spec, request, targets);
            int clients = demo && !matched(spec, "-c") ? DEMO_CONCURRENCY : load.clients;
            b.clients(clients);
            b.streams(demo && !matched(spec, "-m") ? DEMO_CONCURRENCY : load.streams);
            connectionsAndRequests(b, spec, load, request, targets.get(0));
            b.check(expect.checks().toArray(Check[]::new));
            if (expect.maxCheckedBody != null) {
                // the builder's rule and message (a size beyond an int is beyond its bound too)
                b.maxCheckedBodyBytes((int) Math.min(expect.maxCheckedBody, Integer.MAX_VALUE));
            }
            plan(b, clients, demo);
            b.maxBacklog(rate.maxBacklog);
            b.interval(output.interval);
            shard(b);
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw usage(spec, FlagTerms.of(e.getMessage(), spec));
        }
    }

    /**
     * The flags a load test, a capacity search and a scenario run share: threads, protocol (h2c by default for
     * http://, as h2load), timeouts, the schedule's resolution, --insecure, and the request (-H, -d, --method). The
     * builder's exceptions pass through, for the caller to put in {@link FlagTerms}.
     */
    static void connectionsAndRequests(LoadTest.Builder b, CommandSpec spec, LoadOptions load,
                                       RequestOptions request, String firstTarget) {
        if (load.threads != null) {
            b.threads(load.threads);
        }
        boolean https = firstTarget.regionMatches(true, 0, "https:", 0, 6);
        b.protocol(load.h1 ? Protocol.HTTP_1_1 : https ? Protocol.NEGOTIATE : Protocol.HTTP_2);
        b.connectTimeout(load.connectTimeout);
        b.requestTimeout(load.requestTimeout);
        b.scheduleResolution(load.scheduleResolution);
        if (load.insecure) {
            b.insecureTrustAll();
        }
        if (request.seed != null) {
            b.seed(request.seed);
        }
        if (request.templated) {
            return;   // RequestTemplates put -H, -d and --method into the template source
        }
        for (String line : request.headers) {
            Header header = header(spec, line);
            b.header(header.name(), header.value());
        }
        if (request.data != null) {
            b.body(request.data);
        }
        if (request.method != null) {
            b.method(request.method);
        }
    }

    /** An -H line's name and value. */
    static Header header(CommandSpec spec, String line) {
        int colon = line.indexOf(':', 1);   // h2load's -H ':authority: x' has a leading colon
        if (colon < 0) {
            throw usage(spec, "-H '" + Redaction.headerLine(line) + "' must be NAME: VALUE");
        }
        return new Header(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
    }

    /**
     * How much load and for how long: every flag given is passed on, so that the builder refuses what does not
     * go together (-n with -D, stages with either); -D is the default only where nothing else sets the length.
     */
    private void plan(LoadTest.Builder b, int clients, boolean demo) {
        boolean ramp = rate.rate != null && rate.rate.isRamp();
        Duration duration = load.duration != null ? load.duration : demo ? DEMO_DURATION : DEFAULT_DURATION;
        if (!rate.stages.isEmpty()) {
            b.stages(rate.stages.toArray(Stage[]::new));
        } else if (!rate.concurrencyStages.isEmpty()) {
            b.stages(rate.concurrencyStages.toArray(Stage[]::new));
        } else if (ramp) {
            b.rate(rate.rate.from(), rate.rate.to(), duration);   // the ramp's length is the run's
        }
        boolean stages = !rate.stages.isEmpty() || !rate.concurrencyStages.isEmpty() || ramp;
        if (load.requests != null) {
            b.requests(load.requests);
        }
        if (load.duration != null && !ramp) {
            b.duration(load.duration);   // with -n or stages too: the builder says a run is counted, timed or staged
        } else if (load.duration == null && !stages && load.requests == null) {
            b.duration(duration);
        }
        if (rate.rate != null && !ramp) {
            b.rate(rate.rate.from());
        } else if (rate.rps != null) {
            b.rate(rate.rps * clients);
        }
        if (matched(spec, "--warm-up-time")) {
            b.warmUp(load.warmUp);
        } else if (demo && load.requests == null) {
            b.warmUp(DEMO_WARM_UP);
        }
    }

    /** The rules of the flags themselves: two flags for one setting of the builder. */
    private void checkFlags() {
        if (rate.rate != null && rate.rps != null) {
            throw usage(spec, "-R and --rps cannot both be given: -R is the total rate, --rps the rate per client");
        }
        List<String> stageFlags = new ArrayList<>();   // each gives the builder its stages
        for (String flag : List.of("--concurrency-stage", "--stage")) {
            if (matched(spec, flag)) {
                stageFlags.add(flag);
            }
        }
        if (rate.rate != null && rate.rate.isRamp()) {
            stageFlags.add("-R " + given(spec, "-R"));
        }
        if (stageFlags.size() > 1) {
            throw usage(spec, stageFlags.get(0) + " cannot be given with " + stageFlags.get(1)
                    + ": each sets the run's stages");
        }
        if (rate.rate != null && rate.rate.isRamp() && load.requests != null) {
            throw usage(spec, "-R " + given(spec, "-R") + " ramps over the duration: give -D, not -n");
        }
        if (shard.shard != null && shard.shards != null) {
            throw usage(spec, "--shard and --shards cannot both be given: --shards takes the index from $"
                    + JOB_COMPLETION_INDEX);
        }
        if (shard.startAt != null && shard.startDelay != null) {
            throw usage(spec, "--start-at and --start-delay cannot both be given");
        }
    }

    /** --shard, --shards with $JOB_COMPLETION_INDEX, --start-at, --start-delay. */
    private void shard(LoadTest.Builder b) {
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
        // how far ahead is the builder's rule (LoadTest.MAX_START_DELAY), said in these flags' terms
        Instant now = Instant.now();
        if (shard.startAt != null) {
            b.startAt(epochSeconds(shard.startAt, now));
        } else if (shard.startDelay != null) {
            Instant at = now.plus(shard.startDelay);
            // whole seconds: processes started within the same second share the start
            b.startAt(at.getNano() == 0 ? at : Instant.ofEpochSecond(at.getEpochSecond() + 1));
        }
    }

    private Instant epochSeconds(String text, Instant now) {
        try {
            BigDecimal seconds = new BigDecimal(text.strip());
            // exact: 1e20 must not wrap around into some other time
            return Instant.ofEpochSecond(seconds.setScale(0, RoundingMode.FLOOR).longValueExact(),
                    seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
        } catch (NumberFormatException | ArithmeticException | DateTimeException e) {
            throw usage(spec, "--start-at (" + text + ") must be seconds since 1970 (UTC), e.g. "
                    + now.getEpochSecond());
        }
    }

    private int shardNumber(String what, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw usage(spec, what + " (" + text + ") must be a whole number");
        }
    }
}
