package dev.loadtest.samples.cli;

import java.time.Duration;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/** The main command's scale-out flags: which shard of a run over several processes this is, and when it starts. */
final class ShardOptions {
    @Option(names = "--shard", paramLabel = "I/N", showDefaultValue = Visibility.NEVER,
            description = "Runs shard I (0-based, 0 .. N-1) of a run split over N processes: -c, -n, -R, "
                    + "--rps and stages are the whole run's and are divided (client i belongs to shard i %% N). "
                    + "Merge the shards' --json files with loadtest merge.")
    String shard;

    @Option(names = "--shards", paramLabel = "N", converter = Syntax.IntConverter.class,
            showDefaultValue = Visibility.NEVER,
            description = "Runs shard $JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job) of N.")
    Integer shards;

    @Option(names = "--start-at", paramLabel = "EPOCH_SECONDS", showDefaultValue = Visibility.NEVER,
            description = "Starts at this wall-clock time (seconds since 1970, UTC; e.g. $(date -d '+1 min' +%%s)) "
                    + "so the shards start together; at most 1 h ahead.")
    String startAt;

    @Option(names = "--start-delay", paramLabel = "DURATION", converter = Syntax.DurationConverter.class,
            showDefaultValue = Visibility.NEVER,
            description = "Starts after this delay (at most 1h), rounded up to the next whole second of the "
                    + "wall clock, so shards started within the same second line up.")
    Duration startDelay;
}
