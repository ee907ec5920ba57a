package dev.loadtest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.Stage;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.ResultBuilder;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ShardJsonTest {

    private static Result result(LoadTest test, long value) {
        Histogram h = LatencyHistogram.newHistogram();
        h.recordValue(value);
        LatencyHistogram lat = LatencyHistogram.of(h);
        Optional<Rate> rate = test.isRateDriven()
                ? Optional.of(new Rate(10, 10, 10, 0, 0, 0, LatencyHistogram.EMPTY)) : Optional.empty();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(1)).protocol("http/1.1")
                .requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of(200, 10L)))
                .traffic(new Traffic(100, 10, 10, 90, 50)).serviceTime(lat).responseTime(lat).connectTime(lat)
                .timeToFirstByte(lat).clientRequestRates(Statistics.of(5, 5)).connections(2).rate(rate)
                .verdict(Verdict.OK).build();
    }

    @Test
    void should_write_the_whole_run_with_the_shard_and_read_it_back_divided_the_same_way() throws Exception {
        Instant at = Instant.parse("2026-11-30T21:30:00Z");
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(7).requests(100).threads(3)
                .shard(2, 3).startAt(at).build();

        String json = ResultJson.toJson(result(test, 1_000));
        Result read = ResultJson.fromJson(json);

        assertThat(json).contains("\"clients\" : 7").contains("\"requests\" : 100")
                .contains("\"shard\" : {").contains("\"index\" : 2").contains("\"count\" : 3")
                .contains("\"startAt\" : \"2026-11-30T21:30:00Z\"");
        LoadTest t = read.test();
        assertThat(t.shardIndex()).isEqualTo(2);
        assertThat(t.shardCount()).isEqualTo(3);
        assertThat(t.startAt()).contains(at);
        assertThat(t.clients()).isEqualTo(test.clients()).isEqualTo(2);
        assertThat(t.requests()).isEqualTo(test.requests());
        assertThat(t.threads()).isEqualTo(test.threads());
        assertThat(t.unsharded().clients()).isEqualTo(7);
        assertThat(t.unsharded().threads()).isEqualTo(3);
        assertThat(ResultJson.toJson(read)).isEqualTo(json);
    }

    @Test
    void should_round_trip_a_sharded_rate_and_stages() throws Exception {
        LoadTest rate = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(4).rate(900)
                .duration(Duration.ofSeconds(2)).shard(1, 3).build();
        Result read = ResultJson.fromJson(ResultJson.toJson(result(rate, 1_000)));
        assertThat(read.test().rate().getAsDouble()).isEqualTo(300);
        assertThat(read.test().stages()).isEqualTo(rate.stages());

        LoadTest stages = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(4)
                .stages(Stage.ramp(0, 600, Duration.ofSeconds(3))).shard(0, 2).build();
        Result again = ResultJson.fromJson(ResultJson.toJson(result(stages, 1_000)));
        assertThat(again.test().stages()).containsExactly(Stage.ramp(0, 300, Duration.ofSeconds(3)));
    }

    @Test
    void should_write_no_shard_for_an_unsharded_run() throws Exception {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(2).requests(10).build();
        String json = ResultJson.toJson(result(test, 1_000));
        assertThat(json).doesNotContain("\"shard\"").doesNotContain("startAt");
        assertThat(ResultJson.fromJson(json).test().shardCount()).isEqualTo(1);
    }

    @Test
    void should_merge_shards_read_from_json() throws Exception {
        LoadTest.Builder whole = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(3).requests(30);
        Result a = ResultJson.fromJson(ResultJson.toJson(result(whole.shard(0, 2).build(), 1_000)));
        Result b = ResultJson.fromJson(ResultJson.toJson(result(whole.shard(1, 2).build(), 2_000_000)));
        Result merged = Results.merge(a, b);
        assertThat(merged.requests().total()).isEqualTo(20);
        assertThat(merged.responseTime().count()).isEqualTo(2);
        assertThat(merged.test().clients()).isEqualTo(3);
        assertThat(merged.test().shardCount()).isEqualTo(1);
        Result mergedRead = ResultJson.fromJson(ResultJson.toJson(merged));
        assertThat(mergedRead.responseTime()).isEqualTo(merged.responseTime());
    }

    @Test
    void should_merge_a_shard_read_back_with_one_in_memory_though_its_query_credential_is_redacted() throws Exception {
        LoadTest.Builder whole = LoadTest.target(URI.create("http://127.0.0.1:8080/?api_key=s3cr3t")).clients(2).requests(20);
        String json = ResultJson.toJson(result(whole.shard(0, 2).build(), 1_000));
        Result read = ResultJson.fromJson(json);

        assertThat(json).doesNotContain("s3cr3t").contains("api_key=%3Credacted%3E");
        assertThat(read.test().targets()).containsExactly(URI.create("http://127.0.0.1:8080/?api_key=%3Credacted%3E"));
        Result merged = Results.merge(read, result(whole.shard(1, 2).build(), 2_000));
        assertThat(merged.requests().total()).isEqualTo(20);
    }

    @Test
    void should_name_a_bad_shard_or_start_time() throws Exception {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/")).clients(3).requests(30)
                .shard(1, 2).startAt(Instant.parse("2026-11-30T21:30:00Z")).build();
        String json = ResultJson.toJson(result(test, 1_000));
        assertThatThrownBy(() -> ResultJson.fromJson(json.replace("\"index\" : 1", "\"index\" : 5")))
                .hasMessageContaining("configuration.shard: shard index (5) must be within [0, 2)");
        assertThatThrownBy(() -> ResultJson.fromJson(json.replace("2026-11-30T21:30:00Z", "soon")))
                .hasMessageContaining("configuration.startAt: must be an ISO-8601 instant");
    }
}
