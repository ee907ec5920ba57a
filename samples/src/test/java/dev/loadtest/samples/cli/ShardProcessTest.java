package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LatencyHistogram;
import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.json.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Three processes of the command, shards 0..2 of one run against one local server, then merged. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ShardProcessTest {

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    @TempDir
    Path dir;

    @Test
    void should_do_the_planned_run_in_three_processes_and_merge_it_exactly() throws Exception {
        List<Process> processes = new ArrayList<>();
        List<Path> jsons = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Path json = dir.resolve("shard-" + i + ".json");
            jsons.add(json);
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"), LoadTestCommand.class.getName(),
                    "--shard", i + "/3", "--start-delay", "1s", "-n", "300", "-c", "3", "-q", "--json",
                    json.toString(), server.uri("/hello").toString()));
            processes.add(new ProcessBuilder(command).redirectOutput(dir.resolve("out-" + i + ".txt").toFile())
                    .redirectError(dir.resolve("err-" + i + ".txt").toFile()).start());
        }
        for (int i = 0; i < 3; i++) {
            Process p = processes.get(i);
            try {
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("shard %d ended", i).isTrue();
            } finally {
                p.destroyForcibly();
            }
            assertThat(p.exitValue()).as(Files.readString(dir.resolve("err-" + i + ".txt"))).isZero();
        }

        List<Result> shards = new ArrayList<>();
        for (Path json : jsons) {
            shards.add(ResultJson.read(json));
        }
        for (int i = 0; i < 3; i++) {
            assertThat(shards.get(i).test().shardIndex()).isEqualTo(i);
            assertThat(shards.get(i).test().clients()).isEqualTo(1);
            assertThat(shards.get(i).test().requests().getAsLong()).isEqualTo(100);
            assertThat(shards.get(i).test().startAt()).isPresent();
            assertThat(shards.get(i).requests().done()).isEqualTo(100);
        }

        // merged by the command, as a user would
        Path mergedJson = dir.resolve("merged.json");
        Path html = dir.resolve("merged.html");
        CommandRun merge = CommandRun.of("merge", jsons.get(2).toString(), jsons.get(0).toString(),
                jsons.get(1).toString(), "--json", mergedJson.toString(), "--html", html.toString(),
                "--max-error-rate", "0", "--require-ok");
        assertThat(merge.code()).as(merge.err()).isZero();
        assertThat(merge.out()).contains("requests: 300 total");
        assertThat(html).isNotEmptyFile();
        Result merged = ResultJson.read(mergedJson);

        assertThat(merged.requests().total()).isEqualTo(300);
        assertThat(merged.requests().done()).isEqualTo(300);
        assertThat(merged.requests().succeeded()).isEqualTo(300);
        assertThat(merged.test().clients()).isEqualTo(3);
        assertThat(merged.test().requests().getAsLong()).isEqualTo(300);
        assertThat(merged.test().shardCount()).isEqualTo(1);
        Map<Integer, Long> statuses = new HashMap<>();
        long bytes = 0;
        long sent = 0;
        LatencyHistogram union = LatencyHistogram.EMPTY;
        LatencyHistogram serviceUnion = LatencyHistogram.EMPTY;
        for (Result s : shards) {
            s.statusCodes().counts().forEach((code, n) -> statuses.merge(code, n, Long::sum));
            bytes += s.traffic().totalBytes();
            sent += s.traffic().sentBytes();
            union = union.plus(s.responseTime());
            serviceUnion = serviceUnion.plus(s.serviceTime());
        }
        assertThat(merged.statusCodes().counts()).isEqualTo(statuses);
        assertThat(merged.statusCodes().count(200)).isEqualTo(300);
        assertThat(merged.traffic().totalBytes()).isEqualTo(bytes);
        assertThat(merged.traffic().sentBytes()).isEqualTo(sent);
        assertThat(merged.responseTime().count()).isEqualTo(300);
        for (double p : new double[] {0, 50, 90, 99, 99.9, 100}) {
            assertThat(merged.responseTime().percentile(p)).isEqualTo(union.percentile(p));
            assertThat(merged.serviceTime().percentile(p)).isEqualTo(serviceUnion.percentile(p));
        }
        // the library's merge gives the same figures as the command's
        Result direct = Results.merge(shards);
        assertThat(direct.responseTime()).isEqualTo(merged.responseTime());
        assertThat(direct.requests()).isEqualTo(merged.requests());
    }
}
