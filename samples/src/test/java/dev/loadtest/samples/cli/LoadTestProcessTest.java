package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loadtest.testing.Await;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command as users run it: its own JVM, {@code main} and {@code System.exit}, one exit code per
 * outcome. Each run is bounded (30 s for JVM start-up on a busy machine; the load itself lasts well
 * under a second) and its process destroyed if it overruns.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoadTestProcessTest {

    private static final long TIMEOUT_SECONDS = 30;

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    record Exit(int code, String out, String err) {
    }

    @Test
    void should_exit_0_after_testing_the_demo_server() throws Exception {
        Exit exit = run("-D", "300ms", "--warm-up-time", "0");

        assertThat(exit.code()).as(exit.err()).isEqualTo(0);
        assertThat(exit.out()).contains("finished in").contains("protocol: h2c, 10 clients, 10 streams");
        assertThat(exit.err()).contains("embedded demo server at http://127.0.0.1:").doesNotContain("Exception");
    }

    @Test
    void should_exit_1_when_a_gate_is_breached() throws Exception {
        Exit exit = run("-n", "20", "--max-p99", "1us", "--max-error-rate", "0", server.uri("/hello").toString());

        assertThat(exit.code()).as(exit.err()).isEqualTo(1);
        assertThat(exit.err().lines().filter(l -> l.startsWith("loadtest:"))).singleElement().asString()
                .startsWith("loadtest: gate breached: p99 response time: required <= 1us, actual ");
        assertThat(exit.out()).contains("ok        error rate");
    }

    @Test
    void should_exit_2_on_an_unknown_flag() throws Exception {
        Exit exit = run("--rate-limit", "5", server.uri("/hello").toString());

        assertThat(exit.code()).isEqualTo(2);
        assertThat(exit.out()).isEmpty();
        assertThat(exit.err().lines()).containsExactly(
                "loadtest: Unknown option: '--rate-limit'; did you mean --rate? (see loadtest --help)");
    }

    @Test
    void should_exit_2_on_an_unresolvable_host() throws Exception {
        Exit exit = run("-n", "1", "http://no-such-host.invalid/");

        assertThat(exit.code()).isEqualTo(2);
        assertThat(exit.err().lines()).containsExactly(
                "loadtest: cannot resolve host no-such-host.invalid (see loadtest --help)");
    }

    @Test
    void should_exit_3_when_the_run_cannot_happen() throws Exception {
        assumeThat(new File("/bin/sh")).exists();
        // the engine refuses a run the process's descriptor limit cannot hold, before opening anything
        Exit exit = runIn("ulimit -n 200 && exec", "-c", "400", "-n", "400", server.uri("/hello").toString());

        assertThat(exit.code()).as(exit.err()).isEqualTo(3);
        assertThat(exit.err().lines()).singleElement().asString()
                .startsWith("loadtest: run failed: clients (400) need about").contains("ulimit -n");
    }

    @Test
    void should_exit_2_before_any_load_when_an_output_file_cannot_be_written() throws Exception {
        assumeThat(new File("/dev/full")).exists();

        Exit exit = run("-n", "10", "--csv", "/dev/full", server.uri("/hello").toString());

        assertThat(exit.code()).isEqualTo(2);
        assertThat(exit.out()).isEmpty();   // no run: not even "running ..."
        assertThat(exit.err().lines()).singleElement().asString()
                .startsWith("loadtest: --csv /dev/full: is a device, not a file");
    }

    @Test
    void should_report_and_write_the_partial_result_when_stopped_by_a_signal() throws Exception {
        Path json = dir.resolve("stopped.json");
        List<String> command = javaCommand("-D", "20s", "--interval", "100ms", "--json", json.toString(),
                server.uri("/hello").toString());
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            Await.until(() -> read(err).contains(" req/s "), Duration.ofSeconds(TIMEOUT_SECONDS));   // under way
            process.destroy();   // SIGTERM, as Ctrl-C or a CI job's cancel: the JVM shuts down
            assertThat(process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
        } finally {
            process.destroyForcibly();
        }

        assertThat(read(out)).contains("finished in").contains("stopped before its end: the figures are partial");
        dev.loadtest.Result partial = dev.loadtest.json.ResultJson.read(json);
        assertThat(partial.stopped()).isTrue();
        assertThat(partial.duration()).isLessThan(java.time.Duration.ofSeconds(20));
    }

    private Exit run(String... args) throws Exception {
        return runIn(null, args);
    }

    /** Runs the command in a new JVM, optionally through {@code sh -c "PREFIX java ..."}. */
    private Exit runIn(String shellPrefix, String... args) throws Exception {
        List<String> command = javaCommand(args);
        if (shellPrefix != null) {
            StringBuilder line = new StringBuilder(shellPrefix);
            for (String part : command) {
                line.append(" '").append(part.replace("'", "'\\''")).append('\'');
            }
            command = List.of("/bin/sh", "-c", line.toString());
        }
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        process.getOutputStream().close();   // no input
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("loadtest " + String.join(" ", args) + " did not end within "
                        + TIMEOUT_SECONDS + " s");
            }
        } finally {
            process.destroyForcibly();
        }
        return new Exit(process.exitValue(), read(out), read(err));
    }

    private static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                LoadTestCommand.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
