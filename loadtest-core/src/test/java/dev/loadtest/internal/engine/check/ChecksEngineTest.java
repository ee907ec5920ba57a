package dev.loadtest.internal.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Interval;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.TextReport;
import dev.loadtest.Verdict;
import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.json.ResultJson;
import dev.loadtest.report.HtmlReport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Response checks in real runs against Jetty, over HTTP/1.1 (our own reader) and h2c (HttpCore's). */
class ChecksEngineTest {

    private static final Check JSON_OK = Check.jsonPath("$.status", "ok");

    private static OrderServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new OrderServer();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static LoadTest.Builder orders(Protocol protocol) {
        // 2 clients x 500 requests, each client going round the ten URIs: /order/0 is asked 100 times
        return LoadTest.target(server.tenOrders()).protocol(protocol).clients(2).streams(4).requests(1000)
                .requestTimeout(Duration.ofSeconds(10));
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_fail_exactly_the_responses_with_a_wrong_body(Protocol protocol) {
        Result r = orders(protocol)
                .check(Check.status(200), JSON_OK, Check.header("Content-Type", "application/json"))
                .check(Check.bodyContains("\"id\""))
                .run();

        assertThat(r.checks()).extracting(CheckResult::name).containsExactly("status 200", "json $.status == \"ok\"",
                "header Content-Type: application/json", "body contains \"\\\"id\\\"\"");
        assertThat(r.checks().get(0)).extracting(CheckResult::passed, CheckResult::failed).containsExactly(1000L, 0L);
        CheckResult json = r.checks().get(1);
        assertThat(json).extracting(CheckResult::passed, CheckResult::failed).containsExactly(900L, 100L);
        assertThat(json.sample()).hasValueSatisfying(s -> {
            assertThat(s.status()).isEqualTo(200);
            assertThat(s.body()).isEqualTo("{\"id\":0,\"status\":\"error\"}");
            assertThat(s.reasons()).containsExactly("$.status was \"error\"");
        });
        assertThat(r.checks().get(2).failed()).isZero();
        assertThat(r.checks().get(3).failed()).isZero();

        assertThat(r.requests().checkFailed()).isEqualTo(100);
        assertThat(r.requests().failed()).isEqualTo(100);
        assertThat(r.requests().succeeded()).isEqualTo(900);
        assertThat(r.requests().errored()).isZero();
        assertThat(r.statusCodes().count(200)).isEqualTo(1000);
        assertThat(r.verdict()).isEqualTo(Verdict.ERRORS);
        assertThat(r.intervals().stream().mapToLong(Interval::checkFailed).sum()).isEqualTo(100);
        assertThat(r.intervals().stream().mapToLong(Interval::failed).sum()).isEqualTo(100);
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_read_headers_as_received(Protocol protocol) {
        Result r = LoadTest.target(server.uri("/order/7")).protocol(protocol).requests(20)
                .check(Check.header("X-Order", "7"), Check.header("x-order", "8").named("wrong order"))
                .run();

        assertThat(r.checks()).extracting(CheckResult::name, CheckResult::passed, CheckResult::failed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("header X-Order: 7", 20L, 0L),
                        org.assertj.core.groups.Tuple.tuple("wrong order", 0L, 20L));
        assertThat(r.checks().get(1).sample().orElseThrow().body())
                .as("no check read the body: none was kept").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_fail_the_body_checks_of_a_body_over_the_bound_and_still_run_the_head_checks(Protocol protocol) {
        Result r = LoadTest.target(server.uri("/big/5000")).protocol(protocol).requests(10).maxCheckedBodyBytes(1000)
                .check(Check.bodyContains("a"), Check.status(200))
                .run();

        assertThat(r.checks().get(0).failed()).isEqualTo(10);
        assertThat(r.checks().get(0).sample().orElseThrow().reasons())
                .containsExactly("body larger than the checks' bound of 1000 bytes");
        assertThat(r.checks().get(1).passed()).isEqualTo(10);
        assertThat(r.traffic().dataBytes()).as("the body is still counted whole").isEqualTo(50_000);
    }

    @Test
    void should_judge_a_4xx_by_the_checks_but_count_it_failed_once_by_its_status() {
        Result r = LoadTest.target(server.uri("/missing")).requests(30).check(Check.status(200)).run();

        assertThat(r.checks().get(0).failed()).isEqualTo(30);
        assertThat(r.requests().failed()).isEqualTo(30);
        assertThat(r.requests().checkFailed()).isZero();
        assertThat(r.statusCodes().count(404)).isEqualTo(30);
    }

    @Test
    void should_merge_the_checks_of_shards_exactly() {
        LoadTest.Builder whole = orders(Protocol.HTTP_1_1).check(JSON_OK);
        Result first = whole.shard(0, 2).run();
        Result second = whole.shard(1, 2).run();

        Result merged = Results.merge(first, second);

        assertThat(merged.checks()).hasSize(1);
        assertThat(merged.checks().get(0)).extracting(CheckResult::passed, CheckResult::failed)
                .containsExactly(900L, 100L);
        assertThat(merged.requests().checkFailed()).isEqualTo(100);
        assertThat(merged.requests().failed()).isEqualTo(100);
    }

    @Test
    void should_keep_nothing_and_report_no_checks_in_a_run_without_checks() {
        Result r = orders(Protocol.HTTP_1_1).run();

        assertThat(r.checks()).isEmpty();
        assertThat(r.requests().checkFailed()).isZero();
        assertThat(r.requests().succeeded()).isEqualTo(1000);
        assertThat(TextReport.format(r)).doesNotContain("checks:");
        assertThat(HtmlReport.render(r)).doesNotContain("id=\"checks\"");
    }

    @Test
    void should_write_the_checks_in_the_reports_and_read_them_back_from_json() throws Exception {
        Result r = orders(Protocol.HTTP_2).check(JSON_OK).run();

        String json = ResultJson.toJson(r);
        Result read = ResultJson.fromJson(json);
        assertThat(read.checks()).isEqualTo(r.checks());
        assertThat(read.requests()).isEqualTo(r.requests());
        assertThat(read.intervals().stream().mapToLong(Interval::checkFailed).sum()).isEqualTo(100);
        assertThat(json).contains("\"checkFailed\" : 100");

        assertThat(TextReport.format(r)).contains("checks: 100 responses of status 200-399 failed a check")
                .containsPattern("json \\$\\.status == \"ok\" +900 passed +100 failed  10\\.00%  status 200: "
                        + "\\$\\.status was \"error\" \\| body: \\{\"id\":0,\"status\":\"error\"\\}");
        assertThat(HtmlReport.render(r)).contains("<section id=\"checks\">")
                .contains("json $.status == &quot;ok&quot;");
    }

    @Test
    void should_refuse_two_checks_of_one_name_and_a_bound_out_of_range() {
        LoadTest.Builder b = LoadTest.target(server.uri("/order/1")).requests(1).check(Check.status(200));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> b.check(Check.status(200)))
                .withMessageContaining("check name (status 200) is given twice");
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> b.maxCheckedBodyBytes(0))
                .withMessage("maxCheckedBodyBytes (0) must be within [1, 1073741824]");
        assertThat(b.build().checks()).hasSize(1);
        assertThat(b.build().newBuilder().build().checks()).hasSize(1);
        assertThat(List.of(b.build().maxCheckedBodyBytes())).containsExactly(Check.DEFAULT_MAX_BODY_BYTES);
    }
}
