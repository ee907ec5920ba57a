package dev.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityStep;
import dev.loadtest.Objective;
import dev.loadtest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityReportTest {

    private static final Objective OBJECTIVE = Objective.empty().maxResponseTime(99, Duration.ofMillis(50))
            .maxResponseTime(99.9, Duration.ofMillis(120));

    /** Three steps of one rate-driven result, a breach whose text is markup. */
    static CapacityAnswer answer() {
        Result r = ReportFixtures.rateDriven();
        Objective.Breach breach = new Objective.Breach("p99 response time", "<= 50ms", ReportFixtures.MARKUP);
        return new CapacityAnswer(OBJECTIVE, CapacityAnswer.Conclusion.FOUND, OptionalDouble.of(200),
                OptionalDouble.of(400), OptionalDouble.empty(), List.of(
                new CapacityStep(1, CapacityStep.Phase.DOUBLING, 200, r, CapacityStep.Outcome.HELD, List.of(), ""),
                new CapacityStep(2, CapacityStep.Phase.DOUBLING, 400, r, CapacityStep.Outcome.FAILED, List.of(breach),
                        breach.toString()),
                new CapacityStep(3, CapacityStep.Phase.CONFIRMING, 200, r, CapacityStep.Outcome.HELD, List.of(), "")));
    }

    @Test
    void should_draw_the_percentiles_against_the_rates_with_the_objective() {
        String html = CapacityReport.render(answer());

        assertThat(html).contains("<h1>loadtest capacity search</h1>", "id=\"chart-capacity\"",
                "\"rates\":[200,400]", "\"outcomes\":[\"held\",\"failed\"]", "{\"name\":\"p99.9\",\"ms\":[",
                "\"limits\":[{\"name\":\"p99 response time limit\",\"ms\":50},"
                        + "{\"name\":\"p99.9 response time limit\",\"ms\":120}]", "\"held\":200", "\"failed\":400",
                "capacity: 200 req/s held (confirmed)", "<td>confirming</td>");
        assertThat(html).doesNotContain("<script>alert('x')</script>")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        assertThat(html).doesNotContainPattern("(src|href)=\"https?:");   // nothing fetched
    }

    @Test
    void should_write_the_page_creating_its_directory(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a/b/capacity.html");

        CapacityReport.write(answer(), file);

        assertThat(Files.readString(file)).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        // kept as a build artifact beside the run report's, to open in a browser
        Path artifacts = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target", "html-report"));
        Files.copy(file, artifacts.resolve("capacity.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
