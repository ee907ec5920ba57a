package dev.loadtest.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loadtest.testing.TestServer;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command as people install it: the distribution archives this build made
 * ({@code samples/target/loadtest-VERSION.tar.gz} and {@code .zip}) hold the launcher and the jar, and
 * {@code bin/loadtest}, unpacked from the tar.gz, runs the command with its JVM defaults and the user's
 * {@code JAVA_HOME}, {@code JAVA_OPTS} and {@code LOADTEST_OPTS}, its TLS on the Conscrypt jar shipped beside
 * it. Runs after packaging (failsafe); skipped where there is no {@code sh} or {@code tar} (Windows). Every run
 * is bounded: {@code -n 10} against the embedded demo server or a TLS test server on loopback, each process
 * destroyed if it overruns.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class LauncherIT {

    private static final long PROCESS_SECONDS = 90;
    private static final String JAVA_HOME = System.getProperty("java.home");
    private static final String CONSCRYPT_VERSION = System.getProperty("loadtest.conscryptVersion");
    /** Conscrypt's native library for Linux x86-64, as its own jar names it (samples/pom.xml). */
    private static final String LINUX_LIBRARY = System.getProperty("loadtest.conscryptLinuxLibrary");

    private static Path distribution;   // samples/target/loadtest-VERSION, without the archive's extension
    private static String version;

    @TempDir
    static Path unpacked;

    @TempDir
    Path dir;

    @BeforeAll
    static void unpack() throws Exception {
        String base = System.getProperty("loadtest.distribution");
        if (base == null) {
            fail("run by failsafe after packaging (mvn verify): loadtest.distribution unset");
        }
        distribution = Path.of(base);
        version = distribution.getFileName().toString().substring("loadtest-".length());
        assumeThat(Path.of("/bin/sh")).as("a POSIX shell, for bin/loadtest").isExecutable();
        assumeThat(Stream.of("/bin/tar", "/usr/bin/tar").map(Path::of).anyMatch(Files::isExecutable))
                .as("tar, to unpack the archive as users do").isTrue();
        Run tar = run(List.of("tar", "-xzf", base + ".tar.gz", "-C", unpacked.toString()), Map.of(), unpacked);
        assertThat(tar.code).as(tar.all()).isZero();
    }

    private Path home() {
        return unpacked.resolve("loadtest-" + version);
    }

    private Path launcher() {
        return home().resolve("bin/loadtest");
    }

    @Test
    void should_unpack_the_tar_with_an_executable_launcher_and_the_command_jar() throws IOException {
        assertThat(launcher()).isExecutable();
        assertThat(home().resolve("bin/loadtest.cmd")).isRegularFile();
        assertThat(home().resolve("lib/loadtest.jar")).hasSameBinaryContentAs(
                distribution.resolveSibling("loadtest.jar"));
        assertThat(home().resolve("LICENSE")).isRegularFile();
        assertThat(home().resolve("lib/" + conscryptJar())).isRegularFile();
        assertThat(home().resolve("THIRD-PARTY.md")).content().contains("Conscrypt " + CONSCRYPT_VERSION)
                .doesNotContain("${");
    }

    @Test
    void should_hold_the_same_files_in_the_zip() throws IOException {
        try (ZipFile zip = new ZipFile(distribution + ".zip")) {
            List<String> names = zip.stream().filter(e -> !e.isDirectory()).map(e -> e.getName()).sorted().toList();
            String root = "loadtest-" + version + "/";
            assertThat(names).containsExactly(root + "LICENSE", root + "THIRD-PARTY.md", root + "bin/loadtest",
                    root + "bin/loadtest.cmd", root + "lib/" + conscryptJar(), root + "lib/loadtest.jar",
                    root + "lib/native/" + LINUX_LIBRARY);
            // Windows reads the .cmd with CRLF line ends, sh the launcher with LF ones
            String cmd = new String(zip.getInputStream(zip.getEntry(root + "bin/loadtest.cmd")).readAllBytes());
            assertThat(cmd).contains("\r\n");
            String sh = new String(zip.getInputStream(zip.getEntry(root + "bin/loadtest")).readAllBytes());
            assertThat(sh).startsWith("#!/bin/sh\n").doesNotContain("\r");
        }
    }

    @Test
    void should_print_the_version_through_the_launcher() throws Exception {
        Run run = launch(Map.of("JAVA_HOME", JAVA_HOME), "--version");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).startsWith("loadtest " + version + "\n").contains("Java " + System.getProperty("java.version"));
    }

    @Test
    void should_run_a_tiny_test_against_the_demo_server_through_the_launcher() throws Exception {
        Run run = launch(Map.of("JAVA_HOME", JAVA_HOME), "-n", "10", "-c", "1");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.err).contains("embedded demo server at http://127.0.0.1:");
        assertThat(run.out).contains("requests: 10 total, 10 started, 10 done, 10 succeeded, 0 failed");
    }

    @Test
    void should_run_with_the_serial_collector_and_the_users_java_opts() throws Exception {
        Path gcLog = dir.resolve("gc.log");

        Run run = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", "-Xlog:gc:file=" + gcLog), "--version");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(Files.readString(gcLog)).contains("Using Serial");
    }

    @Test
    void should_let_loadtest_opts_choose_another_collector_over_the_default() throws Exception {
        Path gcLog = dir.resolve("gc.log");

        Run run = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", "-Xlog:gc:file=" + gcLog,
                "LOADTEST_OPTS", "-XX:+UseParallelGC"), "--version");

        // two collectors on one command line would stop the JVM: the launcher leaves its own out
        assertThat(run.code).as(run.all()).isZero();
        assertThat(Files.readString(gcLog)).contains("Using Parallel").doesNotContain("Using Serial");
    }

    @Test
    void should_limit_what_c2_inlines_unless_the_users_options_set_it() throws Exception {
        Run run = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", "-XX:+PrintFlagsFinal",
                "LOADTEST_OPTS", "-XX:InlineSmallCode=2000"), "--version");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).containsPattern("\\bFreqInlineSize += 100 .*\\{command line}")
                .containsPattern("\\bInlineSmallCode += 2000 .*\\{command line}");
    }

    @Test
    void should_compile_a_short_run_with_c1_alone() throws Exception {
        // --version after the run's flags: the launcher reads them, the command prints its version and sends nothing
        for (List<String> shortRun : List.of(List.of("-n", "100k"), List.of("-D", "2s"),
                List.of("--duration=1", "--warm-up-time", "1s"), List.of("--h1", "-R", "1000", "-D", "20s"),
                List.of("-R", "0:2k", "-D10"), List.of("-R", "1k", "-n", "20k"),
                // HTTP/2, h2c or over TLS: a timed run of up to 5 s
                List.of("-D", "5s", "http://127.0.0.1:21500/"), List.of("-D", "5s", "https://127.0.0.1:21500/"))) {
            Run run = launchWithFlagsPrinted(Map.of(), shortRun);

            assertThat(run.code).as(run.all()).isZero();
            assertThat(run.out).as(shortRun.toString()).containsPattern("\\bTieredStopAtLevel += 1 .*\\{command line}");
        }
    }

    @Test
    void should_keep_tiered_compilation_for_a_long_run_or_one_it_cannot_tell() throws Exception {
        for (List<String> longRun : List.of(List.<String>of(), List.of("-D", "5s"), List.of("-n", "1M"),
                List.of("-R", "10k", "-D", "30s"), List.of("--stage", "1000/10s"), List.of("-n", "many"),
                // rate-driven: C1's slower code costs more a request than the JIT it saves beyond 20,000
                List.of("--h1", "-R", "1000", "-D", "30s"), List.of("-R", "0:10k", "-D10"),
                List.of("-R", "1k", "-n", "100k"),
                // 5 s over HTTP/1.1, clear or TLS, or 6 s over HTTP/2
                List.of("--h1", "-D", "5s", "http://127.0.0.1:21500/"),
                List.of("--h1", "-D", "5s", "https://127.0.0.1:21500/"), List.of("-D", "6s", "http://127.0.0.1:21500/"),
                List.of("-D", "6s", "https://127.0.0.1:21500/"),
                // the load again for each run of each A/B pair: 2 x 5 x 100k requests
                List.of("-n", "100k", "--ab-baseline", "http://127.0.0.1:21500/"),
                List.of("--ab-baseline=http://127.0.0.1:21500/", "-n", "100k"))) {
            Run run = launchWithFlagsPrinted(Map.of(), longRun);

            assertThat(run.out).as(longRun.toString()).containsPattern("\\bTieredStopAtLevel += 4 .*\\{default}");
        }
    }

    @Test
    void should_let_loadtest_opts_choose_the_jit_of_a_short_run() throws Exception {
        Run run = launchWithFlagsPrinted(Map.of("LOADTEST_OPTS", "-XX:TieredStopAtLevel=4"), List.of("-n", "1000"));

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).containsPattern("\\bTieredStopAtLevel += 4 .*\\{command line}");
    }

    @Test
    void should_find_java_on_the_path_without_java_home() throws Exception {
        String path = Path.of(JAVA_HOME, "bin") + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/bin";

        Run run = launch(Map.of("PATH", path), "--version");

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).startsWith("loadtest " + version + "\n");
    }

    @Test
    void should_say_what_is_wrong_with_a_java_home_without_java() throws Exception {
        Run run = launch(Map.of("JAVA_HOME", dir.toString()), "--version");

        assertThat(run.code).isEqualTo(2);
        assertThat(run.out).isEmpty();
        assertThat(run.err).isEqualTo("loadtest: JAVA_HOME (" + dir + ") has no bin/java: set it to a Java 17 or "
                + "later, or unset it to use the java on the PATH\n");
    }

    @Test
    void should_run_through_a_symbolic_link_to_the_launcher() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("loadtest"), launcher());

        Run run = run(List.of(link.toString(), "--version"), Map.of("JAVA_HOME", JAVA_HOME), dir);
        Files.delete(link);   // JUnit warns of a link out of its temporary folder when it cleans up

        assertThat(run.code).as(run.all()).isZero();
        assertThat(run.out).startsWith("loadtest " + version + "\n");
    }

    @Test
    void should_make_a_class_data_archive_on_java_17_at_exit_and_use_it_from_the_next_run() throws Exception {
        assumeThat(Runtime.version().feature()).as("the tests' own Java").isLessThan(19);
        Path cache = dir.resolve("cache");
        Path classes = dir.resolve("classes.log");
        Map<String, String> env = Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString(),
                "JAVA_OPTS", "-Xlog:class+load:file=" + classes);

        Run version = launch(env, "--version");
        assertThat(version.code).as(version.all()).isZero();
        assertThat(cache).as("--version makes no archive: it would hold none of the engine's classes").doesNotExist();

        Run first = launch(env, "-q", "-n", "10", "-c", "1");
        assertThat(first.code).as(first.all()).isZero();
        assertThat(first.out).as("the JVM's warnings about classes it cannot archive are silenced").isEmpty();
        Path made = onlyFile(cache.resolve("loadtest"));
        assertThat(made.getFileName().toString()).as("written under the name of the run that made it")
                .matches("java17-[0-9]+-[0-9]+\\.jsa\\.[0-9]+");
        assertThat(Files.readString(classes)).doesNotContain("shared objects file (top)");

        Run second = launch(env, "-q", "-n", "10", "-c", "1");
        assertThat(second.code).as(second.all()).isZero();
        Path archive = onlyFile(cache.resolve("loadtest"));
        assertThat(archive.getFileName().toString()).isEqualTo(made.getFileName().toString().replaceAll("\\.[0-9]+$", ""));
        assertThat(Files.readString(classes)).as("the engine's classes read from the archive")
                .contains("dev.loadtest.internal.engine.EngineRun source: shared objects file (top)");
    }

    @Test
    void should_ship_conscrypt_unsigned_so_that_the_archive_holds_its_classes() throws Exception {
        try (ZipFile conscrypt = new ZipFile(home().resolve("lib").resolve(conscryptJar()).toFile())) {
            assertThat(conscrypt.stream().map(entry -> entry.getName()))
                    .as("a signed jar's classes are checked as they load, and never archived")
                    .noneMatch(name -> name.matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)"))
                    .contains("org/conscrypt/ConscryptEngine.class", "META-INF/native/libconscrypt.so")
                    .as("under its platform name Conscrypt would copy it out of the jar at every start of bin/loadtest")
                    .doesNotContain("META-INF/native/" + LINUX_LIBRARY);
        }
        Path cache = dir.resolve("cache");
        Path classes = dir.resolve("classes.log");
        try (TestServer server = TestServer.tls()) {
            String uri = server.uri("/hello").toString();
            Run first = launch(Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString()), "--insecure", "-q",
                    "-n", "10", "-c", "1", uri);
            assertThat(first.code).as(first.all()).isZero();

            Run second = launch(Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString(),
                    "JAVA_OPTS", "-Xlog:class+load:file=" + classes), "--insecure", "-n", "10", "-c", "1", uri);

            assertThat(second.code).as(second.all()).isZero();
            assertThat(second.out).containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, Conscrypt 2\\.\\d+\\.\\d+");
        }
        assertThat(Files.readString(classes)).contains("org.conscrypt.ConscryptEngine source: shared objects file (top)");
    }

    @Test
    void should_load_conscrypts_library_where_it_lies_and_java_jar_from_a_copy_of_the_jars() throws Exception {
        assumeThat(System.getProperty("os.name") + " " + System.getProperty("os.arch")).as("the library shipped unpacked")
                .isEqualTo("Linux amd64");
        assertThat(home().resolve("lib/native/" + LINUX_LIBRARY)).isRegularFile();
        // Conscrypt's folder for the copies it makes of its library, a file here: any copy fails
        String noCopies = "-Dorg.conscrypt.native.workdir=" + Files.createFile(dir.resolve("not-a-folder"));
        try (TestServer server = TestServer.tls()) {
            String uri = server.uri("/hello").toString();
            Run launched = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", noCopies),
                    "--insecure", "-n", "10", "-c", "1", uri);
            String java = Path.of(JAVA_HOME, "bin", "java").toString();
            String loadtestJar = home().resolve("lib/loadtest.jar").toString();
            Run jar = run(List.of(java, noCopies, "-jar", loadtestJar, "--insecure", "-n", "10", "-c", "1", uri), Map.of(),
                    dir);
            Run jarCopying = run(List.of(java, "-jar", loadtestJar, "--insecure", "-n", "10", "-c", "1", uri), Map.of(), dir);

            assertThat(launched.code).as(launched.all()).isZero();
            assertThat(launched.out).as("loaded from lib/native, no copy made")
                    .containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, Conscrypt 2\\.\\d+\\.\\d+");
            assertThat(jar.code).as(jar.all()).isZero();
            assertThat(jar.out).as("java -jar has no lib/native on its library path: only a copy of the jar's loads")
                    .containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, SunJSSE \\d+");
            assertThat(jarCopying.code).as(jarCopying.all()).isZero();
            assertThat(jarCopying.out).as("java -jar: the jar's libconscrypt.so, copied")
                    .containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, Conscrypt 2\\.\\d+\\.\\d+");
        }
    }

    @Test
    void should_run_tls_on_conscrypt_without_a_native_access_warning_on_java_24_or_later() throws Exception {
        // Java 24 warns of System.load by jars not allowed to
        Path javaHome = javaAtLeast(24);
        try (TestServer server = TestServer.tls()) {
            Run run = launch(Map.of("JAVA_HOME", javaHome.toString()), "--insecure", "-q", "-n", "10", "-c", "1",
                    server.uri("/hello").toString());

            assertThat(run.code).as(run.all()).isZero();
            assertThat(run.err).as("loadtest.jar's manifest: Enable-Native-Access: ALL-UNNAMED").isEmpty();
        }
    }

    @Test
    void should_throw_away_a_java_17_archive_cut_short_instead_of_crashing_on_it() throws Exception {
        assumeThat(Runtime.version().feature()).as("the tests' own Java").isLessThan(19);
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString());
        Run first = launch(env, "-q", "-n", "10", "-c", "1");
        assertThat(first.code).as(first.all()).isZero();
        Path made = onlyFile(cache.resolve("loadtest"));
        // as a run killed while the JVM wrote it would leave it, under a process id no process has
        byte[] whole = Files.readAllBytes(made);
        Files.delete(made);
        Path cutShort = made.resolveSibling(made.getFileName().toString().replaceAll("[0-9]+$", "999999999"));
        Files.write(cutShort, Arrays.copyOf(whole, whole.length / 2));

        Run next = launch(env, "-q", "-n", "10", "-c", "1");

        assertThat(next.code).as(next.all()).isZero();
        assertThat(next.out + next.err).isEmpty();
        assertThat(cutShort).doesNotExist();
        assertThat(onlyFile(cache.resolve("loadtest")).getFileName().toString()).as("this run makes a new one")
                .matches("java17-[0-9]+-[0-9]+\\.jsa\\.[0-9]+");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(Path::getFileName).map(Path::toString)).noneMatch(name -> name.startsWith("hs_err"));
        }
    }

    @Test
    void should_not_keep_a_java_17_archive_of_a_run_that_sent_no_load() throws Exception {
        assumeThat(Runtime.version().feature()).as("the tests' own Java").isLessThan(19);
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString());
        Run typo = launch(env, "--no-such-flag");
        assertThat(typo.code).as(typo.all()).isEqualTo(2);
        Path thin = onlyFile(cache.resolve("loadtest"));

        Run next = launch(env, "-q", "-n", "10", "-c", "1");

        assertThat(next.code).as(next.all()).isZero();
        assertThat(thin).as("it would hold picocli's classes and few of the engine's, until loadtest changes")
                .doesNotExist();
        assertThat(onlyFile(cache.resolve("loadtest")).getFileName().toString()).as("this run makes a new one")
                .matches("java17-[0-9]+-[0-9]+\\.jsa\\.[0-9]+");
    }

    @Test
    void should_make_a_new_java_17_archive_for_a_changed_jar_and_remove_the_old_one() throws Exception {
        assumeThat(Runtime.version().feature()).as("the tests' own Java").isLessThan(19);
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("JAVA_HOME", JAVA_HOME, "XDG_CACHE_HOME", cache.toString());
        Path home = Files.createDirectories(dir.resolve("loadtest"));
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib"));
        Path launcher = Files.copy(launcher(), home.resolve("bin/loadtest"));
        Path jar = Files.copy(home().resolve("lib/loadtest.jar"), home.resolve("lib/loadtest.jar"));
        List<String> tiny = List.of(launcher.toString(), "-q", "-n", "10", "-c", "1");
        run(tiny, env, dir);
        run(tiny, env, dir);
        Path archive = onlyFile(cache.resolve("loadtest"));
        assertThat(archive.getFileName().toString()).endsWith(".jsa");

        // an archive of another jar would be ignored by the JVM in silence, run after run
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Run changed = run(tiny, env, dir);

        assertThat(changed.code).as(changed.all()).isZero();
        Path made = onlyFile(cache.resolve("loadtest"));
        assertThat(made.getFileName().toString()).doesNotStartWith(archive.getFileName().toString());
    }

    @Test
    void should_make_a_class_data_archive_on_java_19_or_later_and_remake_a_broken_one() throws Exception {
        Path javaHome = javaAtLeast(19);
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("JAVA_HOME", javaHome.toString(), "XDG_CACHE_HOME", cache.toString());

        Run version = launch(env, "--version");
        assertThat(version.code).as(version.all()).isZero();
        assertThat(cache).as("--version makes no archive: it would hold none of the engine's classes").doesNotExist();

        Run first = launch(env, "-q", "-n", "10", "-c", "1");
        assertThat(first.code).as(first.all()).isZero();
        // the JVM's warnings about classes it cannot archive would land on stdout: silenced
        assertThat(first.out).isEmpty();
        Path archive = onlyFile(cache.resolve("loadtest"));
        assertThat(archive.getFileName().toString()).startsWith("java").endsWith(".jsa");
        assertThat(Files.size(archive)).isPositive();

        Files.write(archive, new byte[0]);   // as a crash while writing it might leave it
        Run again = launch(env, "-q", "-n", "10", "-c", "1");
        assertThat(again.code).as(again.all()).isZero();
        assertThat(again.out + again.err).isEmpty();
        assertThat(onlyFile(cache.resolve("loadtest"))).isEqualTo(archive);
        assertThat(Files.size(archive)).as("made again").isPositive();
    }

    @Test
    void should_run_tls_on_the_shipped_conscrypt_and_verify_with_the_jdks_trust_store() throws Exception {
        Path classes = dir.resolve("classes.log");
        try (TestServer server = TestServer.tls()) {
            Run run = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", trustOptions(server)
                    + " -Xlog:class+load=info:file=" + classes), "-n", "10", "-c", "1", server.uri("/hello").toString());

            assertThat(run.code).as(run.all()).isZero();
            assertThat(run.out).contains("requests: 10 total, 10 started, 10 done, 10 succeeded, 0 failed")
                    .containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, Conscrypt 2\\.\\d+\\.\\d+");
            // loaded from lib/, named by loadtest.jar's manifest
            assertThat(Files.readString(classes)).containsPattern("org\\.conscrypt\\.ConscryptEngine source: .*"
                    + conscryptJar().replace(".", "\\."));
        }
    }

    @Test
    void should_keep_the_jdks_tls_when_loadtest_opts_say_so() throws Exception {
        Path classes = dir.resolve("classes.log");
        try (TestServer server = TestServer.tls()) {
            Run run = launch(Map.of("JAVA_HOME", JAVA_HOME, "JAVA_OPTS", "-Xlog:class+load=info:file=" + classes,
                    "LOADTEST_OPTS", "-Dloadtest.tls.provider=jdk"), "--insecure", "-n", "10", "-c", "1",
                    server.uri("/hello").toString());

            assertThat(run.code).as(run.all()).isZero();
            assertThat(run.out).contains("requests: 10 total, 10 started, 10 done, 10 succeeded, 0 failed")
                    .containsPattern("TLS: TLSv1\\.[23], TLS_\\w+, SunJSSE \\d+");
            assertThat(Files.readString(classes)).contains("sun.security.ssl.SSLEngineImpl ")
                    .doesNotContain("org.conscrypt.ConscryptEngine ");
        }
    }

    /** The test server's certificate as the JVM's trust store, the way a user trusts a private CA. */
    private String trustOptions(TestServer server) throws Exception {
        Path trustStore = dir.resolve("trust.p12");
        try (OutputStream out = Files.newOutputStream(trustStore)) {
            server.trustStore().store(out, "changeit".toCharArray());
        }
        return "-Djavax.net.ssl.trustStore=" + trustStore + " -Djavax.net.ssl.trustStoreType=PKCS12"
                + " -Djavax.net.ssl.trustStorePassword=changeit";
    }

    private static String conscryptJar() {
        return "conscrypt-openjdk-uber-" + CONSCRYPT_VERSION + ".jar";
    }

    private static Path onlyFile(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> all = files.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    /**
     * The newest Java of at least the given feature version among the tests' own and those installed beside it
     * (/usr/lib/jvm/...), the tests' own on a tie; the test is skipped where there is none.
     */
    private static Path javaAtLeast(int feature) throws IOException {
        Path own = Path.of(JAVA_HOME);
        Map<Path, Integer> versions = new LinkedHashMap<>();
        versions.put(own, Runtime.version().feature());
        try (Stream<Path> siblings = Files.list(own.getParent())) {
            siblings.sorted().filter(home -> Files.isExecutable(home.resolve("bin/java")))
                    .forEach(home -> versions.putIfAbsent(home, featureVersion(home)));
        }
        // max keeps the first of equals: the tests' own, then the siblings in name order
        Map.Entry<Path, Integer> newest = versions.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        assumeThat(newest.getValue()).as("a Java " + feature + " or later beside " + own).isGreaterThanOrEqualTo(feature);
        return newest.getKey();
    }

    /** The feature version in a Java installation's release file ({@code JAVA_VERSION="21.0.5"}), 0 if none. */
    private static int featureVersion(Path javaHome) {
        try {
            for (String line : Files.readAllLines(javaHome.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    return Runtime.Version.parse(line.substring("JAVA_VERSION=\"".length(), line.length() - 1)).feature();
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // no release file, or a version that is not Java's: not a Java to use
        }
        return 0;
    }

    /** The launcher with {@code args} then {@code --version}, the JVM printing its flags' final values first. */
    private Run launchWithFlagsPrinted(Map<String, String> env, List<String> args) throws Exception {
        Map<String, String> all = new LinkedHashMap<>(env);
        all.put("JAVA_HOME", JAVA_HOME);
        all.put("JAVA_OPTS", "-XX:+PrintFlagsFinal");
        List<String> versionAfter = new ArrayList<>(args);
        versionAfter.add("--version");
        return launch(all, versionAfter.toArray(String[]::new));
    }

    private Run launch(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(launcher().toString());
        command.addAll(List.of(args));
        return run(command, env, dir);
    }

    private record Run(int code, String out, String err) {
        String all() {
            return "stdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    /**
     * Runs {@code command} with the variables the launcher reads cleared, then set from {@code env}; no
     * class-data sharing archive (an archive would go to the user's own cache) unless {@code env} names a cache.
     */
    private static Run run(List<String> command, Map<String, String> env, Path in) throws IOException, InterruptedException {
        Path out = Files.createTempFile(in, "out", ".txt");
        Path err = Files.createTempFile(in, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(in.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> environment = builder.environment();
        for (String name : List.of("JAVA_HOME", "JAVA_OPTS", "LOADTEST_OPTS", "LOADTEST_CDS", "XDG_CACHE_HOME")) {
            environment.remove(name);
        }
        if (!env.containsKey("XDG_CACHE_HOME")) {
            environment.put("LOADTEST_CDS", "off");
        }
        environment.putAll(env);
        Process p = builder.start();
        if (!p.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("no exit within " + PROCESS_SECONDS + " s: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
