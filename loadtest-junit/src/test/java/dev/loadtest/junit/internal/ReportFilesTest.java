package dev.loadtest.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.junit.testing.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {

    @Test
    void should_name_a_file_after_the_method_the_invocation_and_the_run() {
        String plain = "[engine:junit-jupiter]/[class:a.FooTest]/[method:checkout(dev.loadtest.junit.LoadTester)]";
        String invocation = "[engine:junit-jupiter]/[class:a.FooTest]/[test-template:each(int)]"
                + "/[test-template-invocation:#12]";

        assertThat(ReportFiles.baseName(plain, "checkout", 1)).isEqualTo("checkout");
        assertThat(ReportFiles.baseName(plain, "checkout", 2)).isEqualTo("checkout-run2");
        assertThat(ReportFiles.baseName(invocation, "each", 1)).isEqualTo("each-12");
        assertThat(ReportFiles.baseName(invocation, "each", 3)).isEqualTo("each-12-run3");
    }

    @Test
    void should_write_the_text_under_the_class_directory(@TempDir Path dir) throws IOException {
        var written = ReportFiles.write(dir, "a.FooTest$Inner", "checkout", "the report", Results.result().build());

        assertThat(written.get(0)).isEqualTo(dir.resolve("a.FooTest$Inner").resolve("checkout.txt"));
        assertThat(Files.readString(written.get(0))).isEqualTo("the report");
        assertThat(written).hasSize(ReportFiles.writesJson() ? 2 : 1);
    }
}
