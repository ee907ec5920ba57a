package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.testing.ChildJvm;
import dev.loadtest.testing.TestServer;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on Conscrypt when it is on the class path, on the JDK's otherwise, with the same outcome: insecure and
 * verifying runs over h2 and HTTP/1.1 chosen by ALPN count every request, and a verifying run refuses a server
 * whose certificate does not carry the host name asked for. In child JVMs (this one keeps the JDK's TLS for every
 * other test), which trust the test server's certificate through {@code javax.net.ssl.trustStore}, the way a user
 * of the command trusts a private CA. The Conscrypt jar is copied to {@code target/conscrypt/} by the build.
 */
class ConscryptTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    Path dir;

    @Test
    void should_run_tls_on_conscrypt_when_it_is_on_the_class_path() throws Exception {
        List<String> lines = runChild(true);
        assertThat(lines.get(0)).isEqualTo("providers Conscrypt Conscrypt");
        assertSameOutcomeAsTheJdks(lines, "Conscrypt 2\\.\\d+\\.\\d+");
    }

    @Test
    void should_run_tls_on_the_jdks_provider_without_conscrypt() throws Exception {
        List<String> lines = runChild(false);
        assertThat(lines.get(0)).isEqualTo("providers SunJSSE SunJSSE");
        assertSameOutcomeAsTheJdks(lines, "SunJSSE " + Runtime.version().feature());
    }

    @Test
    void should_keep_the_jdks_tls_when_the_property_says_jdk() throws Exception {
        List<String> lines = runChild(true, "-D" + Conscrypt.PROVIDER_PROPERTY + "=jdk");
        assertThat(lines.get(0)).isEqualTo("providers SunJSSE SunJSSE");
    }

    @Test
    void should_refuse_a_provider_it_does_not_know() {
        assertThat(Conscrypt.chosen(" Conscrypt ")).isTrue();
        assertThat(Conscrypt.chosen("JDK")).isFalse();
        assertThatThrownBy(() -> Conscrypt.chosen("openssl")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("loadtest.tls.provider (openssl) must be jdk or conscrypt");
    }

    @Test
    void should_try_conscrypt_only_on_the_processors_its_jar_has_libraries_for() {
        // os.arch as HotSpot reports it: Linux and Windows amd64, macOS x86_64, 32-bit x86 and i386
        for (String arch : List.of("amd64", "x86_64", "X86_64", "x86", "i386", "i686")) {
            assertThat(Conscrypt.publishedFor(arch)).as(arch).isTrue();
        }
        for (String arch : List.of("aarch64", "arm", "ppc64le", "s390x", "riscv64", "loongarch64", "")) {
            assertThat(Conscrypt.publishedFor(arch)).as(arch).isFalse();
        }
    }

    /**
     * Every request done and succeeded, and each result names the provider that did its TLS (Result.tls), matched by
     * {@code provider}, a regular expression: Conscrypt by its library's version, the JDK's by Java's.
     */
    private static void assertSameOutcomeAsTheJdks(List<String> lines, String provider) {
        int n = ConscryptMain.REQUESTS;
        String tls = " " + provider + " TLSv1\\.3";
        assertThat(lines.get(1)).matches("insecure h2 " + n + " " + n + " true" + tls);
        assertThat(lines.get(2)).matches("insecure http/1\\.1 " + n + " " + n + " true" + tls);
        assertThat(lines.get(3)).matches("verified h2 " + n + " " + n + " true" + tls);
        assertThat(lines.get(4)).matches("verified http/1\\.1 " + n + " " + n + " true" + tls);
        // the JDK's trust manager checks the name in both cases: "No subject alternative DNS name matching ..."
        assertThat(lines.get(5)).startsWith("wrong-name tls-errors 3 ").contains("wrong.example");
    }

    private List<String> runChild(boolean withConscrypt, String... moreOptions) throws Exception {
        try (TestServer server = TestServer.tls()) {
            Path trustStore = dir.resolve("trust.p12");
            try (OutputStream out = Files.newOutputStream(trustStore)) {
                server.trustStore().store(out, PASSWORD);
            }
            Path hosts = dir.resolve("hosts");
            Files.writeString(hosts, "127.0.0.1 localhost wrong.example\n");

            List<String> classPath = ChildJvm.classPath(entry -> !entry.contains("conscrypt"));
            if (withConscrypt) {
                try (Stream<Path> jars = Files.list(Path.of("target", "conscrypt"))) {
                    jars.map(p -> p.toAbsolutePath().toString()).forEach(classPath::add);
                }
                assertThat(classPath).filteredOn(e -> e.contains("conscrypt")).hasSize(1);
            }
            List<String> options = new ArrayList<>(List.of(
                    "-Djavax.net.ssl.trustStore=" + trustStore, "-Djavax.net.ssl.trustStoreType=PKCS12",
                    "-Djavax.net.ssl.trustStorePassword=" + new String(PASSWORD), "-Djdk.net.hosts.file=" + hosts));
            options.addAll(List.of(moreOptions));

            ChildJvm.Outcome outcome = ChildJvm.run(options, classPath, ConscryptMain.class.getName(), 120,
                    String.valueOf(server.port()));

            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            if (moreOptions.length == 0) {
                // four runs of REQUESTS each reached the server; the wrong name's none
                assertThat(server.requestCount()).as(outcome.stdout()).isEqualTo(4L * ConscryptMain.REQUESTS);
            }
            return outcome.stdout().lines().toList();
        }
    }
}
