package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import dev.loadtest.json.ResultJson;
import dev.loadtest.report.HtmlReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a run's report to {@code <directory>/<test class>/<method>[-<invocation>][-run<n>].txt}, and its
 * JSON and HTML twins ({@code .json} by {@link ResultJson}, {@code .html} by {@link HtmlReport}, the budgets
 * listed as the HTML report's gates).
 */
public final class ReportFiles {

    private static final Pattern INVOCATION = Pattern.compile("\\[test-template-invocation:#(\\d+)]$");

    private ReportFiles() {
    }

    /**
     * The file name, without extension, of a test's run.
     *
     * @param uniqueId the test's JUnit unique id, whose last segment tells a parameterized or repeated
     *     invocation's index
     * @param method the test method's name
     * @param run the run's number within the test
     */
    public static String baseName(String uniqueId, String method, int run) {
        StringBuilder name = new StringBuilder(method);
        Matcher m = INVOCATION.matcher(uniqueId);
        if (m.find()) {
            name.append('-').append(m.group(1));
        }
        if (run > 1) {
            name.append("-run").append(run);
        }
        return name.toString();
    }

    /**
     * Writes the report text, the JSON result and the HTML report without gates; returns the files written.
     *
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(Path directory, String testClass, String baseName, String report, Result result)
            throws IOException {
        return write(directory, testClass, baseName, report, result, List.of());
    }

    /**
     * Writes the report text, the JSON result and the HTML report, whose gates are the budgets checked;
     * returns the files written.
     *
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(Path directory, String testClass, String baseName, String report, Result result,
                                   List<LimitCheck> checks) throws IOException {
        Path dir = directory.resolve(safe(testClass));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Path text = dir.resolve(safe(baseName) + ".txt");
        Files.writeString(text, report, StandardCharsets.UTF_8);
        written.add(text);
        Path json = dir.resolve(safe(baseName) + ".json");
        ResultJson.write(result, json);
        written.add(json);
        Path html = dir.resolve(safe(baseName) + ".html");
        HtmlReport.writeWithLimits(result, checks, html);
        written.add(html);
        return written;
    }

    /** A file name part without path separators or characters some file systems refuse. */
    private static String safe(String name) {
        return name.replaceAll("[\\\\/:*?\"<>|\\p{Cntrl}]", "_");
    }
}
