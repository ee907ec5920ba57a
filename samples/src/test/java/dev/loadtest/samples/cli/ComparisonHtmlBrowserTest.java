package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.Comparison;
import dev.loadtest.Result;
import dev.loadtest.report.ComparisonHtml;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a comparison page in headless Chromium (Debian package {@code chromium}) and reads what its script
 * reports in {@code #report-status}: three charts drawn, no error. A screenshot is kept under
 * {@code target/html-report/}. Skipped without Chromium.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ComparisonHtmlBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Pattern STATUS = Pattern.compile("<div id=\"report-status\"([^>]*)>([^<]*)</div>");

    @TempDir
    Path profile;

    @Test
    void the_comparison_page_draws_its_three_charts() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed");
        List<Result> baselines = List.of(SyntheticResults.run(SyntheticResults.TEST, 1, 20, 1.0),
                SyntheticResults.run(SyntheticResults.TEST, 2, 20, 1.05));
        Result candidate = SyntheticResults.run(SyntheticResults.TEST, 3, 20, 1.3);
        Comparison c = Comparison.of(baselines, List.of(candidate), Comparison.Options.DEFAULTS);
        Path dir = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target", "html-report"));
        Path html = dir.resolve("comparison.html");
        ComparisonHtml.write(c, html);

        String dom = chromium(dir, "--window-size=1400,1000", "--dump-dom", html.toUri().toString());
        Matcher m = STATUS.matcher(dom);
        assertThat(m.find()).as("#report-status in the DOM").isTrue();
        assertThat(m.group(1)).contains("data-state=\"rendered\"").contains("data-charts=\"3\"")
                .contains("data-errors=\"0\"");
        assertThat(m.group(2)).as("errors the page caught").isEmpty();
        chromium(dir, "--window-size=1400,2200", "--screenshot=" + dir.resolve("comparison.png"),
                html.toUri().toString());
        assertThat(dir.resolve("comparison.png")).exists();
    }

    private String chromium(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--user-data-dir=" + profile, "--virtual-time-budget=10000"));
        command.addAll(List.of(args));
        Path out = dir.resolve("comparison.chromium.out");
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile()).redirectError(dir.resolve("comparison.chromium.log").toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 60 s");
        }
        assertThat(p.exitValue()).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
