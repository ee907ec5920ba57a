package dev.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Result;
import dev.loadtest.StartupBurst;
import dev.loadtest.StatusCodes;
import dev.loadtest.Verdict;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The start-up burst under the verdict of the HTML report (the rule itself: StartupBurstTest in the api). */
class StartupBurstHtmlTest {

    /** A rate-driven run of one-second intervals with these response time p99s, 2,000 responses each. */
    private static Result rateDriven(long... p99Millis) {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < p99Millis.length; i++) {
            Duration p99 = Duration.ofMillis(p99Millis[i]);
            LatencySummary s = new LatencySummary(2000, Duration.ZERO, p99, p99, p99, p99, p99, p99);
            intervals.add(new IntervalBuilder().start(Duration.ofSeconds(i)).length(Duration.ofSeconds(1)).started(2000)
                    .done(2000).statusCodes(new StatusCodes(Map.of(200, 2000L))).responseTime(s).serviceTime(s).build());
        }
        LatencyHistogram none = LatencyHistogram.EMPTY;
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").rate(2000).duration(Duration.ofSeconds(p99Millis.length))
                .build();
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(p99Millis.length)).protocol("http/1.1")
                .serviceTime(none).responseTime(none).connectTime(none)
                .rate(Optional.of(new Rate(2000, 2000, 2000L * p99Millis.length, 0, 0, 0, none)))
                .intervals(intervals).verdict(Verdict.OK).build();
    }

    @Test
    void should_say_so_under_the_verdict_of_a_run_whose_first_second_was_a_burst() {
        Result burst = rateDriven(120, 2, 2, 2);
        String explanation = StartupBurst.of(burst).orElseThrow().explanation();

        assertThat(HtmlReport.render(burst)).contains("<p class=\"warning\" id=\"startup-burst\">Start-up burst: "
                + Text.escape(explanation) + ".</p>");
        assertThat(HtmlReport.render(rateDriven(3, 2, 2, 2))).doesNotContain("startup-burst");
    }
}
