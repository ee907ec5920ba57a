package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ResultsTest {

    private static final LoadTest.Builder WHOLE = LoadTest.target("http://127.0.0.1:1/").clients(6).requests(600);

    private static Histogram values(Random random, int n) {
        Histogram h = LatencyHistogram.newHistogram();
        for (int i = 0; i < n; i++) {
            h.recordValue(50_000 + (long) (random.nextDouble() * random.nextDouble() * 50_000_000));
        }
        return h;
    }

    private static Result shard(int index, int count, long seed, Histogram union) {
        Random random = new Random(seed);
        Histogram h = values(random, 1_000 + index * 137);
        union.add(h);
        LatencyHistogram lat = LatencyHistogram.of(h);
        Histogram lagValues = LatencyHistogram.newHistogram();
        for (int i = 0; i < 50; i++) {
            lagValues.recordValue(1_000 + random.nextInt(1_000_000));
        }
        LatencyHistogram lag = LatencyHistogram.of(lagValues);
        long n = h.getTotalCount();
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < 2 + index; i++) {
            intervals.add(new IntervalBuilder().start(Duration.ofSeconds(i)).length(Duration.ofSeconds(1))
                    .started(10 + i).done(10 + i).statusCodes(new StatusCodes(Map.of(200, 10L + i))).bytes(1_000 + i)
                    .responseTime(LatencySummary.of(lat)).serviceTime(LatencySummary.of(lat)).build());
        }
        Map<ErrorCategory, ErrorCount> errors = index == 1
                ? Map.of(ErrorCategory.values()[0], new ErrorCount(2, "boom")) : Map.of();
        return new ResultBuilder().test(WHOLE.shard(index, count).build())
                .duration(Duration.ofMillis(2_000 + 10 * index)).protocol("h2c")
                .requests(new Requests(n + 2, n + 2, n + 2, n - 1, 3, 2, 0, 0, n % 7))
                .statusCodes(new StatusCodes(Map.of(200, n - 1, 503, 1L)))
                .traffic(new Traffic(100 * n, 10 * n, 20 * n, 90 * n, 5 * n)).serviceTime(lat).responseTime(lat)
                .connectTime(lat).timeToFirstByte(lat).clientRequestRates(Statistics.of(10 + index, 20 + index))
                .connections(2).errors(errors).rate(Optional.of(new Rate(100, 99, n, 0, 1, 0, lag)))
                .intervals(intervals).verdict(index == 1 ? Verdict.ERRORS : Verdict.OK).build();
    }

    private static void assertSameFigures(Result a, Result b) {
        assertThat(a.requests()).isEqualTo(b.requests());
        assertThat(a.statusCodes()).isEqualTo(b.statusCodes());
        assertThat(a.traffic()).isEqualTo(b.traffic());
        assertThat(a.serviceTime()).isEqualTo(b.serviceTime());
        assertThat(a.responseTime()).isEqualTo(b.responseTime());
        assertThat(a.connectTime()).isEqualTo(b.connectTime());
        assertThat(a.timeToFirstByte()).isEqualTo(b.timeToFirstByte());
        assertThat(a.connections()).isEqualTo(b.connections());
        assertThat(a.errors()).isEqualTo(b.errors());
        assertThat(a.duration()).isEqualTo(b.duration());
        assertThat(a.verdict()).isEqualTo(b.verdict());
        assertThat(a.rate().get().offered()).isCloseTo(b.rate().get().offered(), within(1e-9));
        assertThat(a.rate().get().achieved()).isCloseTo(b.rate().get().achieved(), within(1e-9));
        assertThat(a.rate().get().scheduled()).isEqualTo(b.rate().get().scheduled());
        assertThat(a.rate().get().schedulerLag()).isEqualTo(b.rate().get().schedulerLag());
        assertThat(a.intervals()).hasSameSizeAs(b.intervals());
        for (int i = 0; i < a.intervals().size(); i++) {
            Interval x = a.intervals().get(i);
            Interval y = b.intervals().get(i);
            assertThat(x.start()).isEqualTo(y.start());
            assertThat(x.done()).isEqualTo(y.done());
            assertThat(x.bytes()).isEqualTo(y.bytes());
            assertThat(x.statusCodes()).isEqualTo(y.statusCodes());
            assertThat(x.responseTime().count()).isEqualTo(y.responseTime().count());
            assertThat(x.responseTime().max()).isEqualTo(y.responseTime().max());
        }
    }

    @Test
    void should_merge_associatively_and_commutatively() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = shard(0, 3, 1, union);
        Result b = shard(1, 3, 2, union);
        Result c = shard(2, 3, 3, union);
        LoadTest whole = WHOLE.shard(0, 1).build();

        Result abc = Results.merge(a, b, c);
        assertSameFigures(abc, Results.merge(c, a, b));
        assertSameFigures(abc, Results.merge(b, c, a));
        assertSameFigures(abc, Results.add(List.of(Results.add(List.of(a, b), whole), c), whole));
        assertSameFigures(abc, Results.add(List.of(a, Results.add(List.of(b, c), whole)), whole));
        assertSameFigures(Results.add(List.of(a, b), whole), Results.add(List.of(b, a), whole));
    }

    @Test
    void should_keep_the_tls_the_shards_share_and_none_when_they_differ() {
        Histogram union = LatencyHistogram.newHistogram();
        TlsUsed conscrypt = new TlsUsed("Conscrypt 2.5.2", "TLSv1.3", "TLS_AES_128_GCM_SHA256");
        TlsUsed jdk = new TlsUsed("SunJSSE 17", "TLSv1.3", "TLS_AES_256_GCM_SHA384");
        Result a = ResultBuilder.from(shard(0, 3, 1, union)).tls(Optional.of(conscrypt)).build();
        Result b = ResultBuilder.from(shard(1, 3, 2, union)).tls(Optional.of(conscrypt)).build();
        Result c = ResultBuilder.from(shard(2, 3, 3, union)).tls(Optional.of(jdk)).build();

        assertThat(Results.merge(a, b).tls()).contains(conscrypt);
        assertThat(Results.merge(a, b, c).tls()).isEmpty();
        assertThat(Results.merge(shard(0, 2, 1, union), shard(1, 2, 2, union)).tls()).isEmpty();
    }

    @Test
    void should_give_the_percentiles_of_one_histogram_of_all_the_data() {
        Histogram union = LatencyHistogram.newHistogram();
        List<Result> shards = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            shards.add(shard(k, 5, 100 + k, union));
        }
        Result merged = Results.merge(shards);
        LatencyHistogram all = LatencyHistogram.of(union);
        for (double p : new double[] {0, 50, 90, 99, 99.9, 99.99, 100}) {
            assertThat(merged.responseTime().percentile(p)).isEqualTo(all.percentile(p));
            assertThat(merged.serviceTime().percentile(p)).isEqualTo(all.percentile(p));
        }
        assertThat(merged.responseTime().count()).isEqualTo(union.getTotalCount());
        assertThat(merged.responseTime().mean()).isEqualTo(all.mean());
        assertThat(merged.requests().total()).isEqualTo(union.getTotalCount() + 10);
        assertThat(merged.requests().retried())
                .isEqualTo(shards.stream().mapToLong(s -> s.requests().retried()).sum()).isPositive();
        assertThat(merged.statusCodes().count(503)).isEqualTo(5);
        assertThat(merged.errors().get(ErrorCategory.values()[0])).isEqualTo(new ErrorCount(2, "boom"));
        assertThat(merged.verdict()).isEqualTo(Verdict.ERRORS);
        assertThat(merged.duration()).isEqualTo(Duration.ofMillis(2_040));
        assertThat(merged.rate().get().offered()).isEqualTo(500);
        assertThat(merged.clientRequestRates().count()).isEqualTo(10);
        assertThat(merged.clientRequestRates().min()).isEqualTo(10);
        assertThat(merged.clientRequestRates().max()).isEqualTo(24);
        // the test is the whole run
        assertThat(merged.test().shardCount()).isEqualTo(1);
        assertThat(merged.test().clients()).isEqualTo(6);
        assertThat(merged.test().requests().getAsLong()).isEqualTo(600);
        // intervals aligned by start: the longest shard has 6
        assertThat(merged.intervals()).hasSize(6);
        assertThat(merged.intervals().get(0).done()).isEqualTo(50);
        assertThat(merged.intervals().get(5).done()).isEqualTo(15);
    }

    @Test
    void should_recompute_the_verdict() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = shard(0, 2, 1, union);
        Result ok = ResultBuilder.from(a).requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).connections(1)
                .errors(Map.of()).rate(Optional.of(new Rate(100, 90, 10, 0, 0, 0, LatencyHistogram.EMPTY)))
                .intervals(List.of()).verdict(Verdict.OK).build();
        Result stalled = ResultBuilder.from(ok).test(WHOLE.shard(1, 2).build())
                .rate(Optional.of(new Rate(100, 100, 10, 0, 0, 0, LatencyHistogram.EMPTY))).verdict(Verdict.STALLED)
                .build();
        // 190 of 200 offered = 95 %: overloaded; one shard stalled is not a stalled run
        assertThat(Results.merge(ok, stalled).verdict()).isEqualTo(Verdict.OVERLOADED);
    }

    @Test
    void should_keep_the_busiest_generators_load_and_its_saturation() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = shard(0, 2, 1, union);
        Result b = shard(1, 2, 2, union);
        GeneratorLoad calm = new GeneratorLoad(Duration.ofSeconds(2), 0.5, 2, 10, 20);
        GeneratorLoad busy = new GeneratorLoad(Duration.ofSeconds(2), 3.8, 4, 30, 40);   // 95 %
        Result aCalm = ResultBuilder.from(a).generator(Optional.of(calm)).rate(Optional.empty()).errors(Map.of())
                .requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of(200, 10L)))
                .intervals(a.intervals().stream().map(i -> IntervalBuilder.from(i).generator(Optional.of(calm)).build())
                        .toList()).verdict(Verdict.OK).build();
        Result bBusy = ResultBuilder.from(aCalm).test(b.test()).generator(Optional.of(busy))
                .intervals(a.intervals().stream().map(i -> IntervalBuilder.from(i).generator(Optional.of(busy)).build())
                        .toList()).verdict(Verdict.GENERATOR_SATURATED).build();

        Result merged = Results.merge(aCalm, bBusy);

        assertThat(merged.generator()).contains(busy);
        assertThat(merged.intervals()).allMatch(i -> i.generator().equals(Optional.of(busy)));
        assertThat(merged.verdict()).isEqualTo(Verdict.GENERATOR_SATURATED);
        assertThat(Results.merge(aCalm, ResultBuilder.from(bBusy).verdict(Verdict.OK).build()).verdict())
                .isEqualTo(Verdict.OK);
        assertThat(Results.merge(aCalm, ResultBuilder.from(bBusy).generator(Optional.empty()).build()).generator())
                .contains(calm);
    }

    @Test
    void should_refuse_mismatched_configurations() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = shard(0, 3, 1, union);
        Result b = shard(1, 3, 2, union);
        assertThatThrownBy(() -> Results.merge(a, a)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shard index 0 is given twice");
        Result otherCount = shard(1, 2, 2, union);
        assertThatThrownBy(() -> Results.merge(a, otherCount)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("result 2 (shard 1/2) is not a shard of the same run: its shard count (2) differs "
                        + "from result 1's (3)");
        Result otherTarget = ResultBuilder.from(b)
                .test(LoadTest.target("http://127.0.0.1:2/").clients(6).requests(600).shard(1, 3).build()).build();
        assertThatThrownBy(() -> Results.merge(a, otherTarget)).hasMessageContaining("its targets");
        Result otherStreams = ResultBuilder.from(b).test(WHOLE.streams(2).shard(1, 3).build()).build();
        WHOLE.streams(1);
        assertThatThrownBy(() -> Results.merge(a, otherStreams)).hasMessageContaining("its streams (2)");
        assertThatThrownBy(() -> Results.merge(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be empty");
        assertThat(Results.merge(a)).isSameAs(a);
    }

    /** b's figures under another test. */
    private static Result withTest(Result b, LoadTest test) {
        return ResultBuilder.from(b).test(test).build();
    }

    private static LoadTest.Builder whole() {
        return LoadTest.target("http://127.0.0.1:1/").clients(6).requests(600);
    }

    @Test
    void should_refuse_shards_of_different_runs_by_headers_start_time_and_size_naming_the_files() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = withTest(shard(0, 2, 1, union), whole().header("X-Run", "1")
                .startAt(java.time.Instant.parse("2026-12-01T10:00:00Z")).shard(0, 2).build());
        Result b = shard(1, 2, 2, union);
        List<String> names = List.of("s0.json", "s1.json");

        Result otherHeaders = withTest(b, whole().header("X-Run", "2")
                .startAt(java.time.Instant.parse("2026-12-01T10:00:00Z")).shard(1, 2).build());
        assertThatThrownBy(() -> Results.merge(List.of(a, otherHeaders), names))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("s1.json (shard 1/2) is not a shard of the same run: its headers ([X-Run: 2]) differs from "
                        + "s0.json's ([X-Run: 1])");
        Result otherStart = withTest(b, whole().header("X-Run", "1")
                .startAt(java.time.Instant.parse("2026-12-01T11:00:00Z")).shard(1, 2).build());
        assertThatThrownBy(() -> Results.merge(List.of(a, otherStart), names))
                .hasMessage("s1.json (shard 1/2) is not a shard of the same run: its start time (2026-12-01T11:00:00Z)"
                        + " is 1h away from s0.json's (2026-12-01T10:00:00Z), more than the run lasted (2010ms) and"
                        + " 5s of skew");
        // --start-delay rounds up to the next second of each process's clock: a second or two apart is one run
        Result skewed = withTest(b, whole().header("X-Run", "1")
                .startAt(java.time.Instant.parse("2026-12-01T10:00:02Z")).shard(1, 2).build());
        assertThat(Results.merge(List.of(a, skewed), names).requests().total())
                .isEqualTo(a.requests().total() + b.requests().total());
        Result noStart = withTest(b, whole().header("X-Run", "1").shard(1, 2).build());
        assertThatThrownBy(() -> Results.merge(List.of(a, noStart), names))
                .hasMessageContaining("its start time (none) differs from s0.json's (set)");
        Result otherSize = withTest(b, whole().requests(700).header("X-Run", "1")
                .startAt(java.time.Instant.parse("2026-12-01T10:00:00Z")).shard(1, 2).build());
        assertThatThrownBy(() -> Results.merge(List.of(a, otherSize), names))
                .hasMessageContaining("its requests of the whole run (700) differs from s0.json's (600)");
        // a secret header compares as recorded, redacted: shards read back from JSON still merge
        Result secretA = withTest(a, whole().header("Authorization", "Bearer one").shard(0, 2).build());
        Result secretB = withTest(b, whole().header("Authorization", "<redacted>").shard(1, 2).build());
        assertThat(Results.merge(secretA, secretB).requests().total()).isEqualTo(a.requests().total() + b.requests().total());
        assertThatThrownBy(() -> Results.merge(List.of(a), List.of())).hasMessage("names (0) must be as many as results (1)");
    }

    @Test
    void should_refuse_shards_of_a_rate_driven_run_with_different_schedule_resolutions_naming_both() {
        Histogram union = LatencyHistogram.newHistogram();
        LoadTest.Builder rated = LoadTest.target("http://127.0.0.1:1/").clients(6).rate(1000).requests(600);
        Result a = withTest(shard(0, 2, 1, union), rated.shard(0, 2).build());
        Result b = withTest(shard(1, 2, 2, union), rated.shard(1, 2).build());
        Result finer = withTest(b, rated.scheduleResolution(Duration.ofNanos(250_000)).shard(1, 2).build());

        assertThat(Results.merge(List.of(a, b), List.of("s0.json", "s1.json")).requests().total())
                .isEqualTo(a.requests().total() + b.requests().total());
        assertThatThrownBy(() -> Results.merge(List.of(a, finer), List.of("s0.json", "s1.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("s1.json (shard 1/2) is not a shard of the same run: its schedule resolution (250us)"
                        + " differs from s0.json's (1ms)");
    }

    @Test
    void should_refuse_counts_that_overflow_when_added_naming_the_result_and_the_field() {
        Histogram union = LatencyHistogram.newHistogram();
        Result a = shard(0, 2, 1, union);
        Result b = shard(1, 2, 2, union);
        Result huge = ResultBuilder.from(b).traffic(new Traffic(Long.MAX_VALUE, 0, 0, 0, 0)).build();

        assertThatThrownBy(() -> Results.merge(List.of(a, huge), List.of("s0.json", "s1.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("s1.json: traffic.totalBytes (" + Long.MAX_VALUE + ") overflows when added to the results "
                        + "before it (" + a.traffic().totalBytes() + "): no run counts that much");
        Result hugeStatus = ResultBuilder.from(b).statusCodes(new StatusCodes(Map.of(200, Long.MAX_VALUE))).build();
        assertThatThrownBy(() -> Results.merge(a, hugeStatus)).hasMessageStartingWith("result 2: statusCodes.200 (");
    }
}
