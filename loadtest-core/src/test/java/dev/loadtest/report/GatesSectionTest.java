package dev.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatesSectionTest {

    private static final LimitCheck KEPT = new LimitCheck("p99 response time", "<= 25.00ms", "12.40ms", true);
    private static final LimitCheck BREACHED = new LimitCheck("req/s", ">= 1000.00", "812.35", false);

    @Test
    void should_list_each_gate_with_required_actual_and_result_under_the_verdict() {
        String html = HtmlReport.renderWithLimits(ReportFixtures.rateDriven(), List.of(KEPT, BREACHED));

        assertThat(html).contains("<section id=\"gates\">\n<h2>Gates</h2>\n<p class=\"gates-summary\">"
                        + "<span class=\"verdict verdict-breached\">breached</span> 1 of 2 gates.</p>")
                .contains("<tr class=\"gate-pass\"><th scope=\"row\">p99 response time</th><td>&lt;= 25.00ms</td>"
                        + "<td>12.40ms</td><td class=\"gate-result\">pass</td></tr>\n"
                        + "<tr class=\"gate-fail\"><th scope=\"row\">req/s</th><td>&gt;= 1000.00</td>"
                        + "<td>812.35</td><td class=\"gate-result\">fail</td></tr>");
        // under the verdict, before the figures
        assertThat(html.indexOf("id=\"verdict\"")).isLessThan(html.indexOf("id=\"gates\""));
        assertThat(html.indexOf("id=\"gates\"")).isLessThan(html.indexOf("id=\"summary\""));
    }

    @Test
    void should_say_when_every_gate_was_kept() {
        assertThat(HtmlReport.renderWithLimits(ReportFixtures.rateDriven(), List.of(KEPT)))
                .contains("<p class=\"gates-summary\">The gate was kept.</p>");
        assertThat(HtmlReport.renderWithLimits(ReportFixtures.rateDriven(), List.of(KEPT, KEPT)))
                .contains("<p class=\"gates-summary\">All 2 gates were kept.</p>")
                .doesNotContain("<tr class=\"gate-fail\"");
    }

    @Test
    void should_have_no_gate_section_without_gates() {
        Result r = ReportFixtures.rateDriven();

        assertThat(HtmlReport.render(r)).doesNotContain("id=\"gates\"")
                .isEqualTo(HtmlReport.renderWithLimits(r, List.of()));
    }

    @Test
    void should_escape_the_gates_texts() {
        LimitCheck hostile = new LimitCheck("<script>x</script>", "\"q\"", "a & b", false);

        assertThat(HtmlReport.renderWithLimits(ReportFixtures.withoutTimeline(), List.of(hostile)))
                .contains("<th scope=\"row\">&lt;script&gt;x&lt;/script&gt;</th><td>&quot;q&quot;</td>"
                        + "<td>a &amp; b</td>")
                .doesNotContain("<script>x");
    }

    @Test
    void should_write_the_page_with_its_gates(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("r.html");

        HtmlReport.writeWithLimits(ReportFixtures.withoutTimeline(), List.of(BREACHED), file);

        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .isEqualTo(HtmlReport.renderWithLimits(ReportFixtures.withoutTimeline(), List.of(BREACHED)));
        assertThatThrownBy(() -> HtmlReport.renderWithLimits(ReportFixtures.withoutTimeline(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("limits must not be null");
    }

    @Test
    void should_refuse_a_gate_without_a_metric() {
        assertThatThrownBy(() -> new LimitCheck(" ", "<= 1s", "2s", false))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("limit (\" \") must not be blank");
        assertThatThrownBy(() -> new LimitCheck("req/s", null, "2", false))
                .isInstanceOf(NullPointerException.class).hasMessage("required must not be null");
        assertThat(BREACHED).hasToString("req/s: required >= 1000.00, actual 812.35");
    }

    /** The GateOutcome form, kept (deprecated) for callers written before LimitCheck, renders the same page. */
    @Test
    @SuppressWarnings("deprecation")
    void should_render_the_deprecated_gate_outcomes_as_their_limit_checks(@TempDir Path dir) throws IOException {
        GateOutcome breached = new GateOutcome("req/s", ">= 1000.00", "812.35", false);
        Result r = ReportFixtures.rateDriven();
        Path file = dir.resolve("r.html");

        HtmlReport.write(r, List.of(breached), file);

        assertThat(HtmlReport.render(r, List.of(breached))).isEqualTo(HtmlReport.renderWithLimits(r, List.of(BREACHED)))
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        assertThatThrownBy(() -> new GateOutcome(" ", "<= 1s", "2s", false))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("metric (\" \") must not be blank");
        assertThat(breached).hasToString("req/s: required >= 1000.00, actual 812.35");
    }
}
