package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Each run's report, as a JUnit report entry and as files named after the test. */
class ReportsTest {

    static TestServer server;

    @TempDir
    Path reports;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder hello() {
        return LoadTest.target(server.uri("/hello")).clients(2).requests(200);
    }

    EngineExecutionResults run(Class<?> fixture) {
        return Kit.run(fixture, PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME, reports.toString());
    }

    /** The report files written, relative to the reports directory, sorted. */
    List<String> files() throws IOException {
        try (Stream<Path> all = Files.walk(reports)) {
            return all.filter(Files::isRegularFile).map(p -> reports.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    @KitFixture
    static class OneMetOneBreached {
        @Test
        @PerformanceBudget(p99 = "10s", maxErrorRate = 0)
        void met(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(p99 = "1ns")
        void breached(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_write_a_text_a_json_and_an_html_report_per_test_met_or_breached() throws IOException {
        run(OneMetOneBreached.class).testEvents().assertStatistics(s -> s.succeeded(1).failed(1));

        String dir = OneMetOneBreached.class.getName();
        assertThat(files()).containsExactly(dir + "/breached.html", dir + "/breached.json", dir + "/breached.txt",
                dir + "/met.html", dir + "/met.json", dir + "/met.txt");
        String met = Files.readString(reports.resolve(dir).resolve("met.txt"));
        assertThat(met).startsWith("finished in ")
                .contains("requests: 200 total, 200 started, 200 done, 200 succeeded",
                        "test: LoadTest[targets=[" + server.uri("/hello") + "], clients=2",
                        "budgets (enforced):",
                        "  met       p99 response time: required <= 10s, actual ",
                        "  met       error rate: required <= 0%, actual 0% (0 of 200 requests failed)");
        assertThat(Files.readString(reports.resolve(dir).resolve("breached.txt")))
                .contains("  BREACHED  p99 response time: required <= 1ns, actual ");
        Result fromJson = ResultJson.read(reports.resolve(dir).resolve("met.json"));
        assertThat(fromJson.requests().succeeded()).isEqualTo(200);
        // the HTML report, its budgets listed as gates: required, actual, pass or fail
        assertThat(Files.readString(reports.resolve(dir).resolve("met.html"))).startsWith("<!DOCTYPE html>")
                .contains("<p class=\"gates-summary\">All 2 gates were kept.</p>")
                .containsPattern("<tr class=\"gate-pass\"><th scope=\"row\">p99 response time</th>"
                        + "<td>&lt;= 10s</td><td>[^<]+</td><td class=\"gate-result\">pass</td></tr>");
        assertThat(Files.readString(reports.resolve(dir).resolve("breached.html")))
                .containsPattern("<tr class=\"gate-fail\"><th scope=\"row\">p99 response time</th>"
                        + "<td>&lt;= 1ns</td><td>[^<]+</td><td class=\"gate-result\">fail</td></tr>");
    }

    @Test
    void should_publish_each_report_and_its_files_as_report_entries() {
        EngineExecutionResults results = run(OneMetOneBreached.class);

        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_ENTRY)).hasSize(2)
                .allSatisfy(report -> assertThat(report).startsWith("finished in ").contains("budgets (enforced):"));
        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_FILES_ENTRY)).hasSize(2)
                .anySatisfy(f -> assertThat(f).endsWith("met.txt, " + reports.resolve(
                        OneMetOneBreached.class.getName()).resolve("met.json") + ", " + reports.resolve(
                        OneMetOneBreached.class.getName()).resolve("met.html")));
    }

    @KitFixture
    static class Invocations {
        @ParameterizedTest
        @ValueSource(strings = {"/hello", "/bytes/100"})
        @PerformanceBudget(maxErrorRate = 0)
        void parameterized(String path, LoadTester load) {
            load.run(LoadTest.target(server.uri(path)).clients(2).requests(200));
        }

        @RepeatedTest(3)
        @PerformanceBudget(maxErrorRate = 0)
        void repeated(LoadTester load) {
            load.run(hello());
        }

        @Test
        @PerformanceBudget(maxErrorRate = 0)
        void two_runs(LoadTester load) {
            load.run(hello());
            load.run(hello());
        }

        @Nested
        @PerformanceBudget(maxErrorRate = 0)
        class Inner {
            @Test
            void nested(LoadTester load) {
                load.run(hello());
            }
        }
    }

    @Test
    void should_name_files_after_the_invocation_and_the_run() throws IOException {
        run(Invocations.class).testEvents().assertStatistics(s -> s.started(7).succeeded(7));

        String dir = Invocations.class.getName();
        assertThat(files()).filteredOn(f -> f.endsWith(".txt")).containsExactly(
                dir + "$Inner/nested.txt",
                dir + "/parameterized-1.txt", dir + "/parameterized-2.txt",
                dir + "/repeated-1.txt", dir + "/repeated-2.txt", dir + "/repeated-3.txt",
                dir + "/two_runs-run2.txt", dir + "/two_runs.txt");
        assertThat(Files.readString(reports.resolve(dir).resolve("parameterized-2.txt")))
                .contains("/bytes/100", "(20000) data");
    }

    @Test
    void should_write_no_file_when_the_directory_is_blank_but_still_publish_the_report() throws IOException {
        EngineExecutionResults results = Kit.run(OneMetOneBreached.class,
                PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME, " ");

        assertThat(files()).isEmpty();
        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_ENTRY)).hasSize(2);
        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_FILES_ENTRY)).isEmpty();
    }

    @Test
    void should_not_fail_a_test_whose_report_cannot_be_written() throws IOException {
        Path notADirectory = Files.writeString(reports.resolve("file"), "in the way");

        EngineExecutionResults results = Kit.run(OneMetOneBreached.class,
                PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME, notADirectory.toString());

        results.testEvents().assertStatistics(s -> s.succeeded(1).failed(1));
        assertThat(Kit.reportEntries(results, LoadTestExtension.REPORT_ERROR_ENTRY)).hasSize(2)
                .allSatisfy(e -> assertThat(e).startsWith("cannot write the report of "));
    }
}
