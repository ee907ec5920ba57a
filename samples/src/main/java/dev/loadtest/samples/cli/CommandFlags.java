package dev.loadtest.samples.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A command's flags as the user typed them, for its rules and messages in the user's own terms: whether a flag
 * was given (a default is not), its text ({@code 500ms}, not the parsed value), and a usage error of that
 * command (picocli prints it, exit code {@value LoadTestCommand#USAGE}). Each command passes its own
 * {@code @Spec}: {@code throw usage(spec, "-i " + file + ": the file has no URI")}.
 */
final class CommandFlags {

    private CommandFlags() {
    }

    /** Whether the flag, by any of its names, is on the command line. */
    static boolean matched(CommandSpec spec, String flag) {
        return spec.commandLine().getParseResult().hasMatchedOption(flag);
    }

    /** The text given for the flag: its last occurrence, as typed. */
    static String given(CommandSpec spec, String flag) {
        List<String> values = spec.commandLine().getParseResult().matchedOption(flag).stringValues();
        return values.get(values.size() - 1);
    }

    /** A usage error of the command: one line on stderr, nothing run. */
    static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
