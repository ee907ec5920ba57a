package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.testing.ChildJvm;
import dev.loadtest.testing.PlainMain;
import dev.loadtest.testing.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine on other HttpCore lines than the one we build with, each in a child JVM whose class path has that
 * HttpCore instead of ours (the jars are copied to {@code target/httpcore-lines/} by the build): Spring Boot 3.5
 * and 4.0 manage 5.3.x, and a user's build decides which HttpCore the engine meets.
 */
class HttpCoreLinesTest {

    @Test
    void should_run_both_protocols_on_the_oldest_httpcore_we_support() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            ChildJvm.Outcome outcome = runOn("5.3.4", server);

            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            assertThat(outcome.stdout().trim()).isEqualTo("ok http/1.1 20 h2c 20");
        }
    }

    @Test
    void should_refuse_an_httpcore_it_cannot_run_on_with_one_message_naming_found_and_needed() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            ChildJvm.Outcome outcome = runOn("5.3.1", server);

            assertThat(outcome.exitCode()).as(outcome.stdout() + outcome.stderr()).isEqualTo(3);
            assertThat(outcome.stderr())
                    .contains("loadtest-core cannot run on org.apache.httpcomponents.core5:httpcore5-h2 5.3.1")
                    .contains("it needs httpcore5-h2 5.3.4 or later")
                    .contains("httpcore5.version")
                    .doesNotContain("NoSuchMethodError");
            assertThat(server.requestCount()).isZero();
        }
    }

    @Test
    void should_say_which_httpcore5_came_with_a_mismatched_h2() {
        String message = HttpCoreSupport.message(HttpCoreSupport.H2, "5.3.1", "5.4.4", List.of("X(Y)"));

        assertThat(message).startsWith("loadtest-core cannot run on org.apache.httpcomponents.core5:httpcore5-h2"
                        + " 5.3.1 (with httpcore5 5.4.4): it needs httpcore5-h2 5.3.4 or later")
                .contains("(missing: X(Y))");
    }

    @Test
    void should_find_nothing_missing_in_the_httpcore_we_build_with() {
        assertThat(HttpCoreSupport.problem()).isNull();
        assertThat(Requesters.available()).isTrue();
    }

    private static ChildJvm.Outcome runOn(String version, TestServer server) throws IOException, InterruptedException {
        Path jars = Path.of("target", "httpcore-lines", version);
        List<String> classPath = ChildJvm.classPath(entry -> Stream.of("loadtest-api", "loadtest-core",
                "HdrHistogram", "jackson-core", "slf4j-api").anyMatch(entry::contains));
        try (Stream<Path> files = Files.list(jars)) {
            files.map(p -> p.toAbsolutePath().toString()).forEach(classPath::add);
        }
        assertThat(classPath).filteredOn(e -> e.contains("httpcore5")).hasSize(2);
        return ChildJvm.run(classPath, PlainMain.class.getName(), 120, server.uri("/hello").toString());
    }
}
