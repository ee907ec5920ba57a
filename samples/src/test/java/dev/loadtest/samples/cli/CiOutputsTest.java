package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** --junit-xml, $GITHUB_STEP_SUMMARY and the line for a run where nothing succeeded, in-process on loopback. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CiOutputsTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    // ---- --junit-xml --------------------------------------------------------------------------------------

    @Test
    void should_write_one_test_case_per_gate_with_the_breach_as_a_failure() throws Exception {
        Path xml = dir.resolve("reports/loadtest.xml");   // folders are made

        CommandRun run = CommandRun.of("-n", "40", "--max-p99", "10s", "--min-rps", "10M", "--test-name", "hello <&>",
                "--junit-xml", xml.toString(), server.hello());

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suites = doc.getDocumentElement();
        assertThat(suites.getTagName()).isEqualTo("testsuites");
        assertThat(suites.getAttribute("tests")).isEqualTo("2");
        assertThat(suites.getAttribute("failures")).isEqualTo("1");
        Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("name")).isEqualTo("hello <&>");
        assertThat(suite.getAttribute("timestamp")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d");
        assertThat(Double.parseDouble(suite.getAttribute("time"))).isPositive();
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(2);
        Element kept = (Element) cases.item(0);
        Element breached = (Element) cases.item(1);
        assertThat(kept.getAttribute("name")).isEqualTo("p99 response time <= 10s");
        assertThat(kept.getAttribute("classname")).isEqualTo(JunitXmlOutput.CLASS_NAME);
        assertThat(kept.getElementsByTagName("failure").getLength()).isZero();
        assertThat(breached.getAttribute("name")).isEqualTo("throughput >= 10000000 req/s");
        Element failure = (Element) breached.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).startsWith("throughput: required >= 10000000 req/s, actual ");
        assertThat(failure.getTextContent()).isEqualTo(failure.getAttribute("message"));
        String systemOut = suite.getElementsByTagName("system-out").item(0).getTextContent();
        assertThat(systemOut).contains("finished in", "requests: 40 total", "verdict: ", "gates:",
                "BREACHED  throughput: required >= 10000000 req/s, actual ");
        assertThat(properties(suite)).containsEntry("requests.done", "40").containsKey("verdict");
    }

    @Test
    void should_write_a_suite_without_test_cases_for_a_run_without_gates() throws Exception {
        Path xml = dir.resolve("no-gates.xml");

        CommandRun run = CommandRun.of("-q", "-n", "20", "--junit-xml", xml.toString(), server.hello());

        assertThat(run.code()).as(run.err()).isZero();
        Element suite = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                .getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("tests")).isEqualTo("0");
        assertThat(suite.getAttribute("name")).isEqualTo(server.hello());   // the default name: the URI without a query
        assertThat(suite.getElementsByTagName("system-out").item(0).getTextContent()).contains("finished in");
    }

    @Test
    void should_write_xml_that_parses_whatever_characters_a_message_holds() {
        assertThat(JunitXmlOutput.safe("a\u0000b\u001bc\td\ud83d\ude00")).isEqualTo("a\ufffdb\ufffdc\td\ud83d\ude00");
        assertThat(JunitXmlOutput.safe("lone \ud83d high")).isEqualTo("lone \ufffd high");
    }

    @Test
    void should_refuse_a_junit_xml_path_that_is_a_directory() {
        CommandRun run = CommandRun.of("-n", "10", "--junit-xml", dir.toString(), server.hello());

        assertThat(run.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(run.err()).contains("--junit-xml " + dir + ": is a directory");
    }

    // ---- $GITHUB_STEP_SUMMARY -----------------------------------------------------------------------------

    @Test
    void should_append_a_markdown_summary_of_the_run_and_its_gates_when_github_asks() throws IOException {
        Path summary = dir.resolve("step_summary.md");
        Files.writeString(summary, "# earlier step\n");

        CommandRun run = CommandRun.withEnvironment(Map.of(StepSummary.VARIABLE, summary.toString()), "-q", "-n", "30",
                "--max-error-rate", "1%", "--max-p99", "10s", "--test-name", "missing | page", server.notFound());

        assertThat(run.code()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        String md = Files.readString(summary, StandardCharsets.UTF_8);
        assertThat(md).startsWith("# earlier step\n### loadtest: missing \\| page — 1 of 2 gates breached\n")
                .contains("| verdict | errors |", "| requests | 30 done, 0 succeeded, 30 failed (0 errored, 0 timeout) |",
                        "| response time | p50 ", "| gate | required | actual | |",
                        "| error rate | &lt;= 1% | 100% (30 of 30 requests failed: statuses {404=30}) | ❌ **breached** |",
                        "| p99 response time | &lt;= 10s | ")
                .contains("✅ kept |");
    }

    @Test
    void should_write_no_summary_without_the_variable() {
        CommandRun run = CommandRun.of("-q", "-n", "10", server.hello());

        assertThat(run.code()).isZero();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void should_exit_3_when_the_summary_cannot_be_written() {
        CommandRun run = CommandRun.withEnvironment(Map.of(StepSummary.VARIABLE, dir.toString()),   // a directory
                "-q", "-n", "10", server.hello());

        assertThat(run.code()).isEqualTo(LoadTestCommand.RUN_FAILED);
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("loadtest: $GITHUB_STEP_SUMMARY " + dir + ": cannot write (");
    }

    // ---- a run where nothing succeeded --------------------------------------------------------------------

    @Test
    void should_say_on_one_line_that_no_request_succeeded_and_still_exit_0() {
        CommandRun run = CommandRun.of("-n", "30", "-c", "2", server.notFound());

        assertThat(run.code()).isZero();
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("loadtest:")).singleElement().asString()
                .isEqualTo("loadtest: no request succeeded (verdict errors): responses with status 404 (30x)");
    }

    @Test
    void should_name_the_error_when_nothing_could_connect() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();   // free again once closed: nothing listens there
        }

        CommandRun run = CommandRun.of("-q", "-n", "4", "-T", "2s", "http://127.0.0.1:" + closed + "/");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("loadtest: no request succeeded (verdict errors): ")
                .contains("(connection refused, ");
    }

    @Test
    void should_leave_it_to_the_gates_when_there_are_gates() {
        CommandRun run = CommandRun.of("-n", "20", "--max-p99", "10s", server.notFound());

        assertThat(run.code()).isZero();
        assertThat(run.err()).doesNotContain("no request succeeded");
    }

    @Test
    void should_say_nothing_when_requests_succeeded() {
        CommandRun run = CommandRun.of("-n", "20", server.hello());

        assertThat(run.code()).isZero();
        assertThat(run.errLines()).noneMatch(l -> l.startsWith("loadtest:"));
    }

    private static Map<String, String> properties(Element suite) {
        NodeList list = suite.getElementsByTagName("property");
        java.util.Map<String, String> properties = new java.util.HashMap<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element p = (Element) list.item(i);
            properties.put(p.getAttribute("name"), p.getAttribute("value"));
        }
        return properties;
    }
}
