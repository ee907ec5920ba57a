package dev.loadtest.assertj;

import static dev.loadtest.assertj.LoadTestAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.CheckResult;
import dev.loadtest.check.FailureSample;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The check assertions on hand-made counts; AssertionsOnARealRunTest has them on real runs. */
class ChecksAssertTest {

    @Test
    void should_fail_on_a_check_the_run_did_not_have() {
        CheckResult status = new CheckResult("status 200", 10, 0, Optional.empty());
        assertThatThrownBy(() -> new ChecksAssert(List.of(status)).check("status 201"))
                .hasMessage(String.format("%nExpecting a check named status 201 but the run's checks were: status 200"));
        assertThatThrownBy(() -> new ChecksAssert(List.of()).check("status 201"))
                .hasMessageEndingWith("none (the run had no checks)");
    }

    @Test
    void should_compare_exact_failure_counts() {
        CheckResult json = new CheckResult("json $.status == \"ok\"", 90, 10,
                Optional.of(new FailureSample(200, "{\"status\":\"error\"}", List.of("$.status was \"error\""))));

        assertThatCode(() -> assertThat(json).hasFailed(10).hasFailedAtMost(10)).doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(json).hasFailed(3))
                .hasMessage(String.format("%nExpecting check json $.status == \"ok\" to have failed 3 times but failed"
                        + " 10 times (90 passed)%nsample: status 200: $.status was \"error\" | body: "
                        + "{\"status\":\"error\"}"));
    }
}
