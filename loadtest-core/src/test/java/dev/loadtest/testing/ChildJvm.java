package dev.loadtest.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Runs a main class in a child JVM on a class path made from this JVM's (filtered) plus extra entries, and
 * collects its exit code, stdout and stderr. Bounded: a child still running after the timeout is killed.
 */
public final class ChildJvm {

    /** What the child did. */
    public record Outcome(int exitCode, String stdout, String stderr) {
    }

    private ChildJvm() {
    }

    /** This JVM's class path entries that pass {@code keep}. */
    public static List<String> classPath(Predicate<String> keep) {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank() && keep.test(entry)) {
                entries.add(entry);
            }
        }
        return entries;
    }

    public static Outcome run(List<String> classPath, String mainClass, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        return run(List.of(), classPath, mainClass, timeoutSeconds, args);
    }

    /** As {@link #run(List, String, long, String...)}, with JVM options ({@code -Dname=value}...) before the class. */
    public static Outcome run(List<String> jvmOptions, List<String> classPath, String mainClass, long timeoutSeconds,
            String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("child-out", ".txt");
        Path err = Files.createTempFile("child-err", ".txt");
        try {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmOptions);
            command.add("-cp");
            command.add(String.join(File.pathSeparator, classPath));
            command.add(mainClass);
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command)
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("the child JVM (" + mainClass + ") did not end within " + timeoutSeconds
                        + " s; stderr: " + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
