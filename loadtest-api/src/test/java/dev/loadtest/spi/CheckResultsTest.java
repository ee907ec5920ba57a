package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.check.Check;
import dev.loadtest.check.CheckResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckResultsTest {

    private static final CheckPlan PLAN = new CheckPlan(List.of(Check.status(200), Check.bodyContains("ok"),
            Check.jsonPath("$.n", "0")), 1024);

    /** Response i: a 500 every 7th, a body without "ok" every 5th, $.n == i % 3. */
    private static CapturedResponse response(int i) {
        String body = "{\"n\":" + (i % 3) + (i % 5 == 0 ? "}" : ",\"s\":\"ok\"}");
        return CapturedResponse.builder(i % 7 == 0 ? 500 : 200).body(body);
    }

    @Test
    void should_merge_the_tallies_of_several_threads_into_the_counts_of_one() {
        CheckTally whole = PLAN.newTally();
        List<CheckTally> threads = List.of(PLAN.newTally(), PLAN.newTally(), PLAN.newTally());
        for (int i = 0; i < 1000; i++) {
            PLAN.evaluate(response(i), whole);
            PLAN.evaluate(response(i), threads.get(i % 3));
        }

        List<List<CheckResult>> parts = new ArrayList<>();
        threads.forEach(t -> parts.add(t.results()));
        List<CheckResult> merged = CheckResults.merge(parts);

        assertThat(merged).extracting(CheckResult::name, CheckResult::passed, CheckResult::failed)
                .containsExactlyElementsOf(whole.results().stream()
                        .map(r -> org.assertj.core.groups.Tuple.tuple(r.name(), r.passed(), r.failed())).toList());
        assertThat(merged.get(0).failed()).isEqualTo(143);   // 0, 7, ..., 994
        assertThat(merged.get(1).failed()).isEqualTo(200);
        assertThat(merged.get(2).passed()).isEqualTo(334);
        assertThat(merged.get(0).sample()).isEqualTo(threads.get(0).results().get(0).sample());
    }

    @Test
    void should_merge_shards_by_check_name_keeping_the_run_order() {
        CheckTally shard0 = PLAN.newTally();
        CheckTally shard1 = PLAN.newTally();
        PLAN.evaluate(response(1), shard0);
        PLAN.evaluate(response(7), shard1);

        List<CheckResult> merged = CheckResults.merge(List.of(shard0.results(), shard1.results()));

        assertThat(merged).extracting(CheckResult::name)
                .containsExactly("status 200", "body contains \"ok\"", "json $.n == 0");
        assertThat(merged.get(0).passed()).isEqualTo(1);
        assertThat(merged.get(0).failed()).isEqualTo(1);
        assertThat(CheckResults.merge(List.of())).isEmpty();
    }
}
