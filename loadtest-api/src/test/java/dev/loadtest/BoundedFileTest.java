package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BoundedFileTest {

    @Test
    void should_read_a_file_within_its_bound(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("uris.txt"), "http://127.0.0.1/\n");

        assertThat(BoundedFile.read("-i", file, 18)).hasSize(18);
    }

    @Test
    void should_refuse_a_file_over_its_bound_naming_the_parameter_the_file_and_the_bound(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("uris.txt");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength((16L << 20) + 1);   // sparse: no disk used
        }

        assertThatThrownBy(() -> BoundedFile.read("-i", file, 16L << 20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-i (" + file + ") is 16777217 bytes: at most 16 MiB");
    }

    @Test
    void should_refuse_what_is_not_a_regular_file(@TempDir Path dir) {
        assertThatThrownBy(() -> BoundedFile.check("body file", dir, 1024)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("body file (" + dir + ") must be a regular file, not a directory");
    }

    @Test
    void should_leave_a_missing_file_to_the_read_and_say_why_it_failed(@TempDir Path dir) {
        Path missing = dir.resolve("missing");
        BoundedFile.check("body file", missing, 1024);

        assertThatThrownBy(() -> BoundedFile.read("body file", missing, 1024)).isInstanceOfSatisfying(
                NoSuchFileException.class, e -> assertThat(BoundedFile.describe(e)).isEqualTo("no such file"));
    }
}
