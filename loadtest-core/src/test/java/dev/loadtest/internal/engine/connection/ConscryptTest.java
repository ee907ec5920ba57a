package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.testing.ChildJvm;
import dev.loadtest.testing.TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * With Conscrypt on the class path (a child JVM: this one keeps the JDK's TLS for every other test), an insecure
 * run's TLS is Conscrypt's, over h2 and HTTP/1.1 chosen by ALPN, and counts every request as the JDK's does. The
 * jar is copied to {@code target/conscrypt/} by the build.
 */
class ConscryptTest {

    @Test
    void should_run_insecure_tls_on_conscrypt_when_it_is_on_the_class_path() throws Exception {
        try (TestServer server = TestServer.tls();
             Stream<Path> jars = Files.list(Path.of("target", "conscrypt"))) {
            List<String> classPath = ChildJvm.classPath(entry -> true);
            jars.map(p -> p.toAbsolutePath().toString()).forEach(classPath::add);
            assertThat(classPath).filteredOn(e -> e.contains("conscrypt")).hasSize(1);

            ChildJvm.Outcome outcome = ChildJvm.run(classPath, ConscryptMain.class.getName(), 120,
                    server.uri("/hello").toString());

            int n = ConscryptMain.REQUESTS;
            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            assertThat(outcome.stdout().trim()).isEqualTo("ok Conscrypt h2 " + n + " " + n + " true http/1.1 " + n
                    + " " + n + " true");
            assertThat(server.requestCount()).isEqualTo(2L * n);
        }
    }
}
