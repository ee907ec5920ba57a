package dev.loadtest.samples.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;

/** Parses a command line of the command (no run) and returns its {@code --shard} as {index, count}. */
public final class ShardArguments {

    private ShardArguments() {
    }

    public static List<Integer> parse(List<String> args) {
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        LoadTestCommand command = new LoadTestCommand(none, none, false, name -> null);
        new CommandLine(command).parseArgs(args.toArray(String[]::new));   // throws on a bad option or value
        String[] parts = command.shard.shard.split("/");
        return List.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }
}
