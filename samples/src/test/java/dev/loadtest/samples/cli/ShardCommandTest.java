package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShardCommandTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    private String uri() {
        return server.uri("/hello").toString();
    }

    @Test
    void should_run_one_shard_with_its_part_of_the_clients_and_requests() throws Exception {
        Path json = dir.resolve("s1.json");
        CommandRun run = CommandRun.of("--shard", "1/2", "-n", "30", "-c", "3", "--json", json.toString(), uri());
        assertThat(run.code()).as(run.err()).isZero();
        Result r = ResultJson.read(json);
        assertThat(r.test().clients()).isEqualTo(1);
        assertThat(r.test().requests().getAsLong()).isEqualTo(10);
        assertThat(r.requests().done()).isEqualTo(10);
        assertThat(Files.readString(json)).contains("\"clients\" : 3").contains("\"shard\"");
    }

    @Test
    void should_take_the_index_from_job_completion_index() throws Exception {
        Path json = dir.resolve("s2.json");
        CommandRun run = CommandRun.withEnvironment(Map.of("JOB_COMPLETION_INDEX", "2"), "--shards", "3", "-n", "30", "-c", "3", "-q", "--json", json.toString(), uri());
        assertThat(run.code()).as(run.err()).isZero();
        Result r = ResultJson.read(json);
        assertThat(r.test().shardIndex()).isEqualTo(2);
        assertThat(r.test().shardCount()).isEqualTo(3);
    }

    @Test
    void should_wait_for_the_start_time() throws Exception {
        Path json = dir.resolve("late.json");
        long at = Instant.now().getEpochSecond() + 2;
        CommandRun run = CommandRun.of("--start-at", Long.toString(at), "-n", "5", "-q", "--json", json.toString(),
                uri());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Instant.now().getEpochSecond()).isGreaterThanOrEqualTo(at);
        assertThat(ResultJson.read(json).test().startAt()).contains(Instant.ofEpochSecond(at));
    }

    @Test
    void should_refuse_bad_shard_options_as_usage_errors() {
        assertUsage(CommandRun.of("--shard", "3/3", "-n", "9", "-c", "3", uri()),
                "shard index (3) must be within [0, 3)");
        assertUsage(CommandRun.of("--shard", "1", "-n", "9", "-c", "3", uri()), "--shard (1) must be I/N");
        assertUsage(CommandRun.of("--shard", "x/3", "-n", "9", "-c", "3", uri()), "--shard index (x)");
        assertUsage(CommandRun.of("--shard", "0/4", "-n", "9", "-c", "3", uri()),
                "-c (3) must be >= shard count (4)");
        assertUsage(CommandRun.of("--shards", "3", "-n", "9", "-c", "3", uri()), "needs $JOB_COMPLETION_INDEX");
        assertUsage(CommandRun.of("--start-at", "soon", "-n", "9", uri()), "--start-at (soon) must be seconds");
        assertUsage(CommandRun.of("--start-at", Long.toString(Instant.now().getEpochSecond() + 7200), "-n", "9",
                uri()), "must be at most 1h from now");
        assertUsage(CommandRun.of("--start-delay", "2h", "-n", "9", uri()), "--start-delay (2h) must be at most 1h");
    }

    @Test
    void should_merge_with_gates_and_refuse_mismatched_files() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Path other = dir.resolve("other.json");
        assertThat(CommandRun.of("--shard", "0/2", "-n", "20", "-c", "2", "-q", "--json", a.toString(), uri()).code())
                .isZero();
        assertThat(CommandRun.of("--shard", "1/2", "-n", "20", "-c", "2", "-q", "--json", b.toString(), uri()).code())
                .isZero();
        assertThat(CommandRun.of("--shard", "1/2", "-n", "20", "-c", "2", "-m", "2", "-q", "--json",
                other.toString(), uri()).code()).isZero();

        CommandRun ok = CommandRun.of("merge", a.toString(), b.toString(), "--max-error-rate", "0");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("requests: 20 total").contains("gates:");

        CommandRun breached = CommandRun.of("merge", a.toString(), b.toString(), "--max-p99", "1us");
        assertThat(breached.code()).isEqualTo(LoadTestCommand.GATE_BREACHED);
        assertThat(breached.err()).contains("gate breached");

        assertUsage(CommandRun.of("merge", a.toString(), a.toString()), "shard index 0 is given twice");
        assertUsage(CommandRun.of("merge", a.toString(), other.toString()), "its streams (2)");
        assertUsage(CommandRun.of("merge", a.toString(), dir.resolve("missing.json").toString()),
                "cannot read a result");
        assertUsage(CommandRun.of("merge"), "FILE");
    }

    @Test
    void should_document_the_shard_options_and_merge_in_help() {
        CommandRun help = CommandRun.of("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--shard=I/N").contains("belongs to shard i % N").contains("--shards=N")
                .contains("--start-at=EPOCH_SECONDS").contains("--start-delay=DURATION").contains("loadtest merge");
        assertThat(help.out() + help.err()).doesNotContain("WARN");
        CommandRun mergeHelp = CommandRun.of("merge", "--help");
        assertThat(mergeHelp.code()).isZero();
        assertThat(mergeHelp.out()).contains("Usage: loadtest merge").contains("--max-p99");
        assertThat(mergeHelp.out() + mergeHelp.err()).doesNotContain("WARN");
    }

    @Test
    void should_divide_the_rate_and_add_it_up_again_when_merging() throws Exception {
        Path a = dir.resolve("ra.json");
        Path b = dir.resolve("rb.json");
        assertThat(CommandRun.of("--shard", "0/2", "-c", "2", "-R", "200", "-D", "1s", "-q", "--json", a.toString(),
                uri()).code()).isZero();
        assertThat(CommandRun.of("--shard", "1/2", "-c", "2", "-R", "200", "-D", "1s", "-q", "--json", b.toString(),
                uri()).code()).isZero();
        Result ra = ResultJson.read(a);
        assertThat(ra.test().rate().getAsDouble()).isEqualTo(100);
        assertThat(ra.rate().get().scheduled()).isBetween(95L, 105L);
        Path merged = dir.resolve("rm.json");
        CommandRun merge = CommandRun.of("merge", a.toString(), b.toString(), "-q", "--json", merged.toString());
        assertThat(merge.code()).as(merge.err()).isZero();
        Result m = ResultJson.read(merged);
        assertThat(m.test().rate().getAsDouble()).isEqualTo(200);
        assertThat(m.rate().get().scheduled()).isEqualTo(ra.rate().get().scheduled()
                + ResultJson.read(b).rate().get().scheduled());
        assertThat(m.rate().get().offered()).isCloseTo(200, org.assertj.core.data.Offset.offset(10.0));
        assertThat(m.rate().get().schedulerLag().count()).isEqualTo(
                ra.rate().get().schedulerLag().count() + ResultJson.read(b).rate().get().schedulerLag().count());
    }

    @Test
    void should_refuse_to_merge_into_one_of_its_inputs_impossible_results_and_shards_of_other_runs()
            throws Exception {
        Path a = dir.resolve("m0.json");
        Path b = dir.resolve("m1.json");
        Path otherRun = dir.resolve("other-run.json");
        Path otherHeaders = dir.resolve("other-headers.json");
        long t0 = Instant.now().getEpochSecond() - 60;   // in the past: the shards start at once
        for (String[] shard : new String[][] {{"0/2", a.toString(), Long.toString(t0), "X-Run: 1"},
                {"1/2", b.toString(), Long.toString(t0), "X-Run: 1"},
                {"1/2", otherRun.toString(), Long.toString(t0 - 3600), "X-Run: 1"},
                {"1/2", otherHeaders.toString(), Long.toString(t0), "X-Run: 2"}}) {
            CommandRun run = CommandRun.of("--shard", shard[0], "--start-at", shard[2], "-H", shard[3], "-n", "20",
                    "-c", "2", "-q", "--json", shard[1], uri());
            assertThat(run.code()).as(run.err()).isZero();
        }
        String before = Files.readString(a);

        assertUsage(CommandRun.of("merge", a.toString(), b.toString(), "--json", a.toString()),
                "--json " + a + ": names the same file as " + a + ", which would be overwritten");
        assertUsage(CommandRun.of("merge", a.toString(), b.toString(), "--html", dir.resolve(".") + "/m1.json"),
                "names the same file as " + b);
        assertThat(Files.readString(a)).isEqualTo(before);
        assertUsage(CommandRun.of("merge", a.toString(), otherRun.toString()),
                otherRun + " (shard 1/2) is not a shard of the same run: its start time ("
                        + Instant.ofEpochSecond(t0 - 3600) + ") is 1h away from " + a + "'s ("
                        + Instant.ofEpochSecond(t0) + ")");
        assertUsage(CommandRun.of("merge", a.toString(), otherHeaders.toString()),
                otherHeaders + " (shard 1/2) is not a shard of the same run: its headers ([X-Run: 2]) differs from "
                        + a + "'s ([X-Run: 1])");
        Path forged = dir.resolve("forged.json");
        Files.writeString(forged, Files.readString(b).replaceFirst("\"done\" : 10,", "\"done\" : 11,")
                .replaceFirst("\"total\" : 10,", "\"total\" : 9,"));
        assertUsage(CommandRun.of("merge", a.toString(), forged.toString()),
                forged + ": requests.done (11) must be <= requests.total (9)");
        assertUsage(CommandRun.of("merge", a.toString(), "/dev/zero"),
                "merged file (/dev/zero) must be a regular file, not a device, pipe or socket");
    }

    private static void assertUsage(CommandRun run, String message) {
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(run.err()).contains(message);
    }
}
