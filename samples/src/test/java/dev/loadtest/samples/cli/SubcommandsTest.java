package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The subcommands are in the command's model whenever the arguments can reach one or ask for the help. */
class SubcommandsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"merge", "compare", "capacity", "scenario", "--help", "-h", "-qh", "@args.txt"})
    void should_be_reachable_from_an_argument_that_names_one_asks_for_help_or_is_an_argument_file(String arg) {
        assertThat(Subcommands.reachable(new String[] {"-c", "10", arg})).isTrue();
    }

    @Test
    void should_be_left_out_of_a_runs_arguments() {
        assertThat(Subcommands.reachable(new String[] {"--h1", "-n", "100k", "-c", "100", "-m", "10", "-D", "5s",
                "-H", "Accept: text/plain", "--json", "run.json", "-V", "http://127.0.0.1:8080/merge"})).isFalse();
    }

    @Test
    void should_list_the_subcommands_in_the_help() {
        CommandRun run = CommandRun.of("--help");

        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("merge").contains("compare").contains("capacity").contains("scenario");
    }

    @Test
    void should_run_a_subcommand_named_in_an_argument_file() throws Exception {
        Path args = Files.writeString(dir.resolve("args.txt"), "merge --help\n");

        CommandRun run = CommandRun.of("@" + args);

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("Usage: loadtest merge");
    }
}
