package dev.loadtest.samples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/**
 * What each request is: headers, body, method, and the URIs from a file; shared by the main command and {@code
 * capacity}.
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

    @Option(names = {"-i", "--input-file"}, paramLabel = "FILE",
            description = "Reads the URIs from a file (at most 16 MiB), one a line (blank lines and # comments "
                    + "skipped), instead of the command line.")
    Path inputFile;
}
