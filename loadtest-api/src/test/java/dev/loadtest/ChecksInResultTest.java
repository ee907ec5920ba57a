package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Response checks in the settings, the counts, shard merges and the text report, without an engine. */
class ChecksInResultTest {

    private static final LoadTest TEST = LoadTest.target("http://127.0.0.1:9/orders").clients(2).requests(100)
            .check(Check.status(200), Check.jsonPath("$.status", "ok")).build();

    private static CheckResult json(long passed, long failed, String reason) {
        return new CheckResult("json $.status == \"ok\"", passed, failed, failed == 0 ? Optional.empty()
                : Optional.of(new FailureSample(200, "{\"status\":\"error\"}", List.of(reason))));
    }

    private static Result shard(int index, long checkFailed, String reason) {
        Requests q = new Requests(50, 50, 50, 50 - checkFailed, checkFailed, 0, 0, 0, 0, checkFailed);
        return new ResultBuilder().test(TEST.newBuilder().shard(index, 2).build()).duration(Duration.ofSeconds(1))
                .protocol("http/1.1").requests(q)
                .statusCodes(new StatusCodes(Map.of(200, 50L)))
                .checks(List.of(new CheckResult("status 200", 50, 0, Optional.empty()),
                        json(50 - checkFailed, checkFailed, reason)))
                .verdict(checkFailed > 0 ? Verdict.ERRORS : Verdict.OK).build();
    }

    @Test
    void should_keep_the_checks_in_the_settings_and_their_copies() {
        assertThat(TEST.checks()).extracting(Check::name).containsExactly("status 200", "json $.status == \"ok\"");
        assertThat(TEST.newBuilder().build().checks()).isEqualTo(TEST.checks());
        assertThat(TEST.toString()).contains("checks=[status 200, json $.status == \"ok\"]")
                .doesNotContain("maxCheckedBodyBytes");
        assertThat(TEST.newBuilder().maxCheckedBodyBytes(4096).build().toString()).contains("maxCheckedBodyBytes=4096");
        assertThat(LoadTest.target("http://127.0.0.1:9/").requests(1).build().checks()).isEmpty();
    }

    @Test
    void should_refuse_a_duplicate_name_a_null_check_and_a_bound_out_of_range() {
        LoadTest.Builder b = TEST.newBuilder();
        assertThatIllegalArgumentException().isThrownBy(() -> b.check(Check.statusClass(2).named("status 200")))
                .withMessageStartingWith("check name (status 200) is given twice");
        assertThatIllegalArgumentException().isThrownBy(() -> b.maxCheckedBodyBytes((1 << 30) + 1))
                .withMessage("maxCheckedBodyBytes (1073741825) must be within [1, 1073741824]");
        org.assertj.core.api.Assertions.assertThatNullPointerException().isThrownBy(() -> b.check((Check) null))
                .withMessage("check must not be null");
        assertThat(b.build().checks()).hasSize(2);   // a refused check is not added
    }

    @Test
    void should_count_check_failures_as_failed_requests_and_keep_the_old_constructors() {
        Requests old = new Requests(10, 10, 10, 9, 1, 0, 0, 0, 2);
        assertThat(old.checkFailed()).isZero();
        assertThat(new Requests(10, 10, 10, 9, 1, 0, 0, 0).checkFailed()).isZero();
        assertThatIllegalArgumentException().isThrownBy(() -> new Requests(1, 1, 1, 1, 0, 0, 0, 0, 0, -1));
    }

    @Test
    void should_merge_shards_by_check_name_exactly() {
        Result merged = Results.merge(shard(0, 3, "$.status was \"error\""), shard(1, 2, "$.status was \"busy\""));

        assertThat(merged.requests().checkFailed()).isEqualTo(5);
        assertThat(merged.requests().failed()).isEqualTo(5);
        assertThat(merged.checks()).hasSize(2);
        assertThat(merged.checks().get(0)).isEqualTo(new CheckResult("status 200", 100, 0, Optional.empty()));
        assertThat(merged.checks().get(1).failed()).isEqualTo(5);
        assertThat(merged.checks().get(1).sample().orElseThrow().reasons())
                .containsExactly("$.status was \"error\"", "$.status was \"busy\"");
        assertThat(merged.verdict()).isEqualTo(Verdict.ERRORS);
    }

    @Test
    void should_print_a_checks_block_only_for_a_run_with_checks() {
        String report = TextReport.format(shard(0, 3, "$.status was \"error\""));

        assertThat(report).contains("checks: 3 responses of status 200-399 failed a check")
                .containsPattern("(?m)^  status 200 +50 passed +0 failed$")
                .contains("47 passed          3 failed  6.00%  status 200: $.status was \"error\" | body: "
                        + "{\"status\":\"error\"}");
        Result none = ResultBuilder.from(shard(0, 0, "")).checks(List.of()).build();
        assertThat(TextReport.format(none)).doesNotContain("checks:");
    }
}
