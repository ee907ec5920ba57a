package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input ends with exit code 2 and one line on stderr that says what is wrong: never a
 * stack trace, never a run. {@code URI} in an argument list stands for the demo server's {@code /hello},
 * {@code DIR} for a temporary folder.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UsageErrorTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws IOException {
        Files.writeString(dir.resolve("empty.txt"), "\n# nothing here\n\n");
        Files.createDirectories(dir.resolve("a-directory"));
        Files.writeString(dir.resolve("uris.txt"), server.uri("/hello") + "\n");
        try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(dir.resolve("huge.txt").toFile(), "rw")) {
            huge.setLength(TargetFlags.MAX_INPUT_FILE_BYTES + 1);   // sparse: no disk used
        }
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                // picocli's own checks
                bad("--bogus URI", "Unknown option: '--bogus'"),
                bad("--jsn out.json URI", "Unknown option: '--jsn'"),
                bad("URI -D", "Missing required parameter for option '--duration'"),
                // malformed values
                bad("-D 10x URI", "Invalid value for option '--duration': '10x' is not a duration: use e.g. 10s"),
                bad("-c ten URI", "Invalid value for option '--clients': 'ten' is not a count"),
                bad("-n 1.5 URI", "Invalid value for option '--requests': '1.5' is not a whole number"),
                bad("-c 3G URI", "'3G' is too large"),
                bad("-R fast URI", "Invalid value for option '--rate': 'fast' is not a rate"),
                bad("-R 0 URI", "'0' is a rate of 0"),
                bad("--stage 100 URI", "'100' is not a stage: use RATE/DURATION"),
                bad("--concurrency-stage 5 URI", "'5' is not a concurrency stage"),
                bad("--max-p99 soon URI", "Invalid value for option '--max-p99': 'soon' is not a duration"),
                bad("--max-latency p99 URI", "'p99' is not a latency limit"),
                bad("--max-error-rate 150% URI", "'150%' is over 100%"),
                bad("--min-rps many URI", "'many' is not a rate"),
                // values out of range
                bad("-c 0 URI", "-c (0) must be >= 1"),
                bad("-c 0", "-c (0) must be >= 1"),   // the demo: refused before its server starts (one line)
                bad("--json DIR/out --html DIR/out", "--html DIR/out: names the same file as --json"),
                bad("-m 0 URI", "-m (0) must be >= 1"),
                bad("-D 0 URI", "-D (0) must be > 0"),
                bad("-N 0s URI", "-N (0s) must be > 0"),
                bad("--interval 1ms URI", "--interval (1ms) must be within [10 ms, 1 hour]"),
                bad("--rps 0 URI", "--rps (0) must be > 0"),
                bad("-R 100 --schedule-resolution 6ms URI", "--schedule-resolution (6ms) must be <= 5 ms"),
                bad("-t 4 -c 2 URI", "-t (4) must be <= -c (2)"),
                bad("-n 1 -c 2 URI", "-n (1) must be >= -c (2)"),
                bad("--concurrency-stage 500/1s URI", "--concurrency-stage (500) must be <= -c x -m (1 x 1)"),
                // combinations
                bad("-n 5k -D 1s URI", "-n (5k) and -D (1s) cannot both be set: a run is counted or timed"),
                bad("-R 100 --rps 10 URI", "-R and --rps cannot both be given"),
                bad("--stage 100/1s -D 1s URI", "--stage cannot be given with -D"),
                bad("--stage 100/1s -R 5 URI", "--stage cannot be given with -R"),
                bad("--concurrency-stage 1/1s --stage 100/1s URI", "--concurrency-stage cannot be given with --stage"),
                bad("-R 1:100 -n 10 URI", "-R 1:100 ramps over the duration: give -D, not -n"),
                bad("--stage 100/1s --rps 10 URI", "--stage cannot be given with --rps (10): the stages set the run's"),
                bad("--concurrency-stage 1/1s -n 10 URI", "--concurrency-stage cannot be given with -n (10)"),
                bad("--stage 100/1s -R 1:100 URI", "--stage cannot be given with -R 1:100: each sets the run's stages"),
                bad("--start-delay 2h URI", "--start-delay (2h) must be at most 1h from now"),
                // capacity: the same flags, the same rules, the same words
                bad("capacity -c 0 --max-p99 1s URI", "-c (0) must be >= 1"),
                bad("capacity --insecure --max-p99 1s URI", "--insecure is set but the targets are not https"),
                bad("capacity -d DIR/missing.bin --max-p99 1s URI", "-d (DIR/missing.bin) cannot be read (no such file)"),
                bad("--warm-up-time 1s -n 10 URI", "--warm-up-time (1s) needs duration: a counted run has no warm-up"),
                bad("--insecure URI", "--insecure is set but the targets are not https"),
                bad("-i DIR/empty.txt URI", "give the URIs on the command line or with -i, not both"),
                // requests
                bad("-H NoColon URI", "-H 'NoColon' must be NAME: VALUE"),
                bad("-H Bad\\Name:x URI", "header name (Bad\\Name) must be a non-empty HTTP token"),
                bad("-H Content-Length:5 URI", "header name (Content-Length) is set by the engine"),
                bad("--method GE(T URI", "method (GE(T) must be an HTTP token"),
                bad("--method GET -d DIR/empty.txt URI", "is not allowed with method GET"),
                // files and hosts
                bad("-d DIR/missing.bin URI", "-d (DIR/missing.bin) cannot be read (no such file)"),
                bad("-i DIR/missing.txt", "-i DIR/missing.txt: cannot read the file (no such file)"),
                bad("-i DIR/empty.txt", "-i DIR/empty.txt: the file has no URI"),
                bad("--json DIR/a-directory URI", "--json DIR/a-directory: is a directory"),
                bad("--csv DIR/empty.txt/x.csv URI", "--csv DIR/empty.txt/x.csv: cannot create its directory"),
                bad("ftp://127.0.0.1/ ", "target (ftp://127.0.0.1/) must use the http or https scheme"),
                bad("http://user:pw@127.0.0.1/", "must not carry user info"),
                bad("http://127.0.0.1:1/a https://127.0.0.1:1/b", "must use the same scheme, host and port"),
                bad("http://no-such-host.invalid/", "cannot resolve host no-such-host.invalid"),
                // ports java.net.URI takes but no socket does
                bad("http://127.0.0.1:99999/", "target (http://127.0.0.1:99999/) has port 99999: a port must be within [1, 65535]"),
                bad("http://127.0.0.1:0/", "target (http://127.0.0.1:0/) has port 0: a port must be within [1, 65535]"),
                // inputs that are no files, or too large to be what they claim
                bad("-i /dev/zero", "-i (/dev/zero) must be a regular file, not a device, pipe or socket"),
                bad("-i DIR/huge.txt", "-i (DIR/huge.txt) is 16777217 bytes: at most 16 MiB"),
                bad("-d /dev/zero URI", "-d (/dev/zero) must be a regular file, not a device, pipe or socket"),
                bad("-d DIR/a-directory URI", "-d (DIR/a-directory) must be a regular file, not a directory"),
                bad("--start-at -1 URI", "--start-at (-1) must not be before 1970-01-01T00:00:00Z"),
                bad("--start-at 1e20 URI", "--start-at (1e20) must be seconds since 1970 (UTC)"),
                // outputs that cannot be written, or that overwrite another file
                bad("--json /proc/loadtest.json URI", "--json /proc/loadtest.json: cannot create the file ("),
                bad("--hgrm /dev/full URI", "--hgrm /dev/full: is a device, not a file"),
                bad("--json DIR/out --html DIR/out URI", "--html DIR/out: names the same file as --json: give each output its own file"),
                bad("--json DIR/out --csv DIR/../" + "DIRNAME/out URI", "--csv DIR/../DIRNAME/out: names the same file as --json"),
                bad("-d DIR/empty.txt --method POST --json DIR/empty.txt URI",
                        "--json DIR/empty.txt: names the same file as -d, which would be overwritten"),
                bad("-i DIR/uris.txt --csv DIR/uris.txt", "--csv DIR/uris.txt: names the same file as -i, which would be overwritten"),
                // credentials in a URI or header refused for another reason are not printed
                bad("ftp://127.0.0.1/?api_key=s3cret&token=s3cret&sig=s3cret",
                        "target (ftp://127.0.0.1/?api_key=<redacted>&token=<redacted>&sig=<redacted>) must use the http or https scheme"),
                bad("http://127.0.0.1:1/a?code=s3cret https://127.0.0.1:1/b?pwd=s3cret",
                        "target (https://127.0.0.1:1/b?pwd=<redacted>) must use the same scheme, host and port as (http://127.0.0.1:1/a?code=<redacted>)"),
                bad("http://127.0.0.1:99999/?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.s3cret",
                        "target (http://127.0.0.1:99999/?t=<redacted>) has port 99999"),
                bad("-H X-Api-Key=s3cret URI", "-H '<redacted>' must be NAME: VALUE"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    void should_exit_2_with_one_clear_line(String args, String message) {
        List<String> argv = new ArrayList<>();
        for (String arg : args.trim().split(" ")) {
            argv.add(arg.equals("URI") ? server.uri("/hello").toString()
                    : arg.replace("DIRNAME", dir.getFileName().toString()).replace("DIR", dir.toString()));
        }

        CommandRun run = CommandRun.of(argv);

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("loadtest: ")
                .contains(message.replace("DIRNAME", dir.getFileName().toString()).replace("DIR", dir.toString()))
                .doesNotContain("s3cret")
                .contains("(see loadtest --help)")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    private static Arguments bad(String args, String message) {
        return Arguments.of(args, message);
    }
}
