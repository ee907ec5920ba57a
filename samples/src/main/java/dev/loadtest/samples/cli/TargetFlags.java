package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.BoundedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/** The main command's targets: the URIs given on the command line or read from the file of {@code -i}. */
final class TargetFlags {

    /** The largest -i file: a list of URIs, one a line; far more than any run needs, and no device or disk. */
    static final long MAX_INPUT_FILE_BYTES = 16L << 20;

    private TargetFlags() {
    }

    /** The URIs from the command line or -i; empty for the demo. */
    static List<String> read(CommandSpec spec, List<String> uris, Path inputFile) {
        if (!uris.isEmpty() && inputFile != null) {
            throw usage(spec, "give the URIs on the command line or with -i, not both");
        }
        if (inputFile == null) {
            return uris;
        }
        List<String> lines;
        try {
            byte[] bytes = BoundedFile.read("-i", inputFile, MAX_INPUT_FILE_BYTES);
            lines = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString().lines()
                    .toList();
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        } catch (java.nio.charset.CharacterCodingException e) {
            throw usage(spec, "-i " + inputFile + ": the file is not UTF-8 text");
        } catch (IOException | UncheckedIOException e) {
            throw usage(spec, "-i " + inputFile + ": cannot read the file (" + LoadTestCommand.describe(e) + ")");
        }
        List<String> read = new ArrayList<>();
        for (String line : lines) {
            String uri = line.strip();
            if (!uri.isEmpty() && !uri.startsWith("#")) {
                read.add(uri);
            }
        }
        if (read.isEmpty()) {
            throw usage(spec, "-i " + inputFile + ": the file has no URI");
        }
        return read;
    }

    /** A usage error for the first host of these URIs that does not resolve: before any load, one clear line. */
    static void checkResolvable(CommandSpec spec, List<String> targets) {
        Set<String> hosts = new LinkedHashSet<>();
        for (String target : targets) {
            try {
                String host = new URI(target).getHost();
                if (host != null) {
                    hosts.add(host);
                }
            } catch (java.net.URISyntaxException e) {
                // LoadTest.target says what is wrong with it
            }
        }
        for (String host : hosts) {
            try {
                InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                throw usage(spec, "cannot resolve host " + host);
            }
        }
    }
}
