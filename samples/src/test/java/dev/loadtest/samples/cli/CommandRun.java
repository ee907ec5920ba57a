package dev.loadtest.samples.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What one run of the command printed and returned, run in-process with captured streams and an environment of
 * the test's own: none of the machine's variables ($GITHUB_STEP_SUMMARY on a CI runner) reaches the command, so
 * that tests may run in parallel and leave the runner's files alone.
 */
record CommandRun(int code, String out, String err) {

    /** Runs the command as {@code main} would, with stderr not a terminal (plain progress lines), no variables. */
    static CommandRun of(String... args) {
        return of(false, Map.of(), args);
    }

    /** {@link #of(String...)} with these environment variables. */
    static CommandRun withEnvironment(Map<String, String> environment, String... args) {
        return of(false, environment, args);
    }

    static CommandRun of(boolean terminal, String... args) {
        return of(terminal, Map.of(), args);
    }

    private static CommandRun of(boolean terminal, Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = LoadTestCommand.execute(args, o, e, terminal, Map.copyOf(environment)::get);
        }
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CommandRun of(List<String> args) {
        return of(args.toArray(String[]::new));
    }

    List<String> errLines() {
        return err.lines().toList();
    }
}
