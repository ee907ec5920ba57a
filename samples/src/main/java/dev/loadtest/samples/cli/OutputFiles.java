package dev.loadtest.samples.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command's rule for the files it writes, checked before any load is sent (or any result merged), so that
 * a mistake costs a second, not a run: each output can be created or written, and no two name the same file,
 * nor does an output name a file the command reads (a request body, a list of URIs, a result to merge), which
 * it would overwrite.
 *
 * <p>"Can be written" is proved, not guessed from permission bits (which say yes to root under {@code /proc}):
 * a missing file is created and removed again, an existing one opened for writing without being truncated.
 * Besides regular files, a pipe ({@code /dev/stdout} piped, {@code >(gzip > f)}), a terminal and
 * {@code /dev/null} are accepted; other devices are not files a report can be written to ({@code /dev/full}
 * fails every write, {@code /dev/zero} and disks are no place for one).
 */
final class OutputFiles {

    /** File type bits of {@code unix:mode} (POSIX {@code S_IFMT}, {@code S_IFCHR}). */
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;

    private final Map<String, Path> outputs = new LinkedHashMap<>();
    private final Map<String, Path> inputs = new LinkedHashMap<>();

    /** An output file given with this flag; {@code null} (not given) is skipped. */
    OutputFiles output(String flag, Path file) {
        if (file != null) {
            outputs.put(flag, file);
        }
        return this;
    }

    /** A file the command reads, named by this flag (or "merge input"); {@code null} is skipped. */
    OutputFiles input(String name, Path file) {
        if (file != null) {
            inputs.put(name, file);
        }
        return this;
    }

    /**
     * Checks the rule; creates the outputs' folders.
     *
     * @throws IllegalArgumentException naming the flag, the file and what is wrong, in one line
     */
    void check() {
        List<Map.Entry<String, Path>> seen = new ArrayList<>();
        for (Map.Entry<String, Path> input : inputs.entrySet()) {
            seen.add(Map.entry(input.getKey(), identity(input.getValue())));
        }
        int firstOutput = seen.size();
        for (Map.Entry<String, Path> output : outputs.entrySet()) {
            String flag = output.getKey();
            Path file = output.getValue();
            checkWritable(flag, file);
            if (isSpecial(file)) {
                continue;   // /dev/null or a pipe may take several outputs
            }
            Path same = identity(file);
            for (int i = 0; i < seen.size(); i++) {
                if (seen.get(i).getValue().equals(same)) {
                    String other = seen.get(i).getKey();
                    throw new IllegalArgumentException(flag + " " + file + ": names the same file as " + other
                            + (i < firstOutput ? ", which would be overwritten: write the output elsewhere"
                            : ": give each output its own file"));
                }
            }
            seen.add(Map.entry(flag, same));
        }
    }

    private static void checkWritable(String flag, Path file) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(flag + " " + file + ": is a directory");
        }
        Path parent = file.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(flag + " " + file + ": cannot create its directory ("
                    + LoadTestCommand.describe(e) + ")");
        }
        if (Files.exists(file)) {
            if (isCharacterDevice(file) && !isSpecial(file)) {
                throw new IllegalArgumentException(flag + " " + file + ": is a device, not a file: write to a file, a "
                        + "pipe, a terminal or /dev/null");
            }
            // opened, not truncated: a file the run then fails to replace keeps its old content
            try (FileChannel ignored = FileChannel.open(file, StandardOpenOption.WRITE)) {
                return;
            } catch (IOException | UnsupportedOperationException e) {
                throw new IllegalArgumentException(flag + " " + file + ": the file is not writable ("
                        + LoadTestCommand.describe(e) + ")");
            }
        }
        try {
            Files.createFile(file);
            Files.delete(file);
        } catch (FileAlreadyExistsException raced) {
            // created meanwhile by someone else: it exists, which is all this check asks
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException(flag + " " + file + ": cannot create the file ("
                    + LoadTestCommand.describe(e) + ")");
        }
    }

    /** The file itself, whatever the path's links, dots and case: two paths to one file compare equal. */
    private static Path identity(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException missing) {
            Path absolute = file.toAbsolutePath().normalize();
            Path parent = absolute.getParent();
            try {
                return parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
            } catch (IOException e) {
                return absolute;
            }
        }
    }

    /** {@code /dev/null}, a terminal or a pipe: takes any number of writes, and is not a file to keep. */
    private static boolean isSpecial(Path file) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            return false;
        }
        if (Files.isRegularFile(real) || Files.isDirectory(real)) {
            return false;
        }
        if (!isCharacterDevice(real)) {
            return true;   // a pipe or a socket
        }
        String name = real.toString();
        return name.equals("/dev/null") || name.equals("/dev/tty") || name.startsWith("/dev/pts/")
                || name.startsWith("/dev/tty") || name.equals("/dev/console");
    }

    private static boolean isCharacterDevice(Path file) {
        try {
            Object mode = Files.getAttribute(file, "unix:mode");
            return mode instanceof Integer m && (m & S_IFMT) == S_IFCHR;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no unix view (not Linux or macOS): any existing non-file is taken as writable, as before
            return false;
        }
    }
}
