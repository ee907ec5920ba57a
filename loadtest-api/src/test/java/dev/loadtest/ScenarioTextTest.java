package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.testing.ScenarioRuns;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The text report of a scenario run: its steps' table, its sessions and its token provider's line. */
class ScenarioTextTest {

    private static final LoadTest TEST = LoadTest.target("http://127.0.0.1:1/").clients(4).requests(1_000).build();

    private static Result shop() {
        Histogram ignored = LatencyHistogram.newHistogram();
        List<StepResult> steps = List.of(ScenarioRuns.step("login", 1, 100, 0, 0, ignored),
                ScenarioRuns.step("catalogue", 2, 300, 0, 0, ignored),
                ScenarioRuns.step("checkout", 3, 98, 4, 2, ignored));
        Sessions sessions = new SessionsBuilder().started(100).completed(92).failed(6).failedAt(Map.of("checkout", 6L))
                .failureReasons(Map.of("checkout", List.of("status 503", "Connection reset in checkout")))
                .duration(ScenarioRuns.step("x", 4, 92, 0, 0, ignored).responseTime()).build();
        StepResult token = ScenarioRuns.step("token", 5, 3, 0, 0, ignored);
        return ScenarioRuns.run(TEST, steps, Optional.of(sessions), Optional.of(token));
    }

    private static List<String> lines(Result r) {
        return TextReport.format(r).lines().toList();
    }

    @Test
    void should_print_a_row_per_step_in_the_scenarios_order_with_h2loads_columns() {
        List<String> lines = lines(shop());

        int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("steps:")).findFirst().orElseThrow());
        assertThat(lines.get(head).split(" +")).containsExactly("steps:", "requests", "succeeded", "failed", "req/s",
                "min", "max", "mean", "sd", "median", "p95", "p99");
        assertThat(lines.subList(head + 1, head + 4)).extracting(l -> l.trim().split(" +")[0])
                .containsExactly("login", "catalogue", "checkout");
        String[] checkout = lines.get(head + 3).trim().split(" +");
        StepResult step = shop().step("checkout").orElseThrow();
        // requests, succeeded, failed, req/s (responses over the 10 s run), then the response time's figures
        assertThat(checkout).hasSize(12);
        assertThat(List.of(checkout).subList(1, 5)).containsExactly("100", "94", "6", "9.80");
        assertThat(checkout[5]).isEqualTo(DurationFormat.fixed(step.responseTime().min()));
        assertThat(checkout[11]).isEqualTo(DurationFormat.fixed(step.responseTime().percentile(99)));
        int width = lines.get(head).length();
        assertThat(lines.subList(head + 1, head + 4)).as("the columns line up with their heads")
                .allSatisfy(l -> assertThat(l.length()).isEqualTo(width));
    }

    @Test
    void should_print_each_steps_traffic_received_and_sent_under_the_steps() {
        Result r = shop();
        List<String> lines = lines(r);

        int head = lines.indexOf(lines.stream().filter(l -> l.startsWith("step traffic:")).findFirst().orElseThrow());
        assertThat(lines.get(head).split(" +")).containsExactly("step", "traffic:", "received", "headers", "data",
                "sent");
        assertThat(head).as("under the steps' table").isGreaterThan(lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("  checkout ")).findFirst().orElseThrow()));
        for (int i = 0; i < 3; i++) {
            StepResult step = r.steps().get(i);
            Traffic t = step.traffic();
            assertThat(lines.get(head + 1 + i).trim().split(" +")).as(step.name()).containsExactly(step.name(),
                    TextReport.bytes(t.totalBytes()), TextReport.bytes(t.headerBytes()),
                    TextReport.bytes(t.dataBytes()), TextReport.bytes(t.sentBytes()));
            assertThat(lines.get(head + 1 + i)).hasSameSizeAs(lines.get(head));
        }
        // the fixture's fields differ, so a column taken from the wrong field would show
        assertThat(r.steps()).allSatisfy(s -> assertThat(List.of(s.traffic().totalBytes(), s.traffic().headerBytes(),
                s.traffic().dataBytes(), s.traffic().sentBytes())).doesNotHaveDuplicates());
    }

    @Test
    void should_say_how_sessions_ended_and_where_and_why_they_failed() {
        List<String> lines = lines(shop());

        String sessions = lines.stream().filter(l -> l.startsWith("sessions:")).findFirst().orElseThrow();
        assertThat(sessions).startsWith("sessions: 100 started, 92 completed, 6 failed, 2 unfinished; duration p50 ");
        assertThat(lines.get(lines.indexOf(sessions) + 1))
                .isEqualTo("  failed at checkout: 6 (status 503; Connection reset in checkout)");
    }

    @Test
    void should_report_the_token_requests_apart_from_the_runs_figures() {
        String token = lines(shop()).stream().filter(l -> l.startsWith("token:")).findFirst().orElseThrow();

        assertThat(token).startsWith("token: 3 requests, 3 succeeded, 0 failed; time for request p50 ")
                .endsWith("(not in the figures above)");
    }

    @Test
    void should_print_nothing_of_scenarios_for_a_run_of_single_requests() {
        Result single = ScenarioRuns.run(TEST, List.of(), Optional.empty(), Optional.empty());

        assertThat(lines(single)).noneMatch(l -> l.startsWith("steps:") || l.startsWith("sessions:")
                || l.startsWith("token:"));
    }

    @Test
    void should_cut_a_very_long_step_name_to_its_column() {
        Histogram ignored = LatencyHistogram.newHistogram();
        String longName = "a step whose name goes on and on and on and on and on";
        Result r = ScenarioRuns.run(TEST, List.of(ScenarioRuns.step(longName, 1, 10, 0, 0, ignored),
                ScenarioRuns.step("b", 2, 10, 0, 0, ignored)), Optional.empty(), Optional.empty());

        List<String> rows = lines(r).stream().filter(l -> l.startsWith("  a step") || l.startsWith("  b ")).toList();

        assertThat(rows).as("a row in the steps' table and one in their traffic's").hasSize(4);
        assertThat(rows.get(0)).startsWith("  " + longName.substring(0, 39) + "…");
        assertThat(rows.get(2)).startsWith("  " + longName.substring(0, 39) + "…");
        assertThat(rows.get(0).length()).isEqualTo(rows.get(1).length());
        assertThat(rows.get(2).length()).isEqualTo(rows.get(3).length());
    }
}
