package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.loadtest.Result;
import dev.loadtest.check.CheckResult;
import dev.loadtest.json.ResultJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The --expect-* flags end to end: the command against the embedded demo server, its report, JSON and gates. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExpectCommandTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    @Test
    void should_pass_responses_that_meet_every_expectation() throws IOException {
        Path json = dir.resolve("run.json");

        CommandRun run = CommandRun.of("-n", "40", "-c", "2", "--expect-status", "2xx", "--expect-body", "Hello",
                "--expect-header", "Content-Type: text/plain", "--max-error-rate", "0", "--json", json.toString(),
                server.hello());

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.OK);
        assertThat(run.out()).contains("checks: 0 responses of status 200-399 failed a check")
                .containsPattern("status 2xx +40 passed +0 failed");
        Result r = ResultJson.read(json);
        assertThat(r.checks()).extracting(CheckResult::name)
                .containsExactly("status 2xx", "header Content-Type: text/plain", "body contains \"Hello\"");
        assertThat(r.checks()).allSatisfy(c -> assertThat(c.passed()).isEqualTo(40));
    }

    @Test
    void should_count_responses_that_fail_an_expectation_as_failed_and_breach_the_error_rate() throws IOException {
        Path json = dir.resolve("run.json");

        CommandRun run = CommandRun.of("-n", "40", "-c", "2", "--expect-json", "$.status=ok", "--max-error-rate", "1%",
                "--json", json.toString(), server.hello());

        assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        assertThat(run.out()).contains("40 failed").contains("checks: 40 responses of status 200-399 failed a check")
                .containsPattern("json \\$\\.status == \"ok\" +0 passed +40 failed  100\\.00%  status 200: ")
                .contains("| body: Hello, World!");
        Result r = ResultJson.read(json);
        assertThat(r.requests().checkFailed()).isEqualTo(40);
        assertThat(r.requests().failed()).isEqualTo(40);
        assertThat(r.checks().get(0).failed()).isEqualTo(40);
    }

    @Test
    void should_fail_the_body_checks_of_a_body_over_max_checked_body() throws IOException {
        Path json = dir.resolve("run.json");

        CommandRun small = CommandRun.of("-n", "20", "-c", "2", "--expect-status", "200", "--expect-body", "Hello",
                "--max-checked-body", "8", "--json", json.toString(), server.hello());   // "Hello, World!": 13 bytes

        assertThat(small.out()).contains("body larger than the checks' bound of 8 bytes");
        Result r = ResultJson.read(json);
        assertThat(r.checks()).extracting(CheckResult::name, CheckResult::passed, CheckResult::failed)
                .containsExactly(tuple("status 200", 20L, 0L),
                        tuple("body contains \"Hello\"", 0L, 20L));
        CommandRun enough = CommandRun.of("-n", "20", "-c", "2", "--expect-body", "Hello", "--max-checked-body", "1k",
                "--max-error-rate", "0", server.hello());
        assertThat(enough.code()).as(enough.err()).isEqualTo(LoadTestCommand.OK);
    }

    @Test
    void should_exit_2_with_one_line_for_a_bad_max_checked_body() {
        for (String[] bad : new String[][] {
                {"0", "--max-checked-body (0) must be within [1, 1073741824]"},
                {"2g", "--max-checked-body (2g) must be within [1, 1073741824]"},
                {"lots", "'lots' is not a size: use e.g. 65536, 64k, 1m (k = 1024 bytes)"}}) {
            CommandRun run = CommandRun.of("-n", "1", "--expect-body", "x", "--max-checked-body", bad[0], server.hello());

            assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.USAGE);
            assertThat(run.errLines()).as(run.err()).hasSize(1);
            assertThat(run.err()).startsWith("loadtest: ").contains(bad[1]).doesNotContain("Exception");
        }
    }

    @Test
    void should_exit_2_with_one_line_for_a_bad_expectation() {
        for (String[] bad : new String[][] {
                {"--expect-status", "2x0", "--expect-status 2x0: '2x0' must be a status code (100 to 599) or a class"},
                {"--expect-json", "status", "--expect-json 'status' must be PATH=VALUE"},
                {"--expect-header", "no-colon", "--expect-header"}}) {
            CommandRun run = CommandRun.of("-n", "1", bad[0], bad[1], server.hello());

            assertThat(run.code()).as(run.err()).isEqualTo(LoadTestCommand.USAGE);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err()).startsWith("loadtest: ").contains(bad[2]).doesNotContain("Exception");
            assertThat(run.out()).isEmpty();
        }
    }
}
