package dev.loadtest.samples.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** What one run of the command printed and returned, run in-process with captured streams. */
record CommandRun(int code, String out, String err) {

    /** Runs the command as {@code main} would, with stderr not a terminal (plain progress lines). */
    static CommandRun of(String... args) {
        return of(false, args);
    }

    static CommandRun of(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = LoadTestCommand.execute(args, o, e, terminal);
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
