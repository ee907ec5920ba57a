package dev.loadtest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads a file a user named (a request body, a list of URIs, a feeder's rows) with a bound on its size, so that
 * a device ({@code /dev/zero}), a pipe or a huge file given by mistake ends in a message that names the file and
 * the bound, not in an {@code OutOfMemoryError}. {@link LoadTest.Builder#body(Path)} reads its file so; a tool
 * built on the library reads the files its users name the same way, with the same messages.
 *
 * <pre>{@code
 * byte[] uris = BoundedFile.read("-i", Path.of("uris.txt"), 16 << 20);
 *         // a directory: "-i (uris.txt) must be a regular file, not a directory"
 *         // too large:   "-i (uris.txt) is 20971520 bytes: at most 16 MiB"
 * }</pre>
 */
public final class BoundedFile {

    private BoundedFile() {
    }

    /**
     * Refuses a file that exists but is not a regular file, or whose size is over the bound. A missing file is
     * left for the read to report.
     *
     * @param what the parameter's name for messages, e.g. {@code "body file"}
     * @throws IllegalArgumentException naming the parameter, the file and the rule
     */
    public static void check(String what, Path file, long maxBytes) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);   // follows links
        } catch (IOException e) {
            return;
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException(what + " (" + file + ") must be a regular file, not "
                    + (attributes.isDirectory() ? "a directory" : "a device, pipe or socket"));
        }
        if (attributes.size() > maxBytes) {
            throw new IllegalArgumentException(what + " (" + file + ") is " + attributes.size() + " bytes: at most "
                    + bytes(maxBytes));
        }
    }

    /**
     * The file's bytes, read only up to the bound: a file whose size the system does not know in advance
     * ({@code /proc}) or that grows while read is refused once it passes it.
     *
     * @throws IllegalArgumentException if the file is over the bound
     * @throws IOException if it cannot be read
     */
    public static byte[] read(String what, Path file, long maxBytes) throws IOException {
        check(what, file, maxBytes);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw new IllegalArgumentException(what + " (" + file + ") is larger than " + bytes(maxBytes)
                        + ": at most " + bytes(maxBytes));
            }
            return bytes;
        }
    }

    /** {@code 64 MiB}, {@code 1 MiB}, or a count of bytes. */
    static String bytes(long n) {
        return n % (1L << 20) == 0 ? (n >> 20) + " MiB" : n % 1024 == 0 ? (n >> 10) + " KiB" : n + " bytes";
    }

    /** Why a file could not be read, in words: "no such file", "permission denied", or the system's own message. */
    public static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
