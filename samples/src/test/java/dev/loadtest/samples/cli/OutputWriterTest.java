package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands' one rule for their output files: a failure is one stderr line, the others are still written. */
class OutputWriterTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final OutputWriter writer = new OutputWriter(new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void should_say_a_failed_file_in_one_line_and_still_write_the_others() throws IOException {
        Path bad = dir.resolve("bad.json");
        Path good = dir.resolve("good.html");

        writer.write("--json", bad, () -> {
            throw new IOException("disk full");
        }).write("--html", good, () -> Files.writeString(good, "ok"));

        assertThat(writer.failed()).isTrue();
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("loadtest: --json " + bad + ": cannot write (disk full)" + System.lineSeparator());
        assertThat(Files.readString(good)).isEqualTo("ok");
    }

    @Test
    void should_write_nothing_and_fail_nothing_for_an_option_not_given() {
        writer.write("--json", null, () -> {
            throw new IOException("must not be called");
        });

        assertThat(writer.failed()).isFalse();
        assertThat(err.size()).isZero();
    }

    @Test
    void should_make_the_folders_first_when_writing_in_folder() throws IOException {
        Path file = dir.resolve("a/b/out.json");

        writer.writeInFolder("--json", file, () -> Files.writeString(file, "{}"));

        assertThat(writer.failed()).isFalse();
        assertThat(Files.readString(file)).isEqualTo("{}");
    }

    @Test
    void should_not_make_the_folders_when_writing_plainly() {
        Path file = dir.resolve("missing/out.json");

        writer.write("--json", file, () -> Files.writeString(file, "{}"));

        assertThat(writer.failed()).isTrue();
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("loadtest: --json " + file + ": cannot write (")
                .contains("no such file");
    }
}
