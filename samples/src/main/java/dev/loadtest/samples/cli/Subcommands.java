package dev.loadtest.samples.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command's subcommands ({@code merge}, {@code compare}, {@code capacity}, {@code scenario}), added to its
 * model only when the arguments may reach one or ask for the help that lists them. Picocli builds the model of
 * a command and of every subcommand, by reflection over each annotated field of each option group, when the
 * {@link CommandLine} is made: the four subcommands took half of the profile samples of {@code loadtest --version},
 * and leaving them out saves a run 0.06-0.18 CPU-s of its start (issue 15; bench/README.md, "startup.sh"), where a
 * load test run uses none of them.
 *
 * <p>Adding them is the rule, leaving them out the exception: any argument that names one, asks for help
 * ({@code --help}, {@code -h} alone or in a cluster of short options) or is an argument file ({@code @file},
 * which picocli expands, and which may name one) adds all four. What is left is a run's arguments: with the
 * URIs taking any number of positional arguments, picocli reads them the same with or without subcommands.
 */
final class Subcommands {

    private static final List<Class<?>> ALL =
            List.of(MergeCommand.class, CompareCommand.class, CapacityCommand.class, ScenarioCommand.class);

    private Subcommands() {
    }

    /** Adds the subcommands to {@code commandLine} unless {@code args} can reach none of them nor ask for help. */
    static void addIfReachable(CommandLine commandLine, String[] args) {
        if (reachable(args)) {
            for (Class<?> subcommand : ALL) {
                commandLine.addSubcommand(subcommand);
            }
        }
    }

    /** Whether these arguments may name a subcommand or ask for the help that lists them (see the class). */
    static boolean reachable(String[] args) {
        for (String arg : args) {
            if (arg.startsWith("@") || arg.equals("--help") || isShortCluster(arg) && arg.indexOf('h') > 0
                    || names(arg)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isShortCluster(String arg) {
        return arg.startsWith("-") && !arg.startsWith("--");
    }

    private static boolean names(String arg) {
        for (Class<?> subcommand : ALL) {
            Command command = subcommand.getAnnotation(Command.class);
            if (command.name().equals(arg) || List.of(command.aliases()).contains(arg)) {
                return true;
            }
        }
        return false;
    }
}
