package dev.loadtest;

import dev.loadtest.check.CheckResult;
import dev.loadtest.spi.CheckResults;
import dev.loadtest.spi.GeneratorSaturation;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Adds up the results of a run split into shards ({@link LoadTest.Builder#shard(int, int)}), run by several
 * processes or machines, into the result of the whole run.
 *
 * <pre>{@code
 * Result whole = Results.merge(ResultJson.read(a), ResultJson.read(b), ResultJson.read(c));
 * }</pre>
 *
 * <p>What is exact: request counts, status codes, bytes, connections and error counts add; every latency
 * histogram (request, response, connect, time to first byte, scheduler lag) is the sum of the shards'
 * HdrHistograms, so every percentile is what one histogram of all the values gives; offered and achieved
 * rates, scheduled, dropped, late and backlog add. The duration is the longest shard's. A scenario run's steps
 * ({@link Result#steps()}) merge by name, each as exactly as a whole run (counts, status codes, errors, checks,
 * bytes, response and service time histograms), and so do the token provider's requests
 * ({@link Result#tokenRequests()}); its sessions ({@link Result#sessions()}) add their counts, their failures by
 * step and their duration histograms, and keep the first 5 distinct failure reasons of each step.
 *
 * <p>What is not exact, and how it is approximated:
 * <ul>
 * <li>{@code clientRequestRates} (statistics over connections): count added, min the smallest min, max
 *     the largest max, mean the count-weighted mean; standard deviation, the share within it, median,
 *     p95 and p99 the count-weighted means of the shards' figures (the per-connection values are not
 *     kept, so these cannot be recomputed);</li>
 * <li>the timeline: intervals are aligned by their start offset (shards started together with
 *     {@link LoadTest.Builder#startAt(java.time.Instant)}), counts and bytes add, latency counts add, min is the
 *     smallest and max the largest; the mean is count-weighted; the interval latencies are exact (the sum of
 *     the shards' interval histograms), except for results read from files written before intervals kept
 *     histograms, where each interval percentile is the largest of the shards' (an upper bound);</li>
 * <li>the verdict is recomputed with the engine's rules from the merged figures: generator-saturated if the
 *     merged scheduler lag's p99 is over 10 ms, or if any shard's generator was saturated by its CPU (the
 *     busiest generator limits the whole run); stalled only if every shard was stalled (whether a
 *     connection completed a second request is not in a result); errors if any request failed or any error
 *     occurred; overloaded if the merged achieved rate is below 98 % of the offered; ok otherwise;</li>
 * <li>each error category keeps the first shard's sample message;</li>
 * <li>the generator's load ({@link Result#generator()}, and each interval's) is the most loaded shard's, the one
 *     with the highest CPU share: each shard ran on its own generator, and the busiest one is the limit;</li>
 * <li>the TLS ({@link Result#tls()}) is the shards' when they all spoke the same, else none.</li>
 * </ul>
 *
 * <p>The merged result's {@link Result#test() test} is the whole run ({@link LoadTest#unsharded()}: shard 0
 * of 1, the clients of all shards). Its protocol is the first shard's; it is stopped if any shard was.
 * Fewer than all the shards may be merged (e.g. when one failed): the figures are then those of the shards
 * given, while the test still describes the whole run. Merging is associative and commutative in every
 * figure (floating-point sums aside) but the error sample messages, where the first result's wins; a merged
 * result is not itself a shard, so merge all the shards in one call.
 */
public final class Results {


    private Results() {
    }

    /**
     * Compares a candidate run with a baseline run: the change of each figure (response time p50, p90,
     * p99, p99.9, mean, throughput, error rate) with a confidence interval and a verdict, with the default
     * tolerances. See {@link Comparison} for the method.
     *
     * <pre>{@code
     * Comparison c = Results.compare(ResultJson.read(Path.of("base.json")), candidate);
     * if (c.verdict() == ChangeVerdict.REGRESSED) System.out.println(c);
     * }</pre>
     *
     * @throws IllegalArgumentException if the results are of different tests, naming what differs
     */
    public static Comparison compare(Result baseline, Result candidate) {
        return Comparison.of(List.of(Objects.requireNonNull(baseline, "baseline must not be null")),
                List.of(Objects.requireNonNull(candidate, "candidate must not be null")), Comparison.Options.DEFAULTS);
    }

    /**
     * Compares a candidate run with several baseline runs of the same test: their spread enters the
     * intervals, so a noisy machine gives wider intervals rather than false regressions.
     *
     * @throws IllegalArgumentException if there is no baseline, or the results are of different tests
     */
    public static Comparison compare(List<Result> baselines, Result candidate) {
        return Comparison.of(baselines, List.of(Objects.requireNonNull(candidate, "candidate must not be null")),
                Comparison.Options.DEFAULTS);
    }

    /** {@link Comparison#of(List, List, Comparison.Options)}: with tolerances and other options. */
    public static Comparison compare(List<Result> baselines, Result candidate, Comparison.Options options) {
        return Comparison.of(baselines, List.of(Objects.requireNonNull(candidate, "candidate must not be null")),
                options);
    }

    /** {@link #merge(List)} of these results. */
    public static Result merge(Result... results) {
        Objects.requireNonNull(results, "results must not be null");
        return merge(Arrays.asList(results));
    }

    /**
     * The whole run's result from its shards' results, in any order; one result is returned as is. Messages
     * call the results "result 1", "result 2"...; see {@link #merge(List, List)} to name them.
     *
     * @throws IllegalArgumentException if there are none, or they are not shards of one run: different
     *     targets, protocol, streams, method, interval, headers, body length, whole-run clients, requests,
     *     duration or rate, a rate-driven run's schedule resolution, shard count, or scenario steps; start times
     *     further apart than the run lasted plus 5 s (or one set and one not); a shard index given twice; or their
     *     counts overflow when added
     */
    public static Result merge(List<Result> results) {
        Objects.requireNonNull(results, "results must not be null");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            names.add("result " + (i + 1));
        }
        return merge(results, names);
    }

    /**
     * {@link #merge(List)}, with a name for each result (the file it was read from, say) that messages use to
     * say which result does not fit: {@code "s1.json (shard 1/3) is not a shard of the same run: its start
     * time (...) differs from s0.json's (...)"}.
     *
     * <pre>{@code
     * Result whole = Results.merge(List.of(ResultJson.read(a), ResultJson.read(b)), List.of("a.json", "b.json"));
     * }</pre>
     *
     * @param names one per result, in the same order
     * @throws IllegalArgumentException as {@link #merge(List)} does, or if there are not as many names as results
     */
    public static Result merge(List<Result> results, List<String> names) {
        Objects.requireNonNull(results, "results must not be null");
        Objects.requireNonNull(names, "names must not be null");
        if (results.isEmpty()) {
            throw new IllegalArgumentException("results must not be empty: merge needs at least one result");
        }
        if (names.size() != results.size()) {
            throw new IllegalArgumentException("names (" + names.size() + ") must be as many as results ("
                    + results.size() + ")");
        }
        for (Result r : results) {
            Objects.requireNonNull(r, "result must not be null");
        }
        if (results.size() == 1) {
            return results.get(0);
        }
        LoadTest first = results.get(0).test();
        String firstName = names.get(0);
        boolean[] seen = new boolean[first.shardCount()];
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            LoadTest t = r.test();
            String which = names.get(i) + " (shard " + t.shardIndex() + "/" + t.shardCount() + ")";
            ShardChecks checks = new ShardChecks(which, firstName);
            checks.same("shard count", first.shardCount(), t.shardCount());
            // as a JSON result records them: shards read back and shards in memory compare equal
            checks.same("targets", Redaction.display(first.targets()), Redaction.display(t.targets()));
            checks.same("protocol", first.protocol(), t.protocol());
            checks.same("streams", first.streams(), t.streams());
            checks.same("method", first.method(), t.method());
            checks.same("interval", first.interval(), t.interval());
            checks.same("clients of the whole run", first.unsharded().clients(), t.unsharded().clients());
            checks.same("protocol spoken", results.get(0).protocol(), r.protocol());
            checks.sameRun(results.get(0), r);
            if (seen[t.shardIndex()]) {
                throw new IllegalArgumentException(which + ": shard index " + t.shardIndex()
                        + " is given twice; each shard of a run is merged once");
            }
            seen[t.shardIndex()] = true;
        }
        ShardChecks.noOverflow(results, names);
        Result sum = add(results, first.unsharded());
        return withVerdict(sum, verdict(sum, results));
    }

    /**
     * The figures of several results added up as {@link #merge(List)} does, with no check of their
     * configurations, under the given test; the verdict is recomputed, stalled if all were stalled.
     * Associative and commutative in every figure but the error samples (the first one kept).
     */
    static Result add(List<Result> results, LoadTest test) {
        List<List<CheckResult>> checks = new ArrayList<>();
        long connections = 0;
        LatencyHistogram serviceTime = LatencyHistogram.EMPTY;
        LatencyHistogram responseTime = LatencyHistogram.EMPTY;
        LatencyHistogram connectTime = LatencyHistogram.EMPTY;
        LatencyHistogram ttfb = LatencyHistogram.EMPTY;
        Duration duration = Duration.ZERO;
        boolean stopped = false;
        Rate rate = null;
        List<Statistics> clientRates = new ArrayList<>();
        Optional<GeneratorLoad> generator = Optional.empty();
        Map<Duration, List<Interval>> byStart = new TreeMap<>();
        for (Result r : results) {
            checks.add(r.checks());
            connections += r.connections();
            serviceTime = serviceTime.plus(r.serviceTime());
            responseTime = responseTime.plus(r.responseTime());
            connectTime = connectTime.plus(r.connectTime());
            ttfb = ttfb.plus(r.timeToFirstByte());
            duration = duration.compareTo(r.duration()) >= 0 ? duration : r.duration();
            stopped |= r.stopped();
            if (r.rate().isPresent()) {
                Rate x = r.rate().get();
                rate = rate == null ? x : new Rate(rate.offered() + x.offered(), rate.achieved() + x.achieved(),
                        rate.scheduled() + x.scheduled(), rate.dropped() + x.dropped(), rate.late() + x.late(),
                        rate.backlogAtEnd() + x.backlogAtEnd(), rate.schedulerLag().plus(x.schedulerLag()));
            }
            clientRates.add(r.clientRequestRates());
            generator = busiest(generator, r.generator());
            for (Interval i : r.intervals()) {
                byStart.computeIfAbsent(i.start(), k -> new ArrayList<>()).add(i);
            }
        }
        List<Interval> intervals = new ArrayList<>();
        for (List<Interval> same : byStart.values()) {
            intervals.add(mergeIntervals(same));
        }
        Result sum = new ResultBuilder().test(test).duration(duration).protocol(results.get(0).protocol())
                .requests(FigureSums.requests(results.stream().map(Result::requests).toList()))
                .statusCodes(FigureSums.statusCodes(results.stream().map(Result::statusCodes).toList()))
                .traffic(FigureSums.traffic(results.stream().map(Result::traffic).toList()))
                .responseTime(responseTime).serviceTime(serviceTime).connectTime(connectTime).timeToFirstByte(ttfb)
                .clientRequestRates(mergeStatistics(clientRates)).connections(connections)
                .errors(FigureSums.errors(results.stream().map(Result::errors).toList()))
                .rate(Optional.ofNullable(rate)).intervals(intervals).verdict(Verdict.OK).stopped(stopped).generator(generator)
                .checks(CheckResults.merge(checks)).steps(ScenarioMerge.steps(results))
                .sessions(ScenarioMerge.sessions(results)).tokenRequests(ScenarioMerge.tokenRequests(results))
                .tls(sameTls(results)).build();
        return withVerdict(sum, verdict(sum, results));
    }

    /** The shards' TLS when every shard spoke the same one; empty when they differ or one has none. */
    private static Optional<TlsUsed> sameTls(List<Result> results) {
        Optional<TlsUsed> first = results.get(0).tls();
        return results.stream().allMatch(r -> r.tls().equals(first)) ? first : Optional.empty();
    }

    private static Result withVerdict(Result r, Verdict verdict) {
        return ResultBuilder.from(r).verdict(verdict).build();
    }

    /**
     * The engine's rules, stalled taken from the shards (all stalled), and the generator's CPU too (a shard
     * saturated other than by its scheduler's lag, which the merged lag says for itself).
     */
    static Verdict verdict(Result r, List<Result> shards) {
        boolean allStalled = shards.stream().allMatch(s -> s.verdict() == Verdict.STALLED);
        boolean cpuSaturated = shards.stream().anyMatch(s -> s.verdict() == Verdict.GENERATOR_SATURATED
                && !GeneratorSaturation.schedulerFellBehind(s.rate()));
        return Verdict.of(r.requests(), r.errors(), r.rate(), allStalled, cpuSaturated);
    }

    /** The more loaded of two generators' figures: the higher CPU share. */
    private static Optional<GeneratorLoad> busiest(Optional<GeneratorLoad> a, Optional<GeneratorLoad> b) {
        if (a.isEmpty()) {
            return b;
        }
        return b.isPresent() && b.get().cpuShare() > a.get().cpuShare() ? b : a;
    }

    private static Interval mergeIntervals(List<Interval> same) {
        if (same.size() == 1) {
            return same.get(0);
        }
        Interval first = same.get(0);
        Duration length = first.length();
        long started = 0, done = 0, errored = 0, bytes = 0, checkFailed = 0;
        Map<Integer, Long> statuses = new HashMap<>();
        List<LatencySummary> response = new ArrayList<>();
        List<LatencySummary> service = new ArrayList<>();
        Optional<LatencyHistogram> responseSum = Optional.of(LatencyHistogram.EMPTY);
        Optional<LatencyHistogram> serviceSum = Optional.of(LatencyHistogram.EMPTY);
        Optional<GeneratorLoad> generator = Optional.empty();
        for (Interval i : same) {
            // the last interval of a shard may be shorter; keep the longest
            length = length.compareTo(i.length()) >= 0 ? length : i.length();
            started += i.started();
            done += i.done();
            errored += i.errored();
            bytes += i.bytes();
            checkFailed += i.checkFailed();
            i.statusCodes().counts().forEach((code, n) -> statuses.merge(code, n, Long::sum));
            response.add(i.responseTime());
            service.add(i.serviceTime());
            responseSum = plus(responseSum, i.responseTimeHistogram());
            serviceSum = plus(serviceSum, i.serviceTimeHistogram());
            generator = busiest(generator, i.generator());
        }
        // with every shard's histograms, the merged interval is exact; without, its percentiles are bounds
        return IntervalBuilder.from(first).length(length).started(started).done(done)
                .statusCodes(new StatusCodes(statuses)).errored(errored).bytes(bytes)
                .responseTime(responseSum.map(LatencySummary::of).orElse(mergeSummaries(response)))
                .serviceTime(serviceSum.map(LatencySummary::of).orElse(mergeSummaries(service)))
                .responseTimeHistogram(responseSum).serviceTimeHistogram(serviceSum).generator(generator)
                .checkFailed(checkFailed).build();
    }

    private static Optional<LatencyHistogram> plus(Optional<LatencyHistogram> sum, Optional<LatencyHistogram> h) {
        return sum.isPresent() && h.isPresent() ? Optional.of(sum.get().plus(h.get())) : Optional.empty();
    }

    private static LatencySummary mergeSummaries(List<LatencySummary> all) {
        long count = 0;
        double weighted = 0;
        Duration min = null, max = Duration.ZERO, p50 = Duration.ZERO, p90 = Duration.ZERO, p99 = Duration.ZERO,
                p999 = Duration.ZERO;
        for (LatencySummary s : all) {
            if (s.count() == 0) {
                continue;
            }
            count += s.count();
            weighted += (double) s.mean().toNanos() * s.count();
            min = min == null || s.min().compareTo(min) < 0 ? s.min() : min;
            max = larger(max, s.max());
            p50 = larger(p50, s.p50());
            p90 = larger(p90, s.p90());
            p99 = larger(p99, s.p99());
            p999 = larger(p999, s.p999());
        }
        if (count == 0) {
            return all.get(0);
        }
        return new LatencySummary(count, min, Duration.ofNanos(Math.round(weighted / count)), p50, p90, p99, p999,
                max);
    }

    private static Duration larger(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Statistics mergeStatistics(List<Statistics> all) {
        long count = 0;
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        double mean = 0, sd = 0, within = 0, median = 0, p95 = 0, p99 = 0;
        for (Statistics s : all) {
            if (s.count() == 0) {
                continue;
            }
            count += s.count();
            min = Math.min(min, s.min());
            max = Math.max(max, s.max());
            mean += s.mean() * s.count();
            sd += s.stdDev() * s.count();
            within += s.withinStdDev() * s.count();
            median += s.median() * s.count();
            p95 += s.p95() * s.count();
            p99 += s.p99() * s.count();
        }
        if (count == 0) {
            return Statistics.EMPTY;
        }
        return new Statistics(count, min, max, mean / count, sd / count, within / count, median / count,
                p95 / count, p99 / count);
    }
}
