package dev.loadtest.samples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/**
 * What each request is: headers, body, method, the URIs from a file, and the templates' feed and seed; shared by
 * the main command and {@code capacity}. Placeholders ({@code {{seq}}}, {@code {{client}}}, {@code {{uuid}}},
 * {@code {{randomInt A B}}}, {@code {{COLUMN}}}) in the URI, a header value or the body file make each request
 * from a template ({@link RequestTemplates}).
 */
final class RequestOptions {
    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'", showDefaultValue = Visibility.NEVER,
            description = "Adds a request header; repeatable. Credential values are redacted in every report.")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-d", "--data"}, paramLabel = "FILE",
            description = "Sends the file (at most 64 MiB) as the request body; the method becomes POST.")
    Path data;

    @Option(names = "--method", paramLabel = "METHOD",
            description = "The request method. Default: GET, or POST with -d.")
    String method;

    @Option(names = "--feed", paramLabel = "FILE",
            description = "Rows for the templates' {{COLUMN}} placeholders: a CSV file (a header row names the "
                    + "columns) or JSON Lines (.jsonl, .ndjson), read through once before the run.")
    Path feed;

    @Option(names = "--feed-order", paramLabel = "ORDER",
            description = "Which row each request takes: circular (the default: round and round), in-order (each "
                    + "row once; the run ends when they run out) or random (drawn with the seed). Each shard of a "
                    + "sharded run takes its own rows.")
    String feedOrder;

    /**
     * The run's seed, not a flag of this group: the main command's {@code --seed} is declared once, by the baseline
     * comparison's options, and seeds both (see {@link ComparisonOptions#seed}); the command copies it here.
     */
    Long seed;

    /**
     * Not a flag: set by {@link RequestTemplates} when the URI, a header or the body has a placeholder, so that
     * the request's flags went into a template source rather than onto the builder.
     */
    boolean templated;

    @Option(names = {"-i", "--input-file"}, paramLabel = "FILE",
            description = "Reads the URIs from a file (at most 16 MiB), one a line (blank lines and # comments "
                    + "skipped), instead of the command line.")
    Path inputFile;
}
