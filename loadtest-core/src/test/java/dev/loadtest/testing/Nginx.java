package dev.loadtest.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real nginx, started as a child process for cross-checks against h2load on the same server.
 *
 * <pre>{@code
 * assumeTrue(Nginx.isAvailable());
 * try (Nginx nginx = Nginx.start()) {
 *     Result r = LoadTest.target(nginx.h2c("/hello")).protocol(Protocol.HTTP_2).requests(100).run();
 * }
 * }</pre>
 *
 * <p>Each instance has its own temporary directory holding the configuration, the document root, the pid
 * file, the error log and nginx's temp paths; nothing outside it is written. One process
 * ({@code master_process off}: no worker to orphan, no user switch when run as root, so the private
 * temporary directory stays readable), one worker's worth of event loop, access log off.
 *
 * <p>Two listeners on 127.0.0.1, free ports chosen at start: plain HTTP/1.1 ({@link #http1(String)}) and
 * cleartext HTTP/2 with prior knowledge ({@link #h2c(String)}, what h2load and {@code Protocol.HTTP_2} over
 * {@code http} speak). Files served:
 * <ul>
 *   <li>{@code /hello}: {@code "Hello, World!\n"} (14 bytes)</li>
 *   <li>{@code /1k}: 1024 bytes, {@code /100k}: 102400 bytes; byte i is {@code 'a' + i % 26}</li>
 *   <li>{@code /trailers}: the body of {@code /hello} followed by the trailer field {@link #TRAILER}
 *       (chunked over HTTP/1.1, a second HEADERS frame over HTTP/2)</li>
 * </ul>
 *
 * <p>Ports are found free and then handed to nginx, so another process may take one in between: start
 * tries again with other ports when nginx reports that a bind failed. Readiness is checked by fetching a
 * random token file over both listeners ({@link RawHttp1}, {@link RawH2c}), so a port that some other server
 * holds is never mistaken for ours.
 *
 * <p>Over 400 lines: one child process's whole life (the installation and what it can do, its configuration
 * and documents, a start that retries when a port is taken in between, the readiness probe, the stop and the
 * clean-up), whose parts share the instance's directory, ports and process.
 */
public final class Nginx implements AutoCloseable {

    /** The body of {@code /hello}. */
    public static final String HELLO = "Hello, World!\n";
    /** The trailer field of {@code /trailers}. */
    public static final String TRAILER = "X-Checksum: abc123";

    private static final String HOST = "127.0.0.1";
    private static final int START_ATTEMPTS = 5;
    /** nginx itself retries a failed bind 5 times, 500 ms apart, before giving up: leave room for that. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern VERSION = Pattern.compile("nginx/(\\d+)\\.(\\d+)\\.(\\d+)");

    private static volatile Optional<Installation> installation;

    private final Path directory;
    private final Process process;
    private final int http1Port;
    private final int h2cPort;
    private final Thread shutdownHook;
    private boolean closed;

    private Nginx(Path directory, Process process, int http1Port, int h2cPort) {
        this.directory = directory;
        this.process = process;
        this.http1Port = http1Port;
        this.h2cPort = h2cPort;
        // A JVM that exits without close() (a crashed test run) must not leave nginx holding ports.
        this.shutdownHook = new Thread(process::destroyForcibly, "nginx-fixture-reaper");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    // ------------------------------------------------------------------ availability

    /** The nginx executable and what it can do. */
    private record Installation(Path executable, int[] version, boolean http2) {
        boolean atLeast(int major, int minor, int patch) {
            return Arrays.compare(version, new int[] {major, minor, patch}) >= 0;
        }
    }

    /** Whether an nginx with the HTTP/2 module is installed (on the PATH or in /usr/sbin). */
    public static boolean isAvailable() {
        return installation().map(Installation::http2).orElse(false);
    }

    /** Why {@link #isAvailable()} is false, for skip and failure messages. */
    public static String unavailableReason() {
        Optional<Installation> found = installation();
        if (found.isEmpty()) {
            return "nginx not found on the PATH nor as /usr/sbin/nginx (Debian: apt-get install nginx-light)";
        }
        return found.get().http2() ? "nginx is available (" + found.get().executable() + ")"
                : found.get().executable() + " was built without the HTTP/2 module (--with-http_v2_module)";
    }

    /** The nginx executable used, if any. */
    public static Optional<Path> executable() {
        return installation().map(Installation::executable);
    }

    private static Optional<Installation> installation() {
        Optional<Installation> found = installation;
        if (found == null) {
            synchronized (Nginx.class) {
                found = installation;
                if (found == null) {
                    found = findInstallation();
                    installation = found;
                }
            }
        }
        return found;
    }

    private static Optional<Installation> findInstallation() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Paths.get(dir, "nginx"));
                }
            }
        }
        candidates.add(Paths.get("/usr/sbin/nginx"));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                try {
                    // "nginx -V" prints the version and the configure arguments (on stderr)
                    String out = runBounded(List.of(candidate.toString(), "-V"), Duration.ofSeconds(10));
                    Matcher m = VERSION.matcher(out);
                    if (!m.find()) {
                        continue;
                    }
                    int[] version = {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                            Integer.parseInt(m.group(3))};
                    return Optional.of(new Installation(candidate, version, out.contains("--with-http_v2_module")));
                } catch (IOException e) {
                    // not runnable: try the next candidate
                }
            }
        }
        return Optional.empty();
    }

    private static String runBounded(List<String> command, Duration timeout) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            p.getOutputStream().close();
            // -V output is a few hundred bytes: it fits the pipe, so reading after the wait cannot block
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(command + " did not finish within " + timeout);
            }
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while running " + command, e);
        }
    }

    // ------------------------------------------------------------------ start

    /**
     * Starts nginx on two free loopback ports and waits until both listeners serve this instance's files.
     *
     * @throws IllegalStateException if nginx is not available or does not start (the message holds its log)
     */
    public static Nginx start() {
        return start(100_000_000);
    }

    /**
     * {@link #start()} with nginx closing each connection after {@code keepaliveRequests} requests
     * (HTTP/1.1: {@code Connection: close}; HTTP/2: GOAWAY), to test reconnection.
     */
    public static Nginx start(int keepaliveRequests) {
        Installation nginx = installation().filter(Installation::http2)
                .orElseThrow(() -> new IllegalStateException(unavailableReason()));
        Path directory;
        try {
            directory = Files.createTempDirectory("loadtest-nginx-");
            writeDocuments(directory.resolve("www"));
            Files.createDirectories(directory.resolve("temp"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the nginx directory", e);
        }
        String token = UUID.randomUUID().toString();
        List<String> failures = new ArrayList<>();
        try {
            Files.writeString(directory.resolve("www").resolve("fixture-token"), token);
            for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
                int[] ports = freePorts(2);
                Files.writeString(directory.resolve("nginx.conf"), config(nginx, directory, ports[0], ports[1], keepaliveRequests));
                Path output = directory.resolve("nginx-" + attempt + ".out");
                List<String> command = new ArrayList<>(List.of(nginx.executable().toString(),
                        "-p", directory + "/", "-c", directory.resolve("nginx.conf").toString()));
                if (nginx.atLeast(1, 19, 5)) {
                    // the error log before the configuration is read (the default may be unwritable)
                    command.addAll(List.of("-e", directory.resolve("error.log").toString()));
                }
                Process process = new ProcessBuilder(command)
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .start();
                process.getOutputStream().close();
                Startup outcome = awaitReady(process, ports[0], ports[1], token);
                if (outcome == Startup.READY) {
                    return new Nginx(directory, process, ports[0], ports[1]);
                }
                stop(process);
                String log = log(directory, output);
                failures.add("attempt " + attempt + " on ports " + ports[0] + "/" + ports[1] + ": " + outcome
                        + "\n" + log);
                if (outcome == Startup.EXITED && !log.contains("bind()")) {
                    break; // not a port race: trying again would fail the same way
                }
            }
        } catch (IOException e) {
            deleteTree(directory);
            throw new UncheckedIOException("cannot start nginx", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deleteTree(directory);
            throw new IllegalStateException("interrupted while starting nginx", e);
        }
        deleteTree(directory);
        throw new IllegalStateException("nginx did not start:\n" + String.join("\n", failures));
    }

    private enum Startup { READY, EXITED, TIMED_OUT }

    private static Startup awaitReady(Process process, int http1Port, int h2cPort, String token)
            throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        byte[] expected = token.getBytes(StandardCharsets.US_ASCII);
        boolean http1Ready = false;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return Startup.EXITED;
            }
            try {
                // Another server on one of our ports answers, but never with our token.
                if (!http1Ready) {
                    http1Ready = Arrays.equals(expected,
                            RawHttp1.get(URI.create("http://" + HOST + ":" + http1Port + "/fixture-token")));
                }
                if (http1Ready && Arrays.equals(expected,
                        RawH2c.get(URI.create("http://" + HOST + ":" + h2cPort + "/fixture-token")))) {
                    return process.isAlive() ? Startup.READY : Startup.EXITED;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(20);
        }
        return Startup.TIMED_OUT;
    }

    private static int[] freePorts(int count) throws IOException {
        // all open at once, so they are distinct
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST));
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static String config(Installation nginx, Path dir, int http1Port, int h2cPort, int keepaliveRequests) {
        String temp = dir.resolve("temp").toString();
        // "listen ... http2" is deprecated from 1.25.1 on, in favour of "http2 on"
        String h2Listen = nginx.atLeast(1, 25, 1)
                ? "        listen " + HOST + ":" + h2cPort + ";\n        http2 on;\n"
                : "        listen " + HOST + ":" + h2cPort + " http2;\n";
        // keepalive_requests covers HTTP/2 from 1.19.7 on; before, http2_max_requests did
        String h2Requests = nginx.atLeast(1, 19, 7) ? "" : "    http2_max_requests " + keepaliveRequests + ";\n";
        String trailers = "        location = /trailers {\n"
                + "            alias " + q(dir.resolve("www").resolve("hello")) + ";\n"
                + "            add_trailer " + TRAILER.replace(":", "") + ";\n"
                + "        }\n";
        return "# written by dev.loadtest.testing.Nginx\n"
                + "worker_processes 1;\n"
                + "daemon off;\n"
                + "master_process off;\n"
                + "pid " + q(dir.resolve("nginx.pid")) + ";\n"
                + "error_log " + q(dir.resolve("error.log")) + " warn;\n"
                + "events {\n"
                + "    worker_connections 4096;\n"
                + "}\n"
                + "http {\n"
                + "    access_log off;\n"
                + "    default_type application/octet-stream;\n"
                + "    client_body_temp_path " + q(Paths.get(temp, "client_body")) + ";\n"
                + "    proxy_temp_path " + q(Paths.get(temp, "proxy")) + ";\n"
                + "    fastcgi_temp_path " + q(Paths.get(temp, "fastcgi")) + ";\n"
                + "    uwsgi_temp_path " + q(Paths.get(temp, "uwsgi")) + ";\n"
                + "    scgi_temp_path " + q(Paths.get(temp, "scgi")) + ";\n"
                // by default far more than any test sends on one connection: nginx must not close one under load
                + "    keepalive_requests " + keepaliveRequests + ";\n"
                + "    keepalive_timeout 300s;\n"
                + h2Requests
                + "    server {\n"
                + "        listen " + HOST + ":" + http1Port + ";\n"
                + "        server_name localhost;\n"
                + "        root " + q(dir.resolve("www")) + ";\n"
                + trailers
                + "    }\n"
                + "    server {\n"
                + h2Listen
                + "        server_name localhost;\n"
                + "        root " + q(dir.resolve("www")) + ";\n"
                + trailers
                + "    }\n"
                + "}\n";
    }

    private static String q(Path p) {
        return "\"" + p.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void writeDocuments(Path root) throws IOException {
        Files.createDirectories(root);
        Files.writeString(root.resolve("hello"), HELLO, StandardCharsets.US_ASCII);
        Files.write(root.resolve("1k"), pattern(1024));
        Files.write(root.resolve("100k"), pattern(102_400));
    }

    /** {@code n} bytes, byte i being {@code 'a' + i % 26}: the content of {@code /1k} and {@code /100k}. */
    public static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }

    private static String log(Path directory, Path output) {
        StringBuilder s = new StringBuilder();
        for (Path p : List.of(output, directory.resolve("error.log"))) {
            try {
                if (Files.exists(p)) {
                    String text = Files.readString(p, StandardCharsets.UTF_8).strip();
                    if (!text.isEmpty()) {
                        s.append(p.getFileName()).append(":\n").append(text).append('\n');
                    }
                }
            } catch (IOException e) {
                s.append(p.getFileName()).append(": unreadable: ").append(e).append('\n');
            }
        }
        return s.length() == 0 ? "(nothing logged)" : s.toString().strip();
    }

    // ------------------------------------------------------------------ use

    /** {@code http://127.0.0.1:port/path} on the HTTP/1.1 listener. */
    public URI http1(String path) {
        return uri(http1Port, path);
    }

    /** {@code http://127.0.0.1:port/path} on the h2c (HTTP/2 with prior knowledge) listener. */
    public URI h2c(String path) {
        return uri(h2cPort, path);
    }

    private static URI uri(int port, String path) {
        return URI.create("http://" + HOST + ":" + port + (path.startsWith("/") ? path : "/" + path));
    }

    public int http1Port() {
        return http1Port;
    }

    public int h2cPort() {
        return h2cPort;
    }

    /** The instance's directory: nginx.conf, www/, error.log. Deleted by {@link #close()}. */
    public Path directory() {
        return directory;
    }

    /** Whether the nginx process is running. */
    public boolean isRunning() {
        return process.isAlive();
    }

    /** The nginx process id. */
    public long pid() {
        return process.pid();
    }

    /** The error log so far (warnings and worse). */
    public String errorLog() {
        try {
            Path p = directory.resolve("error.log");
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /**
     * Stops nginx (SIGTERM, then SIGKILL if it is still there after 10 s), waits for it (bounded),
     * and deletes the directory. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stop(process);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down; the hook runs anyway
            }
            deleteTree(directory);
        }
    }

    private static void stop(Process process) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM: nginx's fast shutdown
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort: a leftover temp file must not fail a test
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }

    @Override
    public String toString() {
        return "nginx[pid " + process.pid() + ", http/1.1 " + HOST + ":" + http1Port + ", h2c " + HOST + ":"
                + h2cPort + ", " + directory + "]";
    }
}
