package dev.loadtest.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs nghttp2's {@code h2load} (Debian package nghttp2-client) and reads the summary it prints, for
 * cross-checks of our figures against the reference tool on the same server.
 *
 * <pre>{@code
 * assumeTrue(H2load.isAvailable());
 * H2load.Run run = H2load.run("--h1", "-n", "1000", "-c", "10", "http://127.0.0.1:8080/hello");
 * long ok = run.summary().succeeded();
 * }</pre>
 *
 * <p>Every run is bounded ({@link #DEFAULT_TIMEOUT} unless told otherwise); an h2load that overstays is killed.
 */
public final class H2load {

    /** How long a run may take unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private static volatile Optional<Path> executable;

    private H2load() {
    }

    /**
     * h2load's summary, numbers exactly as printed (the byte counts are the exact ones in parentheses).
     *
     * @param protocol "Application protocol:" ({@code h2c}, {@code http/1.1}, {@code h2})
     * @param requestsPerSecond from the "finished in" line
     * @param spaceSavings HPACK's header space savings, in percent as printed (two decimals)
     */
    public record Summary(String protocol, double requestsPerSecond,
                          long total, long started, long done, long succeeded, long failed, long errored,
                          long timeout,
                          long status2xx, long status3xx, long status4xx, long status5xx,
                          long trafficTotal, long trafficHeaders, long trafficData, double spaceSavings) {

        /** Responses in a status class: 2 for 2xx ... 5 for 5xx. */
        public long statusClass(int statusClass) {
            return switch (statusClass) {
                case 2 -> status2xx;
                case 3 -> status3xx;
                case 4 -> status4xx;
                case 5 -> status5xx;
                default -> throw new IllegalArgumentException("status class (" + statusClass + ") must be 2..5");
            };
        }
    }

    /**
     * One run of h2load.
     *
     * @param command the command line
     * @param exitCode its exit status
     * @param stdout what it printed, progress lines included
     * @param stderr its diagnostics
     * @param summary the parsed summary
     */
    public record Run(List<String> command, int exitCode, String stdout, String stderr, Summary summary) {

        /** stdout without the "progress: n% done" lines: the report, for the record. */
        public String report() {
            return stdout.lines().filter(l -> !l.startsWith("progress: ")).reduce((a, b) -> a + "\n" + b).orElse("");
        }
    }

    /** Whether h2load is installed (on the PATH or as /usr/bin/h2load). */
    public static boolean isAvailable() {
        return executable().isPresent();
    }

    /** Why {@link #isAvailable()} is false, for skip and failure messages. */
    public static String unavailableReason() {
        return isAvailable() ? "h2load is available (" + executable().get() + ")"
                : "h2load not found on the PATH nor as /usr/bin/h2load (Debian: apt-get install nghttp2-client)";
    }

    /** The h2load executable, if any. */
    public static Optional<Path> executable() {
        Optional<Path> found = executable;
        if (found == null) {
            synchronized (H2load.class) {
                found = executable;
                if (found == null) {
                    found = find();
                    executable = found;
                }
            }
        }
        return found;
    }

    private static Optional<Path> find() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Paths.get(dir, "h2load"));
                }
            }
        }
        candidates.add(Paths.get("/usr/bin/h2load"));
        return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst();
    }

    /** Runs h2load with these arguments, at most {@link #DEFAULT_TIMEOUT}. */
    public static Run run(String... args) {
        return run(DEFAULT_TIMEOUT, List.of(args));
    }

    /**
     * Runs h2load with these arguments and parses its summary.
     *
     * @throws IllegalStateException if h2load is missing, times out (it is then killed), exits with an error,
     *     or prints no summary; the message holds its output
     */
    public static Run run(Duration timeout, List<String> args) {
        Path h2load = executable().orElseThrow(() -> new IllegalStateException(unavailableReason()));
        List<String> command = new ArrayList<>();
        command.add(h2load.toString());
        command.addAll(args);
        Output output = exec(command, timeout);
        if (output.exitCode != 0) {
            throw new IllegalStateException(command + " exited with " + output.exitCode + ":\n"
                    + output.stdout + output.stderr);
        }
        Summary summary;
        try {
            summary = parse(output.stdout);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(command + ": " + e.getMessage() + "\n" + output.stderr, e);
        }
        return new Run(List.copyOf(command), output.exitCode, output.stdout, output.stderr, summary);
    }

    /**
     * Whether the installed h2load is this version or later, from {@code h2load --version}
     * ({@code h2load nghttp2/1.52.0}). What it counts changed over the versions (see H2loadCrossCheckTest).
     */
    public static boolean atLeast(int major, int minor) {
        Path h2load = executable().orElseThrow(() -> new IllegalStateException(unavailableReason()));
        List<String> command = List.of(h2load.toString(), "--version");
        String stdout = exec(command, Duration.ofSeconds(10)).stdout;
        Matcher m = VERSION.matcher(stdout);
        if (!m.find()) {
            throw new IllegalStateException(command + " printed no version: " + stdout);
        }
        int foundMajor = Integer.parseInt(m.group(1));
        return foundMajor > major || foundMajor == major && Integer.parseInt(m.group(2)) >= minor;
    }

    private static final Pattern VERSION = Pattern.compile("nghttp2/(\\d+)\\.(\\d+)");

    private record Output(int exitCode, String stdout, String stderr) {
    }

    /** Runs a command to its end, killed if it overstays {@code timeout}. */
    private static Output exec(List<String> command, Duration timeout) {
        Path out = null;
        Path err = null;
        try {
            // files rather than pipes: nothing to drain while waiting, whatever h2load prints
            out = Files.createTempFile("h2load-", ".out");
            err = Files.createTempFile("h2load-", ".err");
            Process process = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            process.getOutputStream().close();
            boolean finished;
            try {
                finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while running " + command, e);
            }
            if (!finished) {
                process.destroyForcibly();
                try {
                    process.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException(command + " did not finish within " + timeout
                        + " and was killed; output so far:\n" + read(out) + read(err));
            }
            return new Output(process.exitValue(), read(out), read(err));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static final Pattern PROTOCOL = Pattern.compile("(?m)^Application protocol: (\\S+)\\s*$");
    private static final Pattern FINISHED = Pattern.compile("(?m)^finished in [^,]+, ([0-9.]+) req/s");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^requests: (\\d+) total, (\\d+) started, (\\d+) done,"
            + " (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout\\s*$");
    private static final Pattern STATUS = Pattern.compile(
            "(?m)^status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx\\s*$");
    private static final Pattern TRAFFIC = Pattern.compile("(?m)^traffic: \\S+ \\((\\d+)\\) total, \\S+ \\((\\d+)\\)"
            + " headers \\(space savings ([0-9.]+)%\\), \\S+ \\((\\d+)\\) data\\s*$");

    /**
     * Parses the summary of h2load's output (nghttp2 1.4x to 1.6x layouts: the lines read are the same).
     *
     * @throws IllegalArgumentException naming the line that is missing, with the output
     */
    public static Summary parse(String stdout) {
        Matcher protocol = find(PROTOCOL, stdout, "Application protocol");
        Matcher finished = find(FINISHED, stdout, "finished in");
        Matcher requests = find(REQUESTS, stdout, "requests");
        Matcher status = find(STATUS, stdout, "status codes");
        Matcher traffic = find(TRAFFIC, stdout, "traffic");
        return new Summary(protocol.group(1), Double.parseDouble(finished.group(1)),
                n(requests, 1), n(requests, 2), n(requests, 3), n(requests, 4), n(requests, 5), n(requests, 6),
                n(requests, 7),
                n(status, 1), n(status, 2), n(status, 3), n(status, 4),
                n(traffic, 1), n(traffic, 2), n(traffic, 4), Double.parseDouble(traffic.group(3)));
    }

    private static Matcher find(Pattern pattern, String text, String line) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("no \"" + line + "\" line in h2load's output:\n" + text);
        }
        return m;
    }

    private static long n(Matcher m, int group) {
        return Long.parseLong(m.group(group));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // a leftover temp file must not fail a test
            }
        }
    }
}
