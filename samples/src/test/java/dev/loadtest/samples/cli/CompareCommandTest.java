package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.samples.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompareCommandTest {

    @TempDir
    Path dir;

    @Test
    void should_exit_0_for_the_same_run_and_print_the_comparison() throws Exception {
        Path base = SyntheticResults.write(dir.resolve("base.json"), SyntheticResults.TEST, 1, 30, 1.0);
        CommandRun run = CommandRun.of("compare", base.toString(), base.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("comparison of 1 baseline run and 1 candidate run")
                .contains("p99").contains("verdict: UNCHANGED");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void should_exit_1_for_a_regression_and_write_json_and_html() throws Exception {
        Path base = SyntheticResults.write(dir.resolve("base.json"), SyntheticResults.TEST, 1, 30, 1.0);
        Path slow = SyntheticResults.write(dir.resolve("slow.json"), SyntheticResults.TEST, 2, 30, 1.3);
        Path json = dir.resolve("out/compare.json");
        Path html = dir.resolve("out/compare.html");
        CommandRun run = CommandRun.of("compare", base.toString(), slow.toString(), "--max-regression", "p99=10%",
                "--max-regression", "rps=5%", "--json", json.toString(), "--html", html.toString());
        assertThat(run.code()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).contains("verdict: REGRESSED (p99, rps)").contains("(not gated)");
        assertThat(run.err()).contains("loadtest: regressed: p99 response time: required a change of at most +10 %")
                .contains("loadtest: regressed: throughput: required a change of no less than -5 %")
                .doesNotContain("p50 response time");
        assertThat(Files.readString(json)).contains("\"format\" : \"loadtest-comparison\"")
                .contains("\"verdict\" : \"REGRESSED\"").contains("\"figure\" : \"p99.9\"");
        String page = Files.readString(html);
        assertThat(page).contains("id=\"chart-percentiles\"").contains("id=\"chart-p99\"").contains("id=\"chart-rps\"")
                .contains("REGRESSED").contains("compare-data").doesNotContain("http://cdn");
    }

    @Test
    void should_exit_4_when_the_runs_are_too_short_to_tell() throws Exception {
        Path base = SyntheticResults.write(dir.resolve("base.json"), SyntheticResults.TEST, 1, 4, 1.0);
        Path cand = SyntheticResults.write(dir.resolve("cand.json"), SyntheticResults.TEST, 2, 4, 1.0);
        CommandRun run = CommandRun.of("compare", base.toString(), cand.toString());
        assertThat(run.code()).as(run.err()).isEqualTo(4);
        assertThat(run.out()).contains("verdict: INCONCLUSIVE").contains("at least 10 intervals per run");
        assertThat(run.err()).contains("loadtest: inconclusive: p50 response time");
    }

    @Test
    void should_refuse_different_tests_unless_allowed() throws Exception {
        Path base = SyntheticResults.write(dir.resolve("base.json"), SyntheticResults.TEST, 1, 30, 1.0);
        Path other = SyntheticResults.write(dir.resolve("other.json"),
                SyntheticResults.TEST.newBuilder().clients(8).build(), 2, 30, 1.0);
        CommandRun refused = CommandRun.of("compare", base.toString(), other.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("different tests: clients (baseline 4, candidate 8)")
                .contains("--allow-different");
        CommandRun allowed = CommandRun.of("compare", base.toString(), other.toString(), "--allow-different");
        assertThat(allowed.code()).as(allowed.err()).isZero();
    }

    @Test
    void should_refuse_bad_arguments_as_usage_errors() throws Exception {
        Path base = SyntheticResults.write(dir.resolve("base.json"), SyntheticResults.TEST, 1, 30, 1.0);
        CommandRun one = CommandRun.of("compare", base.toString());
        assertThat(one.code()).isEqualTo(2);
        CommandRun bad = CommandRun.of("compare", base.toString(), base.toString(), "--max-regression", "p99=fast");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("tolerance (p99=fast) must be FIGURE=AMOUNT");
        CommandRun missing = CommandRun.of("compare", base.toString(), dir.resolve("none.json").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("none.json: cannot read a result (no such file)");
        CommandRun confidence = CommandRun.of("compare", base.toString(), base.toString(), "--confidence", "2");
        assertThat(confidence.code()).isEqualTo(2);
        assertThat(confidence.err()).contains("confidence (2.0) must be within (0.5, 1)");
    }

    @Test
    void should_compare_a_run_with_its_baseline_file() throws Exception {
        try (DemoServer server = new DemoServer().start()) {
            String uri = server.uri("/hello").toString();
            Path base = dir.resolve("base.json");
            CommandRun first = CommandRun.of("-q", "--h1", "-c", "2", "-D", "1500ms", "--interval", "100ms",
                    "--json", base.toString(), uri);
            assertThat(first.code()).as(first.err()).isZero();
            CommandRun second = CommandRun.of("--h1", "-c", "2", "-D", "1500ms", "--interval", "100ms",
                    "--baseline", base.toString(), "--max-regression", "errorRate=50pp", uri);
            assertThat(second.code()).as(second.err()).isZero();   // no request fails on the demo server
            assertThat(second.out()).contains("comparison of 1 baseline run and 1 candidate run")
                    .contains("errorRate");
            CommandRun mismatched = CommandRun.of("--h1", "-c", "3", "-D", "1500ms", "--baseline", base.toString(), uri);
            assertThat(mismatched.code()).isEqualTo(2);
            assertThat(mismatched.err()).contains("clients (baseline 2, candidate 3)");
            CommandRun unreadable = CommandRun.of("--h1", "--baseline", dir.resolve("none.json").toString(), uri);
            assertThat(unreadable.code()).isEqualTo(2);
            assertThat(unreadable.err()).contains("--baseline").contains("cannot read a result");
        }
    }

    @Test
    void should_run_interleaved_pairs_against_two_targets() throws Exception {
        try (DemoServer a = new DemoServer().start(); DemoServer b = new DemoServer().start()) {
            CommandRun run = CommandRun.of("--h1", "-c", "2", "-D", "1200ms", "--interval", "100ms",
                    "--ab-baseline", a.uri("/hello").toString(), "--pairs", "2", "--max-regression", "errorRate=50pp",
                    b.uri("/hello").toString());
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).contains("interleaved A/B, 2 pairs")
                    .contains("comparison of 2 baseline runs and 2 candidate runs in interleaved pairs");
            assertThat(run.err()).contains("pair 1/2").contains("pair 2/2");
        }
    }
}
