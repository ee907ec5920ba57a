package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadtest scenario FILE URI}: a file's flow run against the demo server with users or arrivals, and the
 * usage errors (the file's, the flags') before any load.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ScenarioCommandTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    private static final String FLOW = """
            scenario: browse
            steps:
              - name: home
                request: GET /hello
                expect: { status: 200 }
              - repeat: 2
                steps:
                  - name: bytes
                    request: GET /bytes/{{randomInt 10 20}}
            """;

    private Path file(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void should_run_a_file_with_users_and_iterations_and_write_the_run() throws Exception {
        Path flow = file("flow.yaml", FLOW);
        Path json = dir.resolve("run.json");

        CommandRun run = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "-u", "3",
                "--iterations", "4", "--h1", "--seed", "7", "--json", json.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("scenario=browse", "users=3", "iterations=4", "seed=7");
        assertThat(Files.readString(json)).contains("\"requests\"");
        // 3 users x 4 sessions x 3 requests (home, then bytes twice), each answered
        assertThat(run.out()).contains("36 total", "36 succeeded");
    }

    @Test
    void should_compare_two_scenario_runs_step_by_step_and_warn_of_a_step_on_one_side_only() throws Exception {
        Path base = dir.resolve("base.json");
        Path candidate = dir.resolve("candidate.json");
        Path other = file("other.yaml", """
                scenario: browse
                steps:
                  - name: home
                    request: GET /hello
                  - name: pay
                    request: GET /hello
                """);
        String uri = server.uri("/").toString();
        CommandRun first = CommandRun.of("scenario", file("flow.yaml", FLOW).toString(), uri, "-q", "-u", "2",
                "--iterations", "3", "--h1", "--json", base.toString());
        CommandRun second = CommandRun.of("scenario", other.toString(), uri, "-q", "-u", "2", "--iterations", "3",
                "--h1", "--json", candidate.toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(Files.readString(base)).contains("\"scenario\" : {").contains("\"request\" : \"GET /hello\"");

        CommandRun compare = CommandRun.of("compare", base.toString(), candidate.toString());

        // the runs are too short for intervals: inconclusive (4); the steps are compared all the same
        assertThat(compare.out()).containsPattern("(?m)^step +p50 +p90 +p99 +p99\\.9 +mean +rps +errorRate$")
                .containsPattern("(?m)^home +[-+]")
                .containsPattern("(?m)^bytes +in the baseline only$")
                .containsPattern("(?m)^pay +in the candidate only$");
        assertThat(compare.err()).contains("loadtest: warning: step bytes is in the baseline only: its figures were "
                + "not compared").contains("loadtest: warning: step pay is in the candidate only");
    }

    @Test
    void should_run_arrivals_for_a_duration_at_the_schedule_resolution_given() throws Exception {
        Path flow = file("flow.json", """
                {"scenario": "ping", "steps": [{"name": "home", "request": "GET /hello"}]}
                """);
        Path json = dir.resolve("arrivals.json");

        CommandRun run = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "--arrivals", "20",
                "-c", "2", "-D", "1s", "-q", "--schedule-resolution", "250us", "--json", json.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Files.readString(json)).contains("\"scheduleResolutionMicros\" : 250");
        CommandRun tooCoarse = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "--arrivals",
                "20", "-D", "1s", "--schedule-resolution", "6ms");
        assertThat(tooCoarse.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(tooCoarse.err()).contains("--schedule-resolution (6ms) must be <= 5 ms");
    }

    @Test
    void should_run_users_over_concurrency_stages_and_refuse_stages_the_users_cannot_fill() throws Exception {
        Path flow = file("flow.yaml", FLOW);
        String uri = server.uri("/").toString();

        CommandRun run = CommandRun.of("scenario", flow.toString(), uri, "-u", "3", "--concurrency-stage", "1/300ms",
                "--concurrency-stage", "3/300ms", "--h1");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("scenario=browse", "users=3");

        CommandRun over = CommandRun.of("scenario", flow.toString(), uri, "-u", "2", "--concurrency-stage", "3/1s");
        assertThat(over.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(over.err()).contains("--concurrency-stage (3) must be <= -u (2)");
        CommandRun noUsers = CommandRun.of("scenario", flow.toString(), uri, "--concurrency-stage", "3/1s");
        assertThat(noUsers.err()).contains("concurrency stages in a scenario run are users in flight: give -u N");
        CommandRun timed = CommandRun.of("scenario", flow.toString(), uri, "-u", "3", "--concurrency-stage", "3/1s",
                "-D", "1s");
        assertThat(timed.err()).contains("--concurrency-stage cannot be given with -D (1s)");
    }

    @Test
    void should_refuse_a_malformed_file_before_any_load_naming_its_line() throws Exception {
        Path flow = file("bad.yaml", """
                scenario: bad
                steps:
                  - name: home
                    requets: GET /hello
                """);

        CommandRun run = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "-u", "1", "-D", "1s");

        assertThat(run.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(run.err()).startsWith("loadtest: " + flow + ":4: ").contains("requets");
    }

    @Test
    void should_refuse_flags_a_scenario_does_not_take_in_their_terms() throws Exception {
        Path flow = file("flow.yaml", FLOW);

        CommandRun noModel = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "-D", "1s");
        assertThat(noModel.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(noModel.err()).contains("needs -u N (closed model) or --arrivals RATE (open model)");

        CommandRun counted = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "-u", "1", "-n",
                "10");
        assertThat(counted.err()).contains("-n does not apply to a scenario");

        CommandRun both = CommandRun.of("scenario", flow.toString(), server.uri("/").toString(), "-u", "2",
                "--iterations", "3", "-D", "1s");
        assertThat(both.err()).contains("--iterations (3) and -D (1s) cannot both be set");
    }

    @Test
    void should_send_to_the_files_target_when_no_uri_is_given_and_say_when_there_is_neither() throws Exception {
        Path targeted = file("targeted.yaml", "target: " + server.uri("/") + "\n" + FLOW);

        CommandRun run = CommandRun.of("scenario", targeted.toString(), "-u", "1", "--iterations", "2", "--h1");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("6 total", "6 succeeded");

        CommandRun neither = CommandRun.of("scenario", file("flow.yaml", FLOW).toString(), "-u", "1", "-D", "1s");
        assertThat(neither.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(neither.err()).contains("no server to send the scenario to: give a URI after the file, or target:");

        Path wrong = file("wrong.yaml", "target: ftp://127.0.0.1/\n" + FLOW);
        CommandRun bad = CommandRun.of("scenario", wrong.toString(), "-u", "1", "-D", "1s");
        assertThat(bad.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(bad.err()).startsWith("loadtest: " + wrong + ":1: ")
                .contains("target (ftp://127.0.0.1/) must be an absolute http or https URI");

        Path secret = file("secret.yaml", "target: ftp://user:s3cret@127.0.0.1/\n" + FLOW);
        CommandRun redacted = CommandRun.of("scenario", secret.toString(), "-u", "1", "-D", "1s");
        assertThat(redacted.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(redacted.err()).contains("must be an absolute http or https URI").doesNotContain("s3cret");
    }
}
