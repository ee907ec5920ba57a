package dev.loadtest.report;

import static dev.loadtest.json.FlatJson.flatten;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Comparison;
import dev.loadtest.ComparisonText;
import dev.loadtest.Figure;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.StepComparison;
import dev.loadtest.json.ComparisonJson;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.testing.TestServer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A comparison of two scenario runs against Jetty, step by step, in its JSON and its HTML page: the baseline
 * ran login, browse and basket; the candidate login, a slower browse and pay. How much slower the machine lets it
 * be is not asserted: each figure is checked against the comparison's own.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ComparisonStepsTest {

    private static TestServer server;
    private static Comparison comparison;

    @BeforeAll
    static void run() {
        server = TestServer.h2c();
        Result baseline = run(Scenario.of("shop", Step.of("login", s -> Request.get("/hello")),
                Step.of("browse", s -> Request.get("/slow/2")), Step.of("basket", s -> Request.get("/hello"))));
        Result candidate = run(Scenario.of("shop", Step.of("login", s -> Request.get("/hello")),
                Step.of("browse", s -> Request.get("/slow/40")), Step.of("pay", s -> Request.get("/hello"))));
        comparison = Results.compare(baseline, candidate);
    }

    private static Result run(Scenario scenario) {
        return LoadTest.target(server.uri("/")).scenario(scenario).users(2).iterations(5).run();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_write_each_steps_figures_and_which_side_ran_it_in_the_json() throws IOException {
        Map<String, Object> json = flatten(ComparisonJson.toJson(comparison));

        assertThat(json).containsEntry("steps[0].name", "login").containsEntry("steps[1].name", "browse")
                .containsEntry("steps[2].name", "basket").containsEntry("steps[3].name", "pay")
                .containsEntry("steps[1].inBaseline", true).containsEntry("steps[1].inCandidate", true)
                .containsEntry("steps[2].inBaseline", true).containsEntry("steps[2].inCandidate", false)
                .containsEntry("steps[3].inBaseline", false).containsEntry("steps[3].inCandidate", true)
                .containsEntry("steps[1].figures[2].figure", "p99").containsEntry("steps[1].figures[2].unit", "micros")
                .containsEntry("steps[2].figures[2].candidate", "null").containsEntry("steps[2].figures[2].change", "null");
        StepComparison.Change p99 = comparison.step("browse").orElseThrow().figure(Figure.P99);
        assertThat(((Number) json.get("steps[1].figures[2].baseline")).doubleValue())
                .isEqualTo(p99.baseline() * 1e-3);   // nanoseconds written as microseconds
        assertThat(((Number) json.get("steps[1].figures[2].change")).doubleValue()).isEqualTo(p99.change());
        assertThat(json).containsEntry("steps[1].figures[2].worseThanTolerance",
                p99.isWorseThan(comparison.options().toleranceOf(Figure.P99)));
        assertThat(json).as("the run's figures as before").containsEntry("figures[2].figure", "p99")
                .containsKey("figures[2].verdict");
    }

    @Test
    void should_write_no_steps_for_runs_of_single_requests() throws IOException {
        Result single = LoadTest.target(server.uri("/hello")).clients(1).requests(20).run();

        Map<String, Object> json = flatten(ComparisonJson.toJson(Results.compare(single, single)));

        assertThat(json.keySet()).noneMatch(k -> k.startsWith("steps"));
    }

    @Test
    void should_show_a_row_of_changes_per_step_on_the_page() {
        String html = ComparisonHtml.render(comparison);

        assertThat(html).contains("<section id=\"steps\">").contains("<table class=\"figures\" id=\"step-changes\">");
        StepComparison browse = comparison.step("browse").orElseThrow();
        StepComparison.Change p50 = browse.figure(Figure.P50);
        String change = Text.escape(ComparisonText.change(Figure.P50, p50.change()));
        boolean worse = p50.isWorseThan(comparison.options().toleranceOf(Figure.P50));
        assertThat(html).contains("<tr><th scope=\"row\">browse</th><td title=\""
                + Text.escape(ComparisonText.value(Figure.P50, p50.baseline())) + " \u2192 "
                + Text.escape(ComparisonText.value(Figure.P50, p50.candidate())) + "\">"
                + (worse ? "<strong>" + change + "</strong>" : change) + "</td>");
        assertThat(html).contains("<tr><th scope=\"row\">basket</th><td colspan=\"7\" class=\"one-side\">in the "
                + "baseline only</td></tr>");
        assertThat(html).contains("<tr><th scope=\"row\">pay</th><td colspan=\"7\" class=\"one-side\">in the "
                + "candidate only</td></tr>");
        int login = html.indexOf("<tr><th scope=\"row\">login</th>");
        assertThat(login).isPositive().isLessThan(html.indexOf("<tr><th scope=\"row\">browse</th>"));
        assertThat(List.of(comparison.toString().split("\n"))).anyMatch(l -> l.startsWith("pay ")
                && l.endsWith("in the candidate only"));
    }
}
