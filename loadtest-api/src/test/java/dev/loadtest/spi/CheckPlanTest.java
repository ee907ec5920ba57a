package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CheckPlanTest {

    private static CapturedResponse response(int status, String body) {
        return CapturedResponse.builder(status).header("Content-Type", "application/json").body(body);
    }

    private static CapturedResponse bounded(String body, int limit) {
        BodyBuffer buffer = new BodyBuffer(limit, -1);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += 3) {   // in chunks, as the engine receives it
            buffer.append(ByteBuffer.wrap(bytes, i, Math.min(3, bytes.length - i)));
        }
        return CapturedResponse.builder(200).body(buffer, true);
    }

    @Test
    void should_count_every_check_on_every_response_and_report_the_first_failure() {
        CheckPlan plan = new CheckPlan(List.of(Check.status(200), Check.jsonPath("$.status", "ok")),
                Check.DEFAULT_MAX_BODY_BYTES);
        CheckTally tally = plan.newTally();

        assertThat(plan.evaluate(response(200, "{\"status\":\"ok\"}"), tally)).isNull();
        CheckPlan.Failed both = plan.evaluate(response(503, "{\"status\":\"down\"}"), tally);
        CheckPlan.Failed second = plan.evaluate(response(200, "{\"status\":\"error\"}"), tally);

        assertThat(both).isEqualTo(new CheckPlan.Failed("status 200", "status was 503"));
        assertThat(both.message()).isEqualTo("check 'status 200' failed: status was 503");
        assertThat(second.check()).isEqualTo("json $.status == \"ok\"");
        assertThat(tally.results()).containsExactly(
                new CheckResult("status 200", 2, 1, Optional.of(
                        new FailureSample(503, "{\"status\":\"down\"}", List.of("status was 503")))),
                new CheckResult("json $.status == \"ok\"", 1, 2, Optional.of(
                        new FailureSample(503, "{\"status\":\"down\"}",
                                List.of("$.status was \"down\"", "$.status was \"error\"")))));
    }

    @Test
    void should_keep_bodies_only_when_a_check_needs_them() {
        assertThat(new CheckPlan(List.of(Check.status(200), Check.header("A", "b")), 10).needsBody()).isFalse();
        assertThat(new CheckPlan(List.of(Check.status(200), Check.bodyContains("x")), 10).needsBody()).isTrue();
        assertThat(CheckPlan.NONE.isEmpty()).isTrue();
        assertThat(CheckPlan.NONE.needsBody()).isFalse();
        assertThat(CheckPlan.NONE.maxBodyBytes()).isEqualTo(1 << 20);
    }

    @Test
    void should_fail_the_checks_that_need_a_body_over_the_bound_saying_it_was_too_large() {
        CheckPlan plan = new CheckPlan(List.of(Check.status(200), Check.bodyContains("end")), 16);
        CheckTally tally = plan.newTally();

        assertThat(plan.evaluate(bounded("short, the end", 16), tally)).isNull();
        CheckPlan.Failed failed = plan.evaluate(bounded("a longer body that has the end", 16), tally);

        assertThat(failed.message()).isEqualTo("check 'body contains \"end\"' failed: body larger than the checks'"
                + " bound of 16 bytes");
        List<CheckResult> results = tally.results();
        assertThat(results.get(0).passed()).isEqualTo(2);
        assertThat(results.get(1).failed()).isEqualTo(1);
        assertThat(results.get(1).sample().orElseThrow().body()).isEqualTo("a longer body th");
    }

    @Test
    void should_count_a_throwing_check_as_failed_with_each_distinct_message_once() {
        Check flaky = Check.of("flaky", r -> {
            if (r.status() == 500) {
                throw new IllegalStateException("no id in " + r.bodyText());
            }
            if (r.status() == 502) {
                throw new NullPointerException();
            }
            return true;
        });
        CheckPlan plan = new CheckPlan(List.of(flaky), 1024);
        CheckTally tally = plan.newTally();

        for (int i = 0; i < 10; i++) {
            plan.evaluate(response(200, "{}"), tally);
            plan.evaluate(response(500, "{\"token\":\"t0k\"}"), tally);
            plan.evaluate(response(502, "{}"), tally);
        }
        CheckPlan.Failed failed = plan.evaluate(response(500, "{}"), tally);

        assertThat(failed.reason()).isEqualTo("threw IllegalStateException: no id in {}");
        CheckResult result = tally.results().get(0);
        assertThat(result.passed()).isEqualTo(10);
        assertThat(result.failed()).isEqualTo(21);
        assertThat(result.sample().orElseThrow().reasons()).containsExactly(
                "threw IllegalStateException: no id in {\"token\":\"<redacted>\"}",
                "threw NullPointerException",
                "threw IllegalStateException: no id in {}");
    }

    @Test
    void should_keep_at_most_five_distinct_reasons_however_many_responses_fail() {
        CheckPlan plan = new CheckPlan(List.of(Check.status(200)), 1024);
        CheckTally tally = plan.newTally();

        for (int status = 400; status < 500; status++) {
            plan.evaluate(CapturedResponse.builder(status).head(), tally);
        }

        FailureSample sample = tally.results().get(0).sample().orElseThrow();
        assertThat(sample.reasons()).containsExactly("status was 400", "status was 401", "status was 402",
                "status was 403", "status was 404");
        assertThat(sample.body()).isEmpty();
        assertThat(tally.results().get(0).failed()).isEqualTo(100);
    }

    @Test
    void should_show_the_start_of_the_body_redacted_when_only_kept_for_the_sample() {
        BodyBuffer buffer = new BodyBuffer(64, -1);
        buffer.append(ByteBuffer.wrap("{\"error\":\"denied\",\"api_key\":\"k-123\"}".getBytes(StandardCharsets.UTF_8)));
        CheckPlan plan = new CheckPlan(List.of(Check.status(200)), 1024);
        CheckTally tally = plan.newTally();

        plan.evaluate(CapturedResponse.builder(403).body(buffer, false), tally);

        assertThat(tally.results().get(0).sample().orElseThrow().body())
                .isEqualTo("{\"error\":\"denied\",\"api_key\":\"<redacted>\"}");
    }

    @Test
    void should_share_one_plan_between_threads_each_counting_into_its_own_tally() throws Exception {
        CheckPlan plan = new CheckPlan(List.of(Check.jsonPath("$.items[1].id", "b"), Check.bodyContains("\"b\"")),
                Check.DEFAULT_MAX_BODY_BYTES);
        List<CheckTally> tallies = List.of(plan.newTally(), plan.newTally(), plan.newTally(), plan.newTally());
        ExecutorService pool = Executors.newFixedThreadPool(tallies.size());
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (CheckTally tally : tallies) {
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        String id = i % 4 == 0 ? "c" : "b";
                        plan.evaluate(response(200, "{\"items\":[{\"id\":\"a\"},{\"id\":\"" + id + "\"}]}"), tally);
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        List<CheckResult> merged = CheckResults.merge(tallies.stream().map(CheckTally::results).toList());
        assertThat(merged).extracting(CheckResult::passed).containsExactly(6_000L, 6_000L);
        assertThat(merged).extracting(CheckResult::failed).containsExactly(2_000L, 2_000L);
    }

    @Test
    void should_refuse_two_checks_of_one_name_and_a_bound_out_of_range() {
        assertThatThrownBy(() -> new CheckPlan(List.of(Check.status(200), Check.status(200)), 1024))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("check name (status 200) is given twice: each check of a run needs its own name"
                        + " (rename one with Check.named)");
        assertThatThrownBy(() -> new CheckPlan(List.of(), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxCheckedBodyBytes (0) must be within [1, 1073741824]");
    }
}
