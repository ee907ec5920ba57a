package dev.loadtest.json;

import static dev.loadtest.json.FlatJson.flatten;
import static dev.loadtest.json.FlatJson.micros;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.spi.ResultBuilder;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Files of format version 1, as loadtest 0.1 wrote them, still read: shards and baselines written before the
 * response time was renamed from {@code latency.request} to {@code latency.responseTime}. The two files under
 * {@code v1/} are the shards 0 and 1 of one rate-driven run (40 req/s, 2 s, 4 clients, 500 ms intervals, HTTP/1.1
 * against the JDK's HTTP server on loopback), written by the code of 0.1 (commit 399dc26); the response time and
 * the service time in them differ, so a swap would show.
 */
class VersionOneTest {

    private static String v1(String name) throws IOException {
        return FlatJson.stored("v1/" + name);
    }

    @Test
    void should_read_the_request_latency_of_version_1_as_the_response_time() throws IOException {
        String json = v1("shard0.json");
        Map<String, Object> file = flatten(json);

        Result r = ResultJson.fromJson(json);

        assertThat(file).containsEntry("formatVersion", 1L);
        for (String p : new String[] {"min", "p50", "p90", "p99", "max"}) {
            assertThat(micros(file.get("latency.request." + p + "Micros"))).as(p)
                    .isEqualTo(figure(r.responseTime(), p));
            assertThat(micros(file.get("latency.serviceTime." + p + "Micros"))).as(p)
                    .isEqualTo(figure(r.serviceTime(), p));
        }
        assertThat(r.responseTime().count()).isEqualTo((Long) file.get("latency.request.count")).isEqualTo(40);
        assertThat(r.responseTime()).isNotEqualTo(r.serviceTime());
        assertThat(r.requests().done()).isEqualTo((Long) file.get("requests.done"));
        assertThat(r.rate()).isPresent();
        assertThat(r.intervals()).hasSize(4);
        assertThat(r.generator()).as("version 1 had no generator figures").isEmpty();
        for (int k = 0; k < r.intervals().size(); k++) {
            Interval i = r.intervals().get(k);
            String at = "intervals[" + k + "].latency.";
            assertThat(micros(file.get(at + "request.p99Micros"))).isEqualTo(i.responseTime().p99());
            assertThat(micros(file.get(at + "serviceTime.p99Micros"))).isEqualTo(i.serviceTime().p99());
            assertThat(i.responseTimeHistogram()).isPresent();
            assertThat(i.responseTime().count()).isEqualTo((Long) file.get(at + "request.count"));
        }
    }

    @Test
    void should_write_a_result_read_from_version_1_as_the_current_version_with_the_same_figures() throws IOException {
        Result read = ResultJson.fromJson(v1("shard1.json"));

        String json = ResultJson.toJson(read);
        Map<String, Object> written = flatten(json);

        assertThat(written).containsEntry("formatVersion", (long) ResultJson.FORMAT_VERSION)
                .containsKey("latency.responseTime.histogram")
                .containsKey("intervals[0].latency.responseTime.histogram")
                .doesNotContainKey("latency.request.histogram");
        assertSameResult(ResultJson.fromJson(json), read);
    }

    @Test
    void should_merge_a_version_1_shard_with_a_version_2_shard() throws IOException {
        Result shard0 = ResultJson.fromJson(v1("shard0.json"));
        Result shard1 = ResultJson.fromJson(v1("shard1.json"));
        Result shard1AsV2 = ResultJson.fromJson(ResultJson.toJson(shard1));

        Result merged = Results.merge(shard0, shard1AsV2);

        assertSameResult(merged, Results.merge(shard0, shard1));
        assertThat(merged.responseTime()).isEqualTo(shard0.responseTime().plus(shard1.responseTime()));
        assertThat(merged.serviceTime()).isEqualTo(shard0.serviceTime().plus(shard1.serviceTime()));
        assertThat(merged.requests().done()).isEqualTo(80);
        assertThat(merged.test().shardCount()).isEqualTo(1);
        assertThat(merged.test().clients()).isEqualTo(4);
    }

    @Test
    void should_read_a_capacity_document_whose_step_results_are_version_1() throws IOException {
        // a capacity document of 0.1 carries version-1 results; the capacity format itself did not change
        String capacity = """
                {"format": "loadtest-capacity", "formatVersion": 1,
                 "capacity": {"conclusion": "max-rate-held", "limitedBy": "maxRate", "heldRate": 40, "failedRate": null,
                  "generatorRate": null, "capacity": null, "summary": "",
                  "objective": {"latency": [{"percentile": 99, "maxMicros": 500000}], "maxErrorRate": 0.01},
                  "steps": [{"number": 1, "phase": "doubling", "rate": 40, "outcome": "held", "reason": "",
                             "breaches": [], "result": %s}]}}
                """.formatted(v1("shard0.json"));

        Result step = CapacityJson.fromJson(capacity).steps().get(0).result();

        assertSameResult(step, ResultJson.fromJson(v1("shard0.json")));
        assertThat(step.responseTime()).isNotEqualTo(step.serviceTime());
    }

    /** Every figure equal; the tests, which have no equality of their own, equal as written down. */
    private static void assertSameResult(Result actual, Result expected) {
        assertThat(ResultBuilder.from(actual).test(expected.test()).build()).isEqualTo(expected);
        assertThat(actual.test().toString()).isEqualTo(expected.test().toString());
    }

    /** A summary figure as the writer derives it from the histogram. */
    private static Duration figure(LatencyHistogram h, String name) {
        return switch (name) {
            case "min" -> h.min();
            case "max" -> h.max();
            default -> h.percentile(Double.parseDouble(name.substring(1)));
        };
    }
}
