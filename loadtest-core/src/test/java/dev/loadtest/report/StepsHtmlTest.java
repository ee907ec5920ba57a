package dev.loadtest.report;

import static dev.loadtest.report.HtmlReportTest.data;
import static dev.loadtest.report.HtmlReportTest.lastNumber;
import static dev.loadtest.report.HtmlReportTest.list;
import static dev.loadtest.report.HtmlReportTest.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loadtest.DurationFormat;
import dev.loadtest.Result;
import dev.loadtest.StepResult;
import dev.loadtest.TextReport;
import dev.loadtest.Traffic;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.StepResultBuilder;
import dev.loadtest.testing.ScenarioResults;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The HTML report of a scenario run: the steps' table and chart, the sessions and the token requests. */
class StepsHtmlTest {

    @Test
    void should_give_an_open_run_with_a_connection_per_session_its_bound_rather_than_clients() {
        dev.loadtest.LoadTest perSession = dev.loadtest.LoadTest.target("http://127.0.0.1:1/")
                .scenario(dev.loadtest.scenario.Scenario.of("shop", step("login"), step("catalogue"), step("checkout")))
                .arrivals(20).connectionPerUser()
                .maxBacklog(500).duration(java.time.Duration.ofSeconds(10)).build();

        String html = HtmlReport.render(ResultBuilder.from(ScenarioResults.shop()).test(perSession).build());

        assertThat(html).contains("a connection per session, at most 500 at once")
                .contains("<th scope=\"row\">most connections at once (one per session)</th><td><code>500</code></td>")
                .doesNotContain("500 clients");
    }

    @Test
    void should_list_each_step_with_its_figures_in_the_scenarios_order() {
        Result r = ScenarioResults.shop();

        String html = HtmlReport.render(r);

        assertThat(html).contains("<section id=\"steps\">").contains("<table class=\"latency\" id=\"step-table\">");
        int login = html.indexOf("<th scope=\"row\">login</th>");
        int catalogue = html.indexOf("<th scope=\"row\">catalogue</th>");
        int checkout = html.indexOf("<th scope=\"row\">checkout</th>");
        assertThat(login).isPositive().isLessThan(catalogue);
        assertThat(catalogue).isLessThan(checkout);
        StepResult step = r.step("checkout").orElseThrow();
        assertThat(html).contains("<tr class=\"step-failed\"><th scope=\"row\">checkout</th><td>100</td><td>95</td>"
                + "<td>5</td><td>" + Text.real(9.9) + "</td><td>" + DurationFormat.fixed(step.responseTime().min())
                + "</td><td>" + DurationFormat.fixed(step.responseTime().median()) + "</td>");
        assertThat(html).contains("<tr class=\"step-passed\"><th scope=\"row\">login</th>");
    }

    @Test
    void should_show_each_steps_traffic_received_and_sent() {
        Result r = ScenarioResults.shop();

        String html = HtmlReport.render(r);

        assertThat(html).contains("<table class=\"latency\" id=\"step-traffic\">");
        String table = html.substring(html.indexOf("id=\"step-traffic\""), html.indexOf("</table>",
                html.indexOf("id=\"step-traffic\"")));
        for (StepResult s : r.steps()) {
            Traffic t = s.traffic();
            assertThat(table).as(s.name()).contains("<tr><th scope=\"row\">" + s.name() + "</th>"
                    + cell(t.totalBytes()) + cell(t.headerBytes()) + cell(t.dataBytes()) + cell(t.sentBytes())
                    + "</tr>");
        }
    }

    private static String cell(long bytes) {
        return "<td title=\"" + Text.count(bytes) + " bytes\">" + TextReport.bytes(bytes) + "</td>";
    }

    @Test
    void should_say_how_sessions_ended_and_report_the_token_requests_apart() {
        String html = HtmlReport.render(ScenarioResults.shop());

        assertThat(html).contains("<table class=\"kv\" id=\"sessions\">")
                .contains("<tr><th scope=\"row\">completed</th><td>93</td></tr>")
                .contains("<tr><th scope=\"row\">unfinished at the end</th><td>2</td></tr>")
                .contains("<tr><th scope=\"row\">checkout</th><td>5</td><td><code>status 409</code><br>"
                        + "<code>Connection reset by peer</code></td></tr>")
                .contains("<p class=\"note\" id=\"token\">3 requests, 3 succeeded, 0 failed; time for request median");
    }

    @Test
    void should_chart_each_steps_response_time_by_percentile() throws IOException {
        Result r = ScenarioResults.shop();

        Map<String, Object> data = data(HtmlReport.render(r));

        assertThat(data).containsEntry("expectedCharts", 2L);   // the run's distribution and the steps'
        Map<String, Object> steps = map(data.get("steps"));
        assertThat(list(steps.get("names"))).containsExactly("login", "catalogue", "checkout");
        List<Object> x = list(steps.get("x"));
        List<Object> series = list(steps.get("responseTime"));
        assertThat(series).hasSize(3).allSatisfy(s -> assertThat(list(s)).hasSameSizeAs(x));
        for (int i = 0; i < 3; i++) {
            StepResult step = r.steps().get(i);
            assertThat(lastNumber(list(series.get(i)))).as(step.name())
                    .isCloseTo(step.responseTime().max().toNanos() / 1e6, within(0.2));
        }
        assertThat(HtmlReport.render(r)).contains("<div class=\"chart\" id=\"chart-steps\"");
    }

    @Test
    void should_have_no_steps_section_for_a_run_of_single_requests() throws IOException {
        Result single = ResultBuilder.from(ScenarioResults.shop()).steps(List.of()).sessions(Optional.empty())
                .tokenRequests(Optional.empty()).build();

        String html = HtmlReport.render(single);

        assertThat(html).doesNotContain("id=\"steps\"").doesNotContain("id=\"chart-steps\"");
        assertThat(data(html).get("steps")).isNull();
    }

    @Test
    void should_escape_step_names() {
        Result r = ResultBuilder.from(ScenarioResults.shop()).steps(List.of(
                StepResultBuilder.from(ScenarioResults.shop().steps().get(0)).build(),
                new StepResultBuilder("<b>basket</b> & co").build())).build();

        String html = HtmlReport.render(r);

        assertThat(html).contains("<th scope=\"row\">&lt;b&gt;basket&lt;/b&gt; &amp; co</th>")
                .doesNotContain("<b>basket");
    }

    private static dev.loadtest.scenario.Step step(String name) {
        return dev.loadtest.scenario.Step.of(name, session -> dev.loadtest.request.Request.get("/"));
    }
}
