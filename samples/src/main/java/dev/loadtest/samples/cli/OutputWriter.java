package dev.loadtest.samples.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a command's output files once its work is done, with the one rule every command keeps for them: a
 * file that fails is said in one line on stderr ({@code loadtest: --json out.json: cannot write (why)}), the
 * other files are still written, and {@link #failed()} tells the command to say so in its exit code (each
 * command has its own code for it).
 *
 * <p>The check before the work, that each output can be written at all, is {@link OutputFiles}'.
 */
final class OutputWriter {

    /** Writes one file's content. */
    interface Content {
        void write() throws IOException;
    }

    private final PrintStream err;
    private boolean failed;

    OutputWriter(PrintStream err) {
        this.err = err;
    }

    /** Writes the file given with this option; {@code null} (the option not given) writes nothing. */
    OutputWriter write(String option, Path file, Content content) {
        if (file == null) {
            return this;
        }
        try {
            content.write();
        } catch (IOException | RuntimeException e) {
            err.println("loadtest: " + option + " " + file + ": cannot write (" + LoadTestCommand.describe(e) + ")");
            failed = true;
        }
        return this;
    }

    /**
     * As {@link #write}, making the file's folders first: for the outputs no {@link OutputFiles} check made them
     * before the work. A folder that cannot be made is that file's failure.
     */
    OutputWriter writeInFolder(String option, Path file, Content content) {
        return write(option, file, () -> {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            content.write();
        });
    }

    /** Whether a file failed (and was said on stderr). */
    boolean failed() {
        return failed;
    }
}
