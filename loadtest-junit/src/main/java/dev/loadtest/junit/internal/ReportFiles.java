package dev.loadtest.junit.internal;

import dev.loadtest.Result;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a run's report to {@code <directory>/<test class>/<method>[-<invocation>][-run<n>].txt}, and its
 * JSON and HTML twins ({@code .json}, {@code .html}, the budgets listed as the HTML report's gates) when
 * loadtest-core, which holds both formats, is there.
 *
 * <p>The writers are looked up by name ({@code dev.loadtest.json.ResultJson.write(Result, Path)},
 * {@code dev.loadtest.report.HtmlReport.write(Result, List, Path)}) because this module depends on the engine
 * at run time only, and a user may run another engine without it.
 */
public final class ReportFiles {

    private static final Pattern INVOCATION = Pattern.compile("\\[test-template-invocation:#(\\d+)]$");
    private static final Method JSON_WRITER = jsonWriter();
    private static final Method HTML_WRITER = htmlWriter();
    private static final Constructor<?> GATE = gate();

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

    /** Whether {@code .json} files are written: the engine's JSON format is on the class path. */
    public static boolean writesJson() {
        return JSON_WRITER != null;
    }

    /** Whether {@code .html} files are written: the engine's HTML report is on the class path. */
    public static boolean writesHtml() {
        return HTML_WRITER != null && GATE != null;
    }

    /**
     * Writes the report text and, when available, the JSON result and the HTML report without gates;
     * returns the files written.
     *
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(Path directory, String testClass, String baseName, String report, Result result)
            throws IOException {
        return write(directory, testClass, baseName, report, result, List.of());
    }

    /**
     * Writes the report text and, when available, the JSON result and the HTML report, whose gates are the
     * budgets checked; returns the files written.
     *
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(Path directory, String testClass, String baseName, String report, Result result,
                                   List<Check> checks) throws IOException {
        Path dir = directory.resolve(safe(testClass));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Path text = dir.resolve(safe(baseName) + ".txt");
        Files.writeString(text, report, StandardCharsets.UTF_8);
        written.add(text);
        Optional<Path> json = writeJson(dir.resolve(safe(baseName) + ".json"), result);
        json.ifPresent(written::add);
        Optional<Path> html = writeHtml(dir.resolve(safe(baseName) + ".html"), result, checks);
        html.ifPresent(written::add);
        return written;
    }

    private static Optional<Path> writeHtml(Path file, Result result, List<Check> checks) throws IOException {
        if (!writesHtml()) {
            return Optional.empty();
        }
        try {
            List<Object> gates = new ArrayList<>(checks.size());
            for (Check c : checks) {
                gates.add(GATE.newInstance(c.budget(), c.required(), c.actual(), c.met()));
            }
            HTML_WRITER.invoke(null, result, List.copyOf(gates), file);
            return Optional.of(file);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot write " + file + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IOException("cannot write " + file + ": " + e, e);
        }
    }

    private static Optional<Path> writeJson(Path file, Result result) throws IOException {
        if (JSON_WRITER == null) {
            return Optional.empty();
        }
        try {
            JSON_WRITER.invoke(null, result, file);
            return Optional.of(file);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot write " + file + ": " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IOException("cannot write " + file + ": " + e, e);
        }
    }

    /** A file name part without path separators or characters some file systems refuse. */
    private static String safe(String name) {
        return name.replaceAll("[\\\\/:*?\"<>|\\p{Cntrl}]", "_");
    }

    private static Method htmlWriter() {
        try {
            Class<?> html = Class.forName("dev.loadtest.report.HtmlReport", true, ReportFiles.class.getClassLoader());
            return html.getMethod("write", Result.class, List.class, Path.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    private static Constructor<?> gate() {
        try {
            Class<?> gate = Class.forName("dev.loadtest.report.GateOutcome", true, ReportFiles.class.getClassLoader());
            return gate.getConstructor(String.class, String.class, String.class, boolean.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    private static Method jsonWriter() {
        try {
            Class<?> json = Class.forName("dev.loadtest.json.ResultJson", true, ReportFiles.class.getClassLoader());
            return json.getMethod("write", Result.class, Path.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
