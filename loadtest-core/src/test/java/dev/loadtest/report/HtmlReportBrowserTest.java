package dev.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens reports in a real browser, headless Chromium (Debian package {@code chromium}), from a
 * {@code file://} URL: the page reports what it drew into {@code #report-status}, which {@code --dump-dom}
 * shows after its scripts ran; then a screenshot of the whole page is kept under
 * {@code target/html-report/} as a build artifact. Skipped without Chromium, unless {@code CI=true}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HtmlReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final long PROCESS_SECONDS = 60;
    private static final int WIDTH = 1400;
    private static final Pattern STATUS = Pattern.compile("<div id=\"report-status\"([^>]*)>([^<]*)</div>");
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");

    @TempDir
    Path profile;

    @BeforeAll
    static void chromiumIsThere() {
        boolean present = Files.isExecutable(CHROMIUM);
        if (!present && "true".equals(System.getenv("CI"))) {
            fail(CHROMIUM + " is missing: CI must install the Debian package chromium (apt-get install -y chromium)");
        }
        assumeTrue(present, CHROMIUM + " not installed (Debian package chromium): browser tests skipped");
    }

    @Test
    void theFullReportRendersItsFourCharts() throws Exception {
        // with a gate section too, as the command writes it: the page's layout and scripts must not mind it
        Map<String, String> status = open(ReportFixtures.rateDriven(), List.of(
                new LimitCheck("p99 response time", "<= 25ms", "31.2ms", false),
                new LimitCheck("error rate", "<= 1%", "0.12% (5 of 4210 requests failed)", true)), "report");

        assertThat(status).containsEntry("data-state", "rendered")
                .containsEntry("data-errors", "0")
                .containsEntry("data-expected", "4")
                .containsEntry("data-charts", "4")
                .containsEntry("data-painted", "4");   // each chart has pixels in its series' colours
        assertThat(Integer.parseInt(status.get("data-canvases"))).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aScenarioReportRendersItsStepsChart() throws Exception {
        Map<String, String> status = open(dev.loadtest.testing.ScenarioResults.shop(), "report-scenario");

        assertThat(status).containsEntry("data-state", "rendered")
                .containsEntry("data-errors", "0")
                .containsEntry("data-expected", "2")
                .containsEntry("data-charts", "2")
                .containsEntry("data-painted", "2");   // the run's distribution and one line per step
    }

    @Test
    void aReportWithoutIntervalsRendersItsDistributionAndTheNote() throws Exception {
        Map<String, String> status = open(ReportFixtures.withoutTimeline(), "report-no-timeline");

        assertThat(status).containsEntry("data-state", "rendered")
                .containsEntry("data-errors", "0")
                .containsEntry("data-expected", "1")
                .containsEntry("data-charts", "1")
                .containsEntry("data-painted", "1");
        assertThat(Integer.parseInt(status.get("data-canvases"))).isGreaterThanOrEqualTo(1);
    }

    @Test
    void aReportWithNothingToDrawHasNoErrors() throws Exception {
        Map<String, String> status = open(ReportFixtures.nothingAnswered(), "report-nothing-answered");

        assertThat(status).containsEntry("data-state", "rendered")
                .containsEntry("data-errors", "0")
                .containsEntry("data-charts", "0")
                .containsEntry("data-canvases", "0");
    }

    @Test
    void theCapacityPageRendersItsChartWithTheSharedScript() throws Exception {
        Path html = artifacts().resolve("capacity.html");
        CapacityReport.write(CapacityReportTest.answer(), html);

        Map<String, String> status = load(html, "capacity");

        assertThat(status).containsEntry("data-state", "rendered")
                .containsEntry("data-errors", "0")
                .containsEntry("data-expected", "1")
                .containsEntry("data-charts", "1");
        assertThat(Integer.parseInt(status.get("data-canvases"))).isGreaterThanOrEqualTo(1);
    }

    /**
     * Writes the report, loads it in Chromium, checks the console stayed silent, saves a screenshot of the
     * whole page and returns the attributes of {@code #report-status}.
     */
    private Map<String, String> open(Result result, String name) throws Exception {
        return open(result, List.of(), name);
    }

    private Map<String, String> open(Result result, List<LimitCheck> gates, String name) throws Exception {
        Path html = artifacts().resolve(name + ".html");
        HtmlReport.writeWithLimits(result, gates, html);
        return load(html, name);
    }

    /** Loads a page in Chromium as {@link #open(Result, String)} does. */
    private Map<String, String> load(Path html, String name) throws Exception {
        Path dir = artifacts();
        String url = html.toUri().toString();
        assertThat(url).startsWith("file:/");

        Run dom = chromium(dir.resolve(name + ".dom.html"), dir.resolve(name + ".chromium.log"), profile.resolve("dom"),
                "--window-size=" + WIDTH + ",1000", "--dump-dom", url);
        String page = Files.readString(dom.stdout, StandardCharsets.UTF_8);
        Matcher m = STATUS.matcher(page);
        assertThat(m.find()).as("#report-status in the DOM Chromium dumped (%s)", dom.stdout).isTrue();
        Map<String, String> status = new HashMap<>();
        Matcher a = ATTRIBUTE.matcher(m.group(1));
        while (a.find()) {
            status.put(a.group(1), a.group(2));
        }
        status.put("text", m.group(2));
        assertThat(m.group(2)).as("errors the page caught").isEmpty();
        assertThat(consoleLines(dom.stderr)).as("console messages (%s)", dom.stderr).isEmpty();

        // a second load, as tall as the page, for a screenshot of all of it
        int height = Math.max(800, Math.min(8_000, Integer.parseInt(status.getOrDefault("data-height", "2000")) + 20));
        Path png = dir.resolve(name + ".png");
        Files.deleteIfExists(png);
        Run shot = chromium(dir.resolve(name + ".screenshot.out"), dir.resolve(name + ".screenshot.log"),
                profile.resolve("shot"), "--window-size=" + WIDTH + "," + height, "--screenshot=" + png, url);
        assertThat(consoleLines(shot.stderr)).as("console messages (%s)", shot.stderr).isEmpty();
        assertThat(png).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        ByteBuffer ihdr = ByteBuffer.wrap(bytes, 16, 8);
        assertThat(ihdr.getInt()).as("screenshot width").isEqualTo(WIDTH);
        assertThat(ihdr.getInt()).as("screenshot height").isEqualTo(height);
        assertThat(bytes.length).as("a page, not a blank image").isGreaterThan(30_000);
        return status;
    }

    private static Path artifacts() throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "html-report").toAbsolutePath();
        return Files.createDirectories(dir);
    }

    private record Run(Path stdout, Path stderr) {
    }

    /** Runs headless Chromium to its end, killing it and its children after a minute. */
    private static Run chromium(Path stdout, Path stderr, Path userData, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(),
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-extensions", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--user-data-dir=" + userData,
                // console messages go to stderr as ":CONSOLE" lines
                "--enable-logging=stderr", "--v=0",
                // let timers run before the DOM is dumped or the screenshot taken
                "--virtual-time-budget=10000"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!p.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail("chromium did not finish within " + PROCESS_SECONDS + " s: " + command + "\n" + tail(stderr));
        }
        assertThat(p.exitValue()).as("chromium's exit code; its log:\n%s", tail(stderr)).isZero();
        return new Run(stdout, stderr);
    }

    private static List<String> consoleLines(Path log) throws IOException {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains(":CONSOLE")).toList();
    }

    private static String tail(Path log) {
        try (InputStream in = Files.newInputStream(log)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.length() > 4_000 ? text.substring(text.length() - 4_000) : text;
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
