package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.junit.testing.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        assertThat(written).extracting(f -> f.getFileName().toString())
                .containsExactly("checkout.txt", "checkout.json", "checkout.html");
    }

    @Test
    void should_write_the_html_report_with_the_budgets_as_gates(@TempDir Path dir) throws IOException {
        List<LimitCheck> checks = List.of(new LimitCheck("p99 response time", "<= 25ms", "31.42ms", false),
                new LimitCheck("error rate", "<= 1%", "0% (0 of 10 requests failed)", true));

        var written = ReportFiles.write(dir, "a.FooTest", "checkout", "the report", Results.result().build(), checks);

        Path html = dir.resolve("a.FooTest").resolve("checkout.html");
        assertThat(written).contains(html);
        assertThat(Files.readString(html)).contains("breached</span> 1 of 2 gates.")
                .contains("<tr class=\"gate-fail\"><th scope=\"row\">p99 response time</th><td>&lt;= 25ms</td>"
                        + "<td>31.42ms</td><td class=\"gate-result\">fail</td></tr>")
                .contains("<tr class=\"gate-pass\"><th scope=\"row\">error rate</th>");
    }
}
