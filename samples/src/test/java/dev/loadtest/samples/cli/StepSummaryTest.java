package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The job summary of a scenario run: its steps' table and its sessions beside the run's figures. */
class StepSummaryTest {

    private static StepResult step(String name, long succeeded, long failed, long millis) {
        Histogram h = LatencyHistogram.newHistogram();
        h.recordValueWithCount(millis * 1_000_000, succeeded + failed);
        long done = succeeded + failed;
        return new StepResultBuilder(name).requests(new Requests(done, done, done, succeeded, failed, 0, 0, 0))
                .statusCodes(new StatusCodes(failed == 0 ? Map.of(200, succeeded) : Map.of(200, succeeded, 409, failed)))
                .responseTime(LatencyHistogram.of(h)).serviceTime(LatencyHistogram.of(h)).build();
    }

    @Test
    void should_show_a_row_per_step_and_the_sessions() {
        Result run = SyntheticResults.run(SyntheticResults.TEST, 1, 3, 1);
        Result shop = ResultBuilder.from(run).steps(List.of(step("login", 10, 0, 2), step("check|out", 8, 2, 40)))
                .sessions(Optional.of(new SessionsBuilder().started(10).completed(8).failed(2)
                        .failedAt(Map.of("check|out", 2L)).build())).build();

        String md = StepSummary.markdown("shop", shop, List.of());

        assertThat(md).contains("| sessions | 10 started, 8 completed, 2 failed (at check\\|out: 2) |\n")
                .contains("\n| step | requests | succeeded | failed | response time |\n|---|---|---|---|---|\n"
                        + "| login | 10 | 10 | 0 | p50 2")
                .contains("| check\\|out | 10 | 8 | 2 | p50 40");
        assertThat(StepSummary.markdown("run", run, List.of())).doesNotContain("| step |").doesNotContain("sessions");
    }

    @Test
    void should_say_a_run_with_a_connection_per_session_holds_at_most_its_backlog_not_clients() {
        LoadTest perSession = LoadTest.target("http://127.0.0.1:1/")
                .scenario(Scenario.of("home", Step.of("home", s -> Request.get("/")))).arrivals(5).connectionPerUser()
                .maxBacklog(40).duration(Duration.ofSeconds(30)).build();

        String md = StepSummary.markdown("visit", SyntheticResults.run(perSession, 1, 3, 1), List.of());

        assertThat(md).contains("a connection per session (at most 40 at once)").doesNotContain(" clients, ");
        assertThat(StepSummary.markdown("run", SyntheticResults.run(SyntheticResults.TEST, 1, 3, 1), List.of()))
                .contains("4 clients, 1 streams");
    }
}
