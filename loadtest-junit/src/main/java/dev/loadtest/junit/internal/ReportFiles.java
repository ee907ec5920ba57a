package dev.loadtest.junit.internal;

import dev.loadtest.Result;
import java.io.IOException;
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
 * JSON twin when the engine's JSON format is on the class path.
 *
 * <p>The JSON writer is looked up by name ({@code dev.loadtest.json.ResultJson.write(Result, Path)}) because
 * this module depends on the engine at run time only, and a user may run another engine without it.
 */
public final class ReportFiles {

    private static final Pattern INVOCATION = Pattern.compile("\\[test-template-invocation:#(\\d+)]$");
    private static final Method JSON_WRITER = jsonWriter();

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

    /**
     * Writes the report text and, when available, the JSON result; returns the files written.
     *
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(Path directory, String testClass, String baseName, String report, Result result)
            throws IOException {
        Path dir = directory.resolve(safe(testClass));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Path text = dir.resolve(safe(baseName) + ".txt");
        Files.writeString(text, report, StandardCharsets.UTF_8);
        written.add(text);
        Optional<Path> json = writeJson(dir.resolve(safe(baseName) + ".json"), result);
        json.ifPresent(written::add);
        return written;
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

    private static Method jsonWriter() {
        try {
            Class<?> json = Class.forName("dev.loadtest.json.ResultJson", true, ReportFiles.class.getClassLoader());
            return json.getMethod("write", Result.class, Path.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
