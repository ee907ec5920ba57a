package dev.loadtest.samples.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * h2load's load flags (connections, streams, threads, -n, -D, timeouts, protocol) and how finely a rate's schedule is
 * kept, shared by the main command, {@code capacity} and {@code scenario}.
 */
final class LoadOptions {
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
            description = {"I/O threads. Default: half the CPUs, at least 1, at most -c (--max-sessions with "
                    + "--connection-per-user; 1 on 2 CPUs): the rest is left to the kernel's network work and a local "
                    + "server (on 2 cores beside a local server, -t 1 gave 18 %% more req/s than -t 2). Raise it, up to "
                    + "the CPUs, on a load machine of its own when the report's generator line is near 100 %% of its "
                    + "threads' cores."})
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

    @Option(names = "--schedule-resolution", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
            defaultValue = "1ms", description = {"How finely a rate's send times are kept (-R, --stage, --arrivals, "
                    + "capacity's steps): the requests falling due within one resolution go out together at its end, "
                    + "never before their due times, and their response times count from then. wrk2 (1 ms timers) "
                    + "counts from each request's own time, so its response times include its timer's lateness. 0 "
                    + "sends each at its own time, at more CPU a request. 0 to 5ms."})
    Duration scheduleResolution;

    @Option(names = "--h1", description = "HTTP/1.1 (pipelined when -m > 1). Default: h2c with prior knowledge "
            + "for http://, ALPN (h2 preferred) for https://, as h2load.")
    boolean h1;

    @Option(names = "--insecure", description = "Trust any certificate and host name (https only).")
    boolean insecure;
}
