package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.testing.ChildJvm;
import dev.loadtest.testing.PlainMain;
import dev.loadtest.testing.TestServer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A plain {@code main} with slf4j-api but no binding on its class path, as a user's first program has: runs
 * print nothing of SLF4J's ("No SLF4J providers were found", "Defaulting to no-operation"), because the engine
 * looks its logger up only when it has something to say.
 */
class NoSlf4jBindingTest {

    @Test
    void should_not_make_slf4j_print_its_warnings_in_a_plain_main() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            List<String> classPath = ChildJvm.classPath(entry -> Stream.of("loadtest-api", "loadtest-core",
                    "HdrHistogram", "jackson-core", "slf4j-api", "httpcore5").anyMatch(entry::contains));
            assertThat(classPath).anyMatch(e -> e.contains("slf4j-api")).noneMatch(e -> e.contains("slf4j-simple"));

            ChildJvm.Outcome outcome = ChildJvm.run(classPath, PlainMain.class.getName(), 120,
                    server.uri("/hello").toString());

            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            assertThat(outcome.stdout().trim()).isEqualTo("ok http/1.1 20 h2c 20");
            assertThat(outcome.stderr()).isEmpty();
        }
    }
}
