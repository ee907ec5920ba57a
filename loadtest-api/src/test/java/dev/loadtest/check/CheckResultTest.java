package dev.loadtest.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CheckResultTest {

    private static final FailureSample DOWN = new FailureSample(503, "down", List.of("status was 503"));
    private static final FailureSample GONE = new FailureSample(410, "", List.of("status was 410"));

    @Test
    void should_add_the_counts_and_keep_the_first_sample_with_the_other_reasons() {
        CheckResult a = new CheckResult("status 200", 90, 10, Optional.of(DOWN));
        CheckResult b = new CheckResult("status 200", 45, 5, Optional.of(GONE));

        CheckResult merged = a.merge(b);

        assertThat(merged.passed()).isEqualTo(135);
        assertThat(merged.failed()).isEqualTo(15);
        assertThat(merged.checked()).isEqualTo(150);
        assertThat(merged.failureRate()).isEqualTo(0.1);
        assertThat(merged.sample()).contains(new FailureSample(503, "down", List.of("status was 503", "status was 410")));
    }

    @Test
    void should_take_the_other_sample_when_this_part_had_no_failure() {
        CheckResult clean = new CheckResult("status 200", 100, 0, Optional.empty());
        CheckResult failing = new CheckResult("status 200", 1, 1, Optional.of(GONE));

        assertThat(clean.merge(failing).sample()).contains(GONE);
        assertThat(failing.merge(clean).sample()).contains(GONE);
        assertThat(clean.merge(clean).sample()).isEmpty();
        assertThat(clean.failureRate()).isZero();
        assertThat(new CheckResult("x", 0, 0, Optional.empty()).failureRate()).isZero();
    }

    @Test
    void should_keep_at_most_five_distinct_reasons_when_merging() {
        FailureSample three = new FailureSample(500, "", List.of("r1", "r2", "r3"));
        FailureSample four = new FailureSample(500, "", List.of("r3", "r4", "r5", "r6"));

        assertThat(three.merge(four).reasons()).containsExactly("r1", "r2", "r3", "r4", "r5");
        assertThat(three.merge(three)).isSameAs(three);
    }

    @Test
    void should_refuse_to_merge_two_checks() {
        CheckResult a = new CheckResult("status 200", 1, 0, Optional.empty());

        assertThatThrownBy(() -> a.merge(new CheckResult("status 2xx", 1, 0, Optional.empty())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot merge the results of two checks: status 200 and status 2xx");
    }

    @Test
    void should_refuse_negative_counts_a_blank_name_and_a_sample_without_failures() {
        assertThatThrownBy(() -> new CheckResult("x", -1, 0, Optional.empty()))
                .hasMessage("passed (-1) and failed (0) of check x must be >= 0");
        assertThatThrownBy(() -> new CheckResult(" ", 0, 0, Optional.empty())).hasMessage("name (' ') must not be blank");
        assertThatThrownBy(() -> new CheckResult("x", 1, 0, Optional.of(DOWN)))
                .hasMessage("check x has a failure sample but failed 0 times");
        assertThatThrownBy(() -> new FailureSample(503, "", List.of())).hasMessage("reasons (0) must be within [1, 5]");
        assertThatThrownBy(() -> new FailureSample(42, "", List.of("r"))).hasMessage("status (42) must be within [100, 599]");
    }

    @Test
    void should_read_as_a_line_of_a_report() {
        assertThat(new CheckResult("status 200", 990, 10, Optional.of(DOWN)))
                .hasToString("status 200: 990 passed, 10 failed (status 503: status was 503 | body: down)");
        assertThat(new CheckResult("status 200", 5, 0, Optional.empty())).hasToString("status 200: 5 passed, 0 failed");
    }
}
