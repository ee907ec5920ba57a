package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loadtest.Header;
import dev.loadtest.Interval;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.json.ResultJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The command in-process, against the embedded demo server on loopback; each run lasts under a second. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadTestCommandTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    // ---- help --------------------------------------------------------------------------------------------

    @Test
    void should_document_every_option_and_its_default_in_help() {
        CommandRun run = CommandRun.of("--help");

        assertThat(run.code()).isZero();
        List<OptionSpec> options = new CommandLine(new LoadTestCommand(System.out, System.err, false, name -> null))
                .getCommandSpec().options();
        assertThat(options).hasSizeGreaterThan(30);
        for (OptionSpec option : options) {
            for (String name : option.names()) {
                assertThat(run.out()).as("help names " + name).contains(name);
            }
            assertThat(option.description()).as(option.longestName() + " has a description").isNotEmpty();
            if (option.defaultValue() != null) {
                assertThat(helpOf(run.out(), option.longestName())).as(option.longestName() + " shows its default")
                        .contains("Default: " + option.defaultValue());
            }
        }
        assertThat(run.out()).contains("Exit codes:").contains("1  a gate breached").contains("2  usage error")
                .contains("3  the run failed").contains("Default: half the CPUs, at least 1, at");
    }

    /** The lines of the help that describe one option: from its name to the next option. */
    private static String helpOf(String help, String option) {
        List<String> lines = help.lines().toList();
        StringBuilder block = new StringBuilder();
        boolean in = false;
        for (String line : lines) {
            boolean starts = line.matches("\\s{2,6}-.*");
            if (starts) {
                in = line.contains(option + "=") || line.endsWith(option) || line.contains(option + " ");
            }
            if (in) {
                block.append(line).append('\n');
            }
        }
        return block.toString();
    }

    @Test
    void should_print_its_version() {
        CommandRun run = CommandRun.of("--version");

        assertThat(run.code()).isZero();
        assertThat(run.out()).startsWith("loadtest ");
    }

    // ---- a run and its files ---------------------------------------------------------------------------

    @Test
    void should_write_every_file_so_that_it_reads_back() throws IOException {
        Path json = dir.resolve("out/run.json");   // folders are made
        Path csv = dir.resolve("out/timeline.csv");
        Path hgrm = dir.resolve("out/run.hgrm");
        Path hlog = dir.resolve("out/run.hlog");
        Path html = dir.resolve("out/run.html");

        CommandRun run = CommandRun.of("-c", "2", "-m", "2", "-D", "600ms", "--interval", "100ms",
                "-H", "Authorization: Bearer s3cr3t", "-H", "X-Test: yes",
                "--json", json.toString(), "--csv", csv.toString(), "--hgrm", hgrm.toString(),
                "--hlog", hlog.toString(), "--html", html.toString(), server.hello());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("running LoadTest[").contains("finished in").contains("protocol: h2c, 2 clients");
        assertThat(run.err()).contains(" req/s ").doesNotContain("loadtest:");

        Result result = ResultJson.read(json);
        assertThat(result.requests().done()).isPositive();
        assertThat(result.requests().succeeded()).isEqualTo(result.requests().done());
        assertThat(result.test().clients()).isEqualTo(2);
        assertThat(result.test().duration()).contains(Duration.ofMillis(600));
        assertThat(result.test().headers()).containsExactly(new Header("Authorization", "<redacted>"),
                new Header("X-Test", "yes"));
        assertThat(Files.readString(json)).doesNotContain("s3cr3t");
        List<Interval> intervals = result.intervals();
        assertThat(intervals).hasSizeBetween(5, 8);
        assertThat(intervals.stream().mapToLong(Interval::done).sum()).isEqualTo(result.requests().done());

        List<String> rows = Files.readAllLines(csv);
        assertThat(rows.get(0).split(",")).containsExactlyElementsOf(TimelineCsv.COLUMNS);
        assertThat(rows).hasSize(intervals.size() + 1);
        for (int i = 0; i < intervals.size(); i++) {
            String[] cells = rows.get(i + 1).split(",");
            assertThat(cells).hasSize(TimelineCsv.COLUMNS.size());
            assertThat(Long.parseLong(cells[TimelineCsv.COLUMNS.indexOf("done")])).isEqualTo(intervals.get(i).done());
            assertThat(new java.math.BigDecimal(cells[TimelineCsv.COLUMNS.indexOf("responseTimeP99Micros")])
                    .movePointRight(3).longValueExact()).isEqualTo(intervals.get(i).responseTime().p99().toNanos());
        }

        String distribution = Files.readString(hgrm);
        assertThat(distribution).contains("Value     Percentile TotalCount 1/(1-Percentile)");
        Matcher max = Pattern.compile("#\\[Max     =\\s+([0-9.]+), Total count    =\\s+(\\d+)]").matcher(distribution);
        assertThat(max.find()).as(distribution).isTrue();
        assertThat(Long.parseLong(max.group(2))).isEqualTo(result.responseTime().count());
        assertThat(Double.parseDouble(max.group(1)))   // milliseconds, as wrk2 prints them
                .isCloseTo(result.responseTime().max().toNanos() / 1e6, within(0.001));

        long responses = 0;
        long services = 0;
        int logged = 0;
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                org.HdrHistogram.Histogram histogram = (org.HdrHistogram.Histogram) h;
                if (HistogramLogOutput.SERVICE_TAG.equals(h.getTag())) {
                    services += histogram.getTotalCount();
                } else {
                    assertThat(h.getTag()).isNull();
                    responses += histogram.getTotalCount();
                    logged++;
                }
            }
        }
        assertThat(logged).isEqualTo(intervals.size());
        assertThat(responses).isEqualTo(result.responseTime().count());
        assertThat(services).isEqualTo(result.serviceTime().count());

        assertThat(Files.readString(html, StandardCharsets.UTF_8)).containsIgnoringCase("<html");
    }

    @Test
    void should_test_the_demo_server_without_a_uri() throws IOException {
        Path json = dir.resolve("demo.json");

        CommandRun run = CommandRun.of("-D", "300ms", "--warm-up-time", "0", "--json", json.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("embedded demo server at http://127.0.0.1:");
        assertThat(run.out()).contains("protocol: h2c, 10 clients, 10 streams");
        LoadTest test = ResultJson.read(json).test();
        assertThat(test.targets().get(0).getPath()).isEqualTo("/hello");
        assertThat(test.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(test.warmUp()).isZero();
    }

    @Test
    void should_check_flags_against_the_demo_defaults() throws IOException {
        Path json = dir.resolve("demo-counted.json");

        CommandRun run = CommandRun.of("-q", "-n", "100", "-t", "4", "--json", json.toString());

        assertThat(run.code()).as(run.err()).isZero();
        LoadTest test = ResultJson.read(json).test();
        assertThat(test.clients()).isEqualTo(10);   // so -t 4 <= -c and -n 100 >= -c
        assertThat(test.threads()).isEqualTo(4);
        assertThat(test.warmUp()).isZero();          // a counted run has no warm-up
    }

    @Test
    void should_print_nothing_with_quiet_but_still_write_files() throws IOException {
        Path json = dir.resolve("quiet.json");

        CommandRun run = CommandRun.of("-q", "-n", "20", "--json", json.toString(), server.hello());

        assertThat(run.code()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEmpty();
        assertThat(ResultJson.read(json).requests().done()).isEqualTo(20);
    }

    @Test
    void should_print_a_progress_line_per_interval_counting_failed_statuses() {
        CommandRun run = CommandRun.of("-c", "2", "-D", "400ms", "--interval", "100ms", server.notFound());

        assertThat(run.code()).isZero();
        List<String> lines = run.errLines().stream().filter(l -> l.startsWith("[")).toList();
        assertThat(lines).hasSizeBetween(4, 6);
        Matcher last = Pattern.compile("\\[ +0\\.4s] +[0-9.]+ req/s +(\\d+) done +(\\d+) failed +p50 \\S+ +p99 \\S+")
                .matcher(lines.get(lines.size() - 1));
        assertThat(last.matches()).as(lines.get(lines.size() - 1)).isTrue();
        assertThat(last.group(2)).isEqualTo(last.group(1));   // every response a 404
    }

    @Test
    void should_draw_a_progress_bar_when_stderr_is_a_terminal() {
        CommandRun run = CommandRun.of(true, "-D", "400ms", server.hello());

        assertThat(run.code()).isZero();
        assertThat(run.err()).contains("loadtest").contains("%").contains("done").contains("req/s");
    }

    // ---- flags become the test h2load's flags describe -------------------------------------------------

    static Stream<Arguments> flags() {
        return Stream.of(
                Arguments.of("-n 1k -c 10 -m 5 -t 2 --h1 -T 2s -N 3s --method PUT", (Check) t -> {
                    assertThat(t.requests()).hasValue(1_000);
                    assertThat(t.clients()).isEqualTo(10);
                    assertThat(t.streams()).isEqualTo(5);
                    assertThat(t.threads()).isEqualTo(2);
                    assertThat(t.protocol()).isEqualTo(Protocol.HTTP_1_1);
                    assertThat(t.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(t.requestTimeout()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(t.method()).isEqualTo("PUT");
                    assertThat(t.isRateDriven()).isFalse();
                }),
                Arguments.of("-c 2 -D 300ms --warm-up-time 100ms --interval 50ms --max-backlog 99", (Check) t -> {
                    assertThat(t.duration()).contains(Duration.ofMillis(300));
                    assertThat(t.warmUp()).isEqualTo(Duration.ofMillis(100));
                    assertThat(t.interval()).isEqualTo(Duration.ofMillis(50));
                    assertThat(t.maxBacklog()).isEqualTo(99);
                    assertThat(t.protocol()).isEqualTo(Protocol.HTTP_2);   // h2c by default, as h2load
                }),
                Arguments.of("-c 2 -R 200 -D 300ms", (Check) t -> {
                    assertThat(t.rate()).hasValue(200);
                    assertThat(t.stages()).containsExactly(Stage.rate(200, Duration.ofMillis(300)));
                    assertThat(t.scheduleResolution()).isEqualTo(Duration.ofMillis(1));
                }),
                Arguments.of("-c 2 -R 20k -D 300ms --schedule-resolution 250us", (Check) t ->
                        assertThat(t.scheduleResolution()).isEqualTo(Duration.ofNanos(250_000))),
                Arguments.of("-c 2 -R 200 -D 300ms --schedule-resolution 0", (Check) t ->
                        assertThat(t.scheduleResolution()).isZero()),
                Arguments.of("-c 4 --rps 50 -D 300ms", (Check) t -> assertThat(t.rate()).hasValue(200)),
                Arguments.of("-c 2 -R 100:400 -D 400ms", (Check) t -> {
                    assertThat(t.rate()).isEmpty();
                    assertThat(t.stages()).containsExactly(Stage.ramp(100, 400, Duration.ofMillis(400)));
                }),
                Arguments.of("-c 2 --stage 100/200ms --stage 300:50/200ms", (Check) t -> {
                    assertThat(t.stages()).containsExactly(Stage.rate(100, Duration.ofMillis(200)),
                            Stage.ramp(300, 50, Duration.ofMillis(200)));
                    assertThat(t.duration()).contains(Duration.ofMillis(400));
                }),
                Arguments.of("-c 2 -m 2 --concurrency-stage 1/200ms --concurrency-stage 4/200ms", (Check) t -> {
                    assertThat(t.stages()).containsExactly(Stage.concurrency(1, Duration.ofMillis(200)),
                            Stage.concurrency(4, Duration.ofMillis(200)));
                    assertThat(t.isRateDriven()).isFalse();
                }));
    }

    interface Check {
        void test(LoadTest test);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flags")
    void should_map_the_flags_to_the_load_test(String flags, Check check) throws IOException {
        Path json = dir.resolve("flags.json");
        List<String> args = new ArrayList<>(List.of(flags.split(" ")));
        args.addAll(List.of("-q", "--json", json.toString(), server.hello()));

        CommandRun run = CommandRun.of(args);

        assertThat(run.code()).as(run.err()).isZero();
        check.test(ResultJson.read(json).test());
    }

    @Test
    void should_post_a_body_file_to_uris_read_from_a_file() throws IOException {
        Path body = Files.write(dir.resolve("body.json"), "{\"hello\":1}".getBytes(StandardCharsets.UTF_8));
        Path uris = Files.writeString(dir.resolve("uris.txt"),
                "# targets\n" + server.hello() + "\n\n" + server.hello() + "?b=2\n");
        Path json = dir.resolve("post.json");

        CommandRun run = CommandRun.of("-q", "-n", "10", "-d", body.toString(), "-i", uris.toString(),
                "--json", json.toString());

        assertThat(run.code()).as(run.err()).isZero();
        LoadTest test = ResultJson.read(json).test();
        assertThat(test.method()).isEqualTo("POST");
        byte[] sent = Files.readAllBytes(body);
        assertThat(test.body()).hasValueSatisfying(b -> assertThat(b).isEqualTo(sent));
        assertThat(test.targets()).extracting(Object::toString)
                .containsExactly(server.hello(), server.hello() + "?b=2");
    }

    // ---- gates -------------------------------------------------------------------------------------------

    @Test
    void should_exit_0_when_every_gate_is_kept() {
        CommandRun run = CommandRun.of("-n", "50", "--max-p99", "10s", "--max-latency", "p50=10s",
                "--max-latency", "max=10s", "--min-rps", "1", "--max-error-rate", "0", "--require-ok", server.hello());

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.OK);
        assertThat(run.out()).contains("gates:")
                .containsPattern("ok +p99 response time: required <= 10s, actual \\d")
                .contains("ok        p50 response time").contains("ok        max response time")
                .contains("ok        throughput: required >= 1 req/s").contains("ok        error rate: required <= 0%")
                .contains("ok        verdict: required ok, actual ok");
        assertThat(run.err()).doesNotContain("gate breached");
    }

    static Stream<Arguments> breaches() {
        return Stream.of(
                Arguments.of("--max-p99 1us", "hello", "p99 response time: required <= 1us, actual "),
                Arguments.of("--max-latency p99.9=1us", "hello", "p99.9 response time: required <= 1us, actual "),
                Arguments.of("--max-latency max=1us", "hello", "max response time: required <= 1us, actual "),
                Arguments.of("--min-rps 10M", "hello", "throughput: required >= 10000000 req/s, actual "),
                Arguments.of("--max-error-rate 1%", "missing",
                        "error rate: required <= 1%, actual 100% (50 of 50 requests failed: statuses {404=50})"),
                Arguments.of("--require-ok", "missing", "verdict: required ok, actual errors"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void should_exit_1_and_list_a_breached_gate(String gate, String path, String breach) {
        List<String> args = new ArrayList<>(List.of("-n", "50"));
        args.addAll(List.of(gate.split(" ")));
        args.add(path.equals("hello") ? server.hello() : server.notFound());

        CommandRun run = CommandRun.of(args);

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("loadtest:"))
                .singleElement().asString().startsWith("loadtest: gate breached: " + breach);
        assertThat(run.out()).contains("BREACHED  " + breach);
    }

    @Test
    void should_list_every_breached_gate_even_when_quiet() {
        CommandRun run = CommandRun.of("-q", "-n", "20", "--max-p99", "1us", "--require-ok", "--min-rps", "1",
                server.notFound());

        assertThat(run.code()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines()).hasSize(2).allMatch(l -> l.startsWith("loadtest: gate breached: "));
    }

    @Test
    void should_list_each_gate_with_required_actual_and_result_in_the_html_report() throws IOException {
        Path html = dir.resolve("gates.html");
        CommandRun run = CommandRun.of("-q", "-n", "20", "--max-p99", "10s", "--require-ok", "--html",
                html.toString(), server.notFound());

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(page).contains("<section id=\"gates\">")
                .contains("<span class=\"verdict verdict-breached\">breached</span> 1 of 2 gates.")
                .containsPattern("<tr class=\"gate-pass\"><th scope=\"row\">p99 response time</th>"
                        + "<td>&lt;= 10s</td><td>\\d[^<]*</td><td class=\"gate-result\">pass</td></tr>")
                .contains("<tr class=\"gate-fail\"><th scope=\"row\">verdict</th><td>ok</td><td>errors</td>"
                        + "<td class=\"gate-result\">fail</td></tr>");
    }

    // ---- failures after the run -----------------------------------------------------------------------

    @Test
    void should_write_outputs_to_dev_null_however_many_name_it() {
        assumeThat(Path.of("/dev/null")).exists();

        CommandRun run = CommandRun.of("-q", "-n", "10", "--json", "/dev/null", "--html", "/dev/null", server.hello());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void should_exit_3_when_an_output_file_fails_while_written_after_the_run() {
        assumeThat(Path.of("/dev/full")).exists();   // Linux: every write fails with ENOSPC
        // the command refuses /dev/full before a run (UsageErrorTest); a disk that fills up during the run
        // is what this stands for, so the report is given the file past that check
        Result result = LoadTest.target(server.hello()).requests(10).run();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        OutputOptions output = new OutputOptions();
        output.json = Path.of("/dev/full");
        RunReport report = new RunReport(new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8), name -> null, output, new GateOptions());

        int code = report.report(result, null);

        assertThat(code).isEqualTo(LoadTestCommand.RUN_FAILED);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("finished in");   // the report is still printed
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                .startsWith("loadtest: --json /dev/full: cannot write (").doesNotContain("Exception");
    }
}
