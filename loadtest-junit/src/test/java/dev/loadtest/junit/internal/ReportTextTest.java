package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Result;
import dev.loadtest.junit.testing.Results;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportTextTest {

    static final String NL = System.lineSeparator();
    static final Result RESULT = Results.result().build();
    static final LimitCheck MET = new LimitCheck("p99 response time", "<= 25ms", "1ms", true);
    static final LimitCheck BREACHED = new LimitCheck("throughput", ">= 1000 req/s", "200 req/s", false);

    @Test
    void should_follow_the_report_with_the_test_and_each_budget() {
        String text = ReportText.report(new Run(1, RESULT, List.of(MET, BREACHED)),
                new Settings(2, Settings.Mode.ENFORCE, Optional.of(Path.of("x"))));

        assertThat(text).isEqualTo(RESULT + "test: " + RESULT.test() + NL
                + "budgets (enforced, scale 2):" + NL
                + "  met       p99 response time: required <= 25ms, actual 1ms" + NL
                + "  BREACHED  throughput: required >= 1000 req/s, actual 200 req/s" + NL);
    }

    @Test
    void should_say_when_there_is_no_budget() {
        assertThat(ReportText.report(new Run(1, RESULT, List.of()), Settings.DEFAULTS))
                .endsWith("budgets: none" + NL);
    }

    @Test
    void should_list_the_breaches_then_the_report_of_each_breaching_run() {
        Run first = new Run(1, RESULT, List.of(MET, BREACHED));
        Run third = new Run(3, RESULT, List.of(BREACHED, BREACHED));

        String target = "  target: GET http://127.0.0.1:9/hello" + NL;
        assertThat(ReportText.breaches(List.of(first), 1, true)).isEqualTo(
                "performance budget breached: 1 of 2 budgets" + NL
                        + "  throughput: required >= 1000 req/s, actual 200 req/s" + NL + target + NL + RESULT);
        assertThat(ReportText.breaches(List.of(first, third), 3, false)).isEqualTo(
                "performance budget breached in run 1 of 3: 1 of 2 budgets" + NL
                        + "  throughput: required >= 1000 req/s, actual 200 req/s" + NL + target
                        + "performance budget breached in run 3 of 3: 2 of 2 budgets" + NL
                        + "  throughput: required >= 1000 req/s, actual 200 req/s" + NL
                        + "  throughput: required >= 1000 req/s, actual 200 req/s" + NL + target);
        assertThat(ReportText.breaches(List.of(first, third), 3, true))
                .contains(RESULT + NL + "performance budget breached in run 3 of 3");
    }
}
