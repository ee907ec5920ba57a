package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.json.CapacityJson;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.PermitServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadtest capacity} against a server of known capacity (4 permits x 10 ms = 400 req/s): its exit codes,
 * its table and answer, its files, its usage errors (before any request), and Ctrl-C. Short searches (a maximum
 * rate, 1 s steps), a few seconds each.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CapacityCommandTest {

    private static PermitServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = PermitServer.start(4, Duration.ofMillis(10));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static List<String> args(String... more) {
        List<String> args = new ArrayList<>(List.of("capacity", "--h1", "-c", "16", "--step-duration", "1s",
                "--warm-up-time", "500ms"));
        args.addAll(List.of(more));
        args.add(server.uri().toString());
        return args;
    }

    @Test
    void should_exit_0_print_the_steps_and_write_json_and_html_when_the_objective_holds() throws Exception {
        Path json = dir.resolve("out/capacity.json");
        Path html = dir.resolve("out/capacity.html");

        // a loose p99: this test is about the exit code and the files, not a busy machine's stalls
        CommandRun run = CommandRun.of(args("--max-p99", "1s", "--max-error-rate", "0.1%", "--start-rate", "50",
                "--max-rate", "100", "--schedule-resolution", "250us", "--json", json.toString(), "--html",
                html.toString()));

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(0);
        assertThat(run.out()).contains("searching Capacity[", "step  phase", "doubling", "confirming",
                "held 100 req/s, the highest rate searched",
                "objective: p99 response time <= 1s, error rate <= 0.1%, not overloaded");
        // a busy machine may make our scheduler lag in a step: it is run again, so there may be one step more
        assertThat(run.err()).contains("doubling   50 req/s  held", "doubling   100 req/s  held",
                "confirming 100 req/s  held");
        CapacityAnswer answer = CapacityJson.read(json);
        assertThat(answer.conclusion()).isEqualTo(CapacityAnswer.Conclusion.MAX_RATE_HELD);
        assertThat(answer.steps().size()).isBetween(3, 5);
        assertThat(Files.readString(json)).contains("\"limitedBy\" : \"maxRate\"", "\"heldRate\" : 100")
                .as("each step runs at the schedule resolution given").contains("\"scheduleResolutionMicros\" : 250")
                .doesNotContain("\"scheduleResolutionMicros\" : 1000");
        String page = Files.readString(html);
        assertThat(page).contains("<h1>loadtest capacity search</h1>", "id=\"chart-capacity\"",
                "\"rates\":[50,100]", "\"limits\":[{\"name\":\"p99 response time limit\",\"ms\":1000}]", "uPlot");
    }

    @Test
    void should_exit_1_when_the_objective_fails_at_the_starting_rate() {
        // a 10 ms service time never fits within 5 ms; a median, as a stall of a busy machine barely moves it
        CommandRun run = CommandRun.of(args("--max-latency", "p50=5ms", "--start-rate", "50"));

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out()).contains("the objective fails even at the starting rate, 50 req/s: p50 response time: "
                + "required <= 5ms, actual ");
    }

    @Test
    void should_exit_3_when_the_connections_are_the_limit() {
        // one connection, one request at a time, 10 ms each: 100 req/s at most, a quarter of the server's capacity
        List<String> a = new ArrayList<>(List.of("capacity", "--h1", "-c", "1", "--step-duration", "1s",
                "--warm-up-time", "500ms", "--max-p99", "5s", "--start-rate", "60", server.uri().toString()));

        CommandRun run = CommandRun.of(a);

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(3);
        assertThat(run.out()).contains("limited by the load generator at ", ": no capacity figure");
    }

    @Test
    void should_refuse_bad_searches_with_exit_2_before_any_request() {
        long before = server.received();
        String[][] cases = {
            {"capacity", "-c", "2", server.uri().toString()},
            {"capacity", "--max-p99", "50ms", "--resolution", "60%", server.uri().toString()},
            {"capacity", "--max-p99", "50ms", "--resolution", "0", server.uri().toString()},
            {"capacity", "-c", "1", "--max-p99", "50ms", "--start-rate", "2k", server.uri().toString()},
            {"capacity", "--max-p99", "50ms", "-D", "10s", server.uri().toString()},
            {"capacity", "--max-p99", "50ms"},
            {"capacity", "--max-p99", "50ms", "--schedule-resolution", "6ms", server.uri().toString()},
        };
        String[] expected = {
            "loadtest: no objective: give --max-p99, --max-latency or --max-error-rate",
            "loadtest: --resolution (60%) must be within (0, 50%]",
            "loadtest: --resolution (0) must be within (0, 50%]",
            "loadtest: startRate (2000 req/s) is above what the template's connections can carry: 1 clients x 1 "
                    + "streams / 1 ms = 1000 req/s at most",
            "loadtest: -D does not apply to a capacity search",
            "loadtest: Missing required parameter: 'URI'",
            "loadtest: --schedule-resolution (6ms) must be <= 5 ms",
        };
        for (int i = 0; i < cases.length; i++) {
            CommandRun run = CommandRun.of(cases[i]);
            assertThat(run.code()).as(String.join(" ", cases[i]) + ": " + run.err()).isEqualTo(2);
            assertThat(run.errLines()).as(String.join(" ", cases[i])).hasSize(1);
            assertThat(run.err()).startsWith(expected[i]);
        }
        assertThat(server.received()).isEqualTo(before);
    }

    @Test
    void should_print_the_steps_done_and_the_bounds_when_stopped_by_a_signal() throws Exception {
        Path json = dir.resolve("stopped.json");
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                LoadTestCommand.class.getName()));
        command.addAll(List.of("capacity", "--h1", "-c", "16", "--step-duration", "20s", "--warm-up-time", "0",
                "--max-p99", "100ms", "--start-rate", "50", "--json", json.toString(), server.uri().toString()));
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            Await.until(() -> read(err).contains("step 1  doubling"), Duration.ofSeconds(30));   // under way
            Thread.sleep(1_000);   // into the step's measured time, usually
            process.destroy();   // SIGTERM, as Ctrl-C: the JVM shuts down
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            process.destroyForcibly();
        }

        assertThat(read(out)).as(read(err)).contains("step  phase", "stopped after ", "no bounds yet");
        CapacityAnswer stopped = CapacityJson.read(json);
        assertThat(stopped.conclusion()).isEqualTo(CapacityAnswer.Conclusion.STOPPED);
        // the first step, cut short; or none, when the signal came while it was still starting
        assertThat(stopped.steps()).hasSizeLessThanOrEqualTo(1)
                .allSatisfy(s -> assertThat(s.result().stopped()).isTrue());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
