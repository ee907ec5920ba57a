package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** A run that needs more sockets than the process may open fails at once, naming the limit. */
class LimitsTest {

    /** Runs 500 clients in a JVM whose open-file limit is 256 (set with the shell's ulimit). */
    public static void main(String[] args) {
        try {
            dev.loadtest.LoadTest.target("http://127.0.0.1:9/").clients(500).requests(500).run();
            System.out.println("NO ERROR");
        } catch (IllegalStateException e) {
            System.out.println("ERROR " + e.getMessage());
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void should_refuse_to_start_a_run_the_descriptor_limit_cannot_hold() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String command = "ulimit -n 256 && exec '" + java + "' -cp '" + System.getProperty("java.class.path")
                + "' " + LimitsTest.class.getName();
        Process p = new ProcessBuilder(List.of("bash", "-c", command)).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(out).contains("ERROR clients (500) need about")
                .contains("the process may open 256 (ulimit -n)");
    }
}
