package dev.loadtest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.StatusCodes;
import dev.loadtest.TextReport;
import dev.loadtest.Verdict;
import dev.loadtest.request.Request;
import dev.loadtest.spi.ResultBuilder;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seed of a run whose requests were built per request: in the JSON, the text report and the shard checks. */
class SeedJsonTest {

    private static Result result(LoadTest test) {
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(1)).protocol("h2c").verdict(Verdict.OK)
                .requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of(200, 10L)))
                .build();
    }

    private static LoadTest.Builder withSource() {
        return LoadTest.target("http://127.0.0.1:8080").request(ctx -> Request.get("/" + ctx.sequence()))
                .clients(2).requests(10);
    }

    @Test
    void should_write_the_seed_and_read_it_back() throws IOException {
        Result read = ResultJson.fromJson(ResultJson.toJson(result(withSource().seed(-123_456_789_012L).build())));

        assertThat(read.test().seed()).hasValue(-123_456_789_012L);
        assertThat(TextReport.format(read)).contains("seed: -123456789012 (");
    }

    @Test
    void should_record_the_seed_picked_for_a_run_without_one() throws IOException {
        LoadTest test = withSource().build();

        assertThat(test.seed()).isPresent();
        assertThat(ResultJson.fromJson(ResultJson.toJson(result(test))).test().seed()).isEqualTo(test.seed());
    }

    @Test
    void should_write_no_seed_for_a_static_run_and_read_a_file_without_one() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:8080/a").clients(2).requests(10).build();
        String json = ResultJson.toJson(result(test));

        assertThat(json).doesNotContain("\"seed\"");
        assertThat(ResultJson.fromJson(json).test().seed()).isEmpty();
        assertThat(TextReport.format(result(test))).doesNotContain("seed:");
    }

    @Test
    void should_refuse_to_merge_shards_of_different_seeds() throws IOException {
        Result a = ResultJson.fromJson(ResultJson.toJson(result(withSource().seed(1).shard(0, 2).build())));
        Result b = ResultJson.fromJson(ResultJson.toJson(result(withSource().seed(2).shard(1, 2).build())));
        Result c = ResultJson.fromJson(ResultJson.toJson(result(withSource().seed(1).shard(1, 2).build())));

        assertThatThrownBy(() -> Results.merge(List.of(a, b), List.of("s0.json", "s1.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("its seed (2) differs from s0.json's (1)");
        assertThat(Results.merge(List.of(a, c), List.of("s0.json", "s1.json")).test().seed()).hasValue(1);
    }
}
