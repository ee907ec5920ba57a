package dev.loadtest.bench;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * Our engine driven from the command line with h2load-like flags, for the side-by-side benchmark.
 * Runs in a JVM of its own so the harness can measure its CPU exactly as it measures h2load's.
 *
 * <pre>
 * java -cp bench.jar dev.loadtest.bench.Generator [-n N | -D SECONDS] [-c C] [-m M] [-t T] [--h1]
 *      [-R RATE] [--warm-up-time SECONDS] [--report] URI
 * </pre>
 *
 * Prints h2load's two summary lines ({@code finished in ...}, {@code requests: ...}), so one parser
 * reads both tools, then machine-readable {@code bench.*=value} lines:
 * <ul>
 *   <li>{@code bench.rps}, {@code bench.done}, {@code bench.responded}, {@code bench.failed}</li>
 *   <li>{@code bench.cpu_run_ms}: user+sys CPU of this JVM from just before {@code run()} to just after
 *       (I/O, timer, scheduler, JIT and GC threads: everything but JVM start-up and class loading before the run)</li>
 *   <li>{@code bench.cpu_total_ms}: user+sys CPU of this JVM since it started</li>
 *   <li>with {@code -R}: {@code bench.offered}, {@code bench.achieved}, {@code bench.achieved_ratio},
 *       {@code bench.lag_p50_us}, {@code bench.lag_p99_us}, {@code bench.lag_max_us}, {@code bench.late},
 *       {@code bench.dropped}, {@code bench.resp_p50_us}, {@code bench.resp_p99_us}, {@code bench.service_p99_us}</li>
 * </ul>
 */
public final class Generator {

    private Generator() {
    }

    public static void main(String[] args) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        long requests = 0;
        double seconds = 0;
        double warmUp = 0;
        int clients = 1;
        int streams = 1;
        int threads = 1;
        double rate = 0;
        boolean h1 = false;
        boolean report = false;
        String uri = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-n" -> requests = Long.parseLong(args[++i]);
                case "-D" -> seconds = Double.parseDouble(args[++i]);
                case "-c" -> clients = Integer.parseInt(args[++i]);
                case "-m" -> streams = Integer.parseInt(args[++i]);
                case "-t" -> threads = Integer.parseInt(args[++i]);
                case "-R", "--rate" -> rate = Double.parseDouble(args[++i]);
                case "--h1" -> h1 = true;
                case "--warm-up-time" -> warmUp = Double.parseDouble(args[++i]);
                case "--report" -> report = true;
                default -> {
                    if (a.startsWith("-")) {
                        System.err.println("unknown option " + a);
                        System.exit(2);
                    }
                    uri = a;
                }
            }
        }
        if (uri == null || (requests == 0) == (seconds == 0)) {
            System.err.println("usage: Generator (-n N | -D SECONDS) [-c C] [-m M] [-t T] [--h1] [-R RATE] "
                    + "[--warm-up-time S] [--report] URI");
            System.exit(2);
        }
        LoadTest.Builder b = LoadTest.target(URI.create(uri))
                .clients(clients)
                .streams(streams)
                .threads(Math.min(threads, clients))
                .protocol(h1 ? Protocol.HTTP_1_1 : Protocol.HTTP_2);
        if (requests > 0) {
            b.requests(requests);
        } else {
            b.duration(Duration.ofMillis(Math.round(seconds * 1000)));
            if (warmUp > 0) {
                b.warmUp(Duration.ofMillis(Math.round(warmUp * 1000)));
            }
        }
        if (rate > 0) {
            b.rate(rate).maxBacklog(Math.max(10_000, (int) Math.min(Integer.MAX_VALUE / 2, rate)));
        }
        LoadTest test = b.build();

        long cpu0 = processCpuNanos();
        Result r = test.run();
        long cpu1 = processCpuNanos();

        if (report) {
            System.out.println(r);
        }
        Requests q = r.requests();
        double secs = r.duration().toNanos() / 1e9;
        System.out.printf(Locale.ROOT, "finished in %.2fs, %.2f req/s%n", secs, r.requestsPerSecond());
        System.out.printf(Locale.ROOT, "requests: %d total, %d started, %d done, %d succeeded, %d failed, "
                        + "%d errored, %d timeout%n", q.total(), q.started(), q.done(), q.succeeded(), q.failed(),
                q.errored(), q.timeout());
        System.out.printf(Locale.ROOT, "bench.protocol=%s%n", r.protocol());
        System.out.printf(Locale.ROOT, "bench.rps=%.2f%n", r.requestsPerSecond());
        System.out.printf(Locale.ROOT, "bench.done=%d%n", q.done());
        System.out.printf(Locale.ROOT, "bench.responded=%d%n", q.responded());
        System.out.printf(Locale.ROOT, "bench.failed=%d%n", q.failed());
        System.out.printf(Locale.ROOT, "bench.verdict=%s%n", r.verdict().label());
        System.out.printf(Locale.ROOT, "bench.cpu_run_ms=%.1f%n", (cpu1 - cpu0) / 1e6);
        System.out.printf(Locale.ROOT, "bench.cpu_total_ms=%.1f%n", cpu1 / 1e6);
        System.out.printf(Locale.ROOT, "bench.request_p50_us=%.1f%n", micros(r.serviceTime(), 50));
        System.out.printf(Locale.ROOT, "bench.request_p99_us=%.1f%n", micros(r.serviceTime(), 99));
        if (r.rate().isPresent()) {
            Rate rt = r.rate().get();
            System.out.printf(Locale.ROOT, "bench.offered=%.2f%n", rt.offered());
            System.out.printf(Locale.ROOT, "bench.achieved=%.2f%n", rt.achieved());
            System.out.printf(Locale.ROOT, "bench.achieved_ratio=%.5f%n", rt.achievedRatio());
            System.out.printf(Locale.ROOT, "bench.scheduled=%d%n", rt.scheduled());
            System.out.printf(Locale.ROOT, "bench.late=%d%n", rt.late());
            System.out.printf(Locale.ROOT, "bench.dropped=%d%n", rt.dropped());
            System.out.printf(Locale.ROOT, "bench.backlog_at_end=%d%n", rt.backlogAtEnd());
            System.out.printf(Locale.ROOT, "bench.lag_p50_us=%.1f%n", micros(rt.schedulerLag(), 50));
            System.out.printf(Locale.ROOT, "bench.lag_p99_us=%.1f%n", micros(rt.schedulerLag(), 99));
            System.out.printf(Locale.ROOT, "bench.lag_max_us=%.1f%n",
                    rt.schedulerLag().isEmpty() ? 0.0 : rt.schedulerLag().max().toNanos() / 1e3);
            System.out.printf(Locale.ROOT, "bench.resp_p50_us=%.1f%n", micros(r.responseTime(), 50));
            System.out.printf(Locale.ROOT, "bench.resp_p99_us=%.1f%n", micros(r.responseTime(), 99));
            System.out.printf(Locale.ROOT, "bench.service_p99_us=%.1f%n", micros(r.serviceTime(), 99));
        }
        System.out.flush();
        // a clean exit: the run left no thread behind (the engine promises it); exit anyway so a straggler
        // can never make the harness wait
        System.exit(0);
    }

    private static double micros(LatencyHistogram h, double percentile) {
        return h.isEmpty() ? 0.0 : h.percentile(percentile).toNanos() / 1e3;
    }

    /** user+sys CPU of this process, ns; -1 when the platform does not tell. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }
}
