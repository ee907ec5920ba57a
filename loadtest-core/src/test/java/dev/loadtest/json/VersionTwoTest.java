package dev.loadtest.json;

import static dev.loadtest.json.FlatJson.flatten;
import static dev.loadtest.json.FlatJson.micros;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.spi.ResultBuilder;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Files of format version 2, as loadtest wrote them before scenarios (version 3 added {@code steps},
 * {@code sessions} and {@code tokenRequests}), still read, as runs without a scenario. The two files under
 * {@code v2/} are the shards 0 and 1 of one rate-driven run (40 req/s, 2 s, 4 clients, 500 ms intervals, two
 * checks, HTTP/1.1 against Jetty on loopback), written by the code of commit 0005bb7.
 */
class VersionTwoTest {

    private static String v2(String name) throws IOException {
        return FlatJson.stored("v2/" + name);
    }

    @Test
    void should_read_a_version_2_file_figure_for_figure_as_a_run_without_a_scenario() throws IOException {
        String json = v2("shard0.json");
        Map<String, Object> file = flatten(json);

        Result r = ResultJson.fromJson(json);

        assertThat(file).containsEntry("formatVersion", 2L);
        assertThat(r.requests().done()).isEqualTo((Long) file.get("requests.done")).isPositive();
        assertThat(r.statusCodes().count(200)).isEqualTo((Long) file.get("statusCodes.200"));
        assertThat(r.responseTime().count()).isEqualTo((Long) file.get("latency.responseTime.count"));
        assertThat(micros(file.get("latency.responseTime.p99Micros"))).isEqualTo(r.responseTime().percentile(99));
        assertThat(micros(file.get("latency.serviceTime.p50Micros"))).isEqualTo(r.serviceTime().percentile(50));
        assertThat(r.checks()).hasSize(2);
        assertThat(r.checks().get(0).passed()).isEqualTo((Long) file.get("checks[0].passed"));
        assertThat(r.intervals()).isNotEmpty();
        assertThat(r.test().shardCount()).isEqualTo(2);
        assertThat(r.steps()).isEmpty();
        assertThat(r.sessions()).isEmpty();
        assertThat(r.tokenRequests()).isEmpty();
    }

    @Test
    void should_write_a_version_2_result_as_version_3_with_the_same_figures() throws IOException {
        Result read = ResultJson.fromJson(v2("shard1.json"));

        String json = ResultJson.toJson(read);

        assertThat(flatten(json)).containsEntry("formatVersion", 3L);
        Result again = ResultJson.fromJson(json);
        assertThat(ResultBuilder.from(again).test(read.test()).build()).isEqualTo(read);
        assertThat(again.test().toString()).isEqualTo(read.test().toString());
    }

    @Test
    void should_merge_a_version_2_shard_with_a_version_3_shard() throws IOException {
        Result shard0 = ResultJson.fromJson(v2("shard0.json"));
        Result shard1 = ResultJson.fromJson(v2("shard1.json"));
        Result shard1AsV3 = ResultJson.fromJson(ResultJson.toJson(shard1));

        Result merged = Results.merge(shard0, shard1AsV3);

        assertThat(merged.requests()).isEqualTo(Results.merge(shard0, shard1).requests());
        assertThat(merged.responseTime()).isEqualTo(shard0.responseTime().plus(shard1.responseTime()));
        assertThat(merged.requests().done()).isEqualTo(shard0.requests().done() + shard1.requests().done());
        assertThat(merged.steps()).isEmpty();
    }
}
