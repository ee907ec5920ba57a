package dev.loadtest.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published jars on the module path, as a modular application sees them: each is an automatic module
 * named by its manifest, the engine is found as a service provider (from {@code META-INF/services}), and
 * the command and the demo run with {@code java --module-path ... --module ...} in a subprocess against the
 * embedded demo server on loopback. Runs after packaging (failsafe), on the jars this build made.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ModulePathIT {

    private static final long PROCESS_SECONDS = 90;
    private static String modulePath;

    @TempDir
    Path dir;

    @BeforeAll
    static void modulePath() throws IOException {
        String file = System.getProperty("loadtest.modulePathFile");
        String samples = System.getProperty("loadtest.samplesJar");
        if (file == null || samples == null) {
            fail("run by failsafe after packaging (mvn verify): loadtest.modulePathFile and loadtest.samplesJar unset");
        }
        List<String> entries = new ArrayList<>();
        entries.add(samples);
        entries.addAll(Arrays.asList(Files.readString(Path.of(file)).strip().split(File.pathSeparator)));
        for (String entry : entries) {
            // a directory is a module only with a module-info.class: ours are jars with Automatic-Module-Name
            assertThat(entry).as("module path entry").endsWith(".jar");
        }
        modulePath = String.join(File.pathSeparator, entries);
    }

    @Test
    void should_name_each_published_module_and_provide_the_engine() throws Exception {
        Run core = java("--module-path", modulePath, "--describe-module", "dev.loadtest.core");
        assertThat(core.code).as(core.all()).isZero();
        assertThat(core.out).startsWith("dev.loadtest.core@").contains(" automatic")
                .contains("provides dev.loadtest.spi.LoadTestEngine with dev.loadtest.internal.engine.HttpCoreEngine");
        for (String module : List.of("dev.loadtest.api", "dev.loadtest.junit")) {
            Run run = java("--module-path", modulePath, "--describe-module", module);
            assertThat(run.code).as(run.all()).isZero();
            assertThat(run.out).startsWith(module + "@").contains(" automatic");
        }
    }

    @Test
    void should_run_the_command_with_its_files_and_gates_on_the_module_path() throws Exception {
        Path json = dir.resolve("run.json");
        Path html = dir.resolve("run.html");

        Run run = java("--module-path", modulePath, "--add-modules", "ALL-MODULE-PATH,jdk.net",
                "--module", "dev.loadtest.samples/dev.loadtest.samples.cli.LoadTestCommand",
                "-q", "-n", "200", "-c", "2", "--json", json.toString(), "--html", html.toString(),
                "--max-p99", "10s", "--max-error-rate", "0");

        assertThat(run.code).as(run.all()).isZero();
        Result result = ResultJson.read(json);
        assertThat(result.requests().succeeded()).isEqualTo(200);
        // the report's assets are read from loadtest-core's jar, a module here
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains("/*! uPlot ")
                .contains("<p class=\"gates-summary\">All 2 gates were kept.</p>");
    }

    @Test
    void should_run_the_demo_on_the_module_path() throws Exception {
        Run run = java("--module-path", modulePath, "--add-modules", "ALL-MODULE-PATH,jdk.net",
                "--module", "dev.loadtest.samples/dev.loadtest.samples.Sample03_EmbeddedDemoServer");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).contains("embedded demo server at http://127.0.0.1:")
                .containsPattern("requests: \\d+ total, \\d+ started, \\d+ done, \\d+ succeeded, 0 failed");
    }

    @Test
    void should_say_what_to_add_when_jdk_net_is_missing() throws Exception {
        Run run = java("--module-path", modulePath, "--add-modules", "ALL-MODULE-PATH",
                "--module", "dev.loadtest.samples/dev.loadtest.samples.cli.LoadTestCommand", "-q", "-n", "20");

        assertThat(run.code).as(run.all()).isNotZero();
        assertThat(run.err).contains("without the module jdk.net").contains("--add-modules jdk.net")
                .contains("requires jdk.net;");
    }

    private record Run(int code, String out, String err) {
        String all() {
            return "stdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    private Run java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");   // short runs: C1 only, less start-up CPU on a busy machine
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("no exit within " + PROCESS_SECONDS + " s: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
