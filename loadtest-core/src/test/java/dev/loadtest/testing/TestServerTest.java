package dev.loadtest.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javax.net.ssl.SSLHandshakeException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tests of the test fixtures: if these fail, an engine test failing against the fixtures proves nothing.
 * The clients here are deliberately independent of the engine: the JDK's {@link HttpClient} (HTTP/1.1, h2 over
 * TLS, h2c by Upgrade), raw sockets for byte-exact HTTP/1.1, and a hand-written HTTP/2 frame exchange for h2c
 * with prior knowledge ({@link RawH2c}: the JDK client cannot do that).
 *
 * <p>Over 400 lines: the test servers' tests in one class, as they are one fixture to their users: each endpoint
 * of {@link TestServer} on each protocol, TLS, the counters, clean closing, and {@link PipeliningProbeServer};
 * the raw-socket readers the cases share are at the end.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TestServerTest {

    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(20);

    // ---------------------------------------------------------------- routes

    @ParameterizedTest
    @EnumSource(TestServer.Kind.class)
    void helloAnswersFixedBodyOnEveryKind(TestServer.Kind kind) throws Exception {
        try (TestServer server = TestServer.builder(kind).start()) {
            HttpResponse<String> response = client(server, HttpClient.Version.HTTP_1_1).send(
                    get(server, "/hello"), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("Hello, World!\n");
            assertThat(response.headers().firstValue("content-length")).hasValue("14");
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(server.uri("hello").toString()).isEqualTo(
                    (kind == TestServer.Kind.TLS ? "https" : "http") + "://127.0.0.1:" + server.port() + "/hello");
        }
    }

    @ParameterizedTest
    @EnumSource(TestServer.Kind.class)
    void connectionNamesTheClientsAddressAndTheConnectionsSerial(TestServer.Kind kind) throws Exception {
        try (TestServer server = TestServer.builder(kind).start()) {
            HttpClient first = client(server, HttpClient.Version.HTTP_1_1);
            String a = first.send(get(server, "/connection"), HttpResponse.BodyHandlers.ofString()).body();
            String again = first.send(get(server, "/connection"), HttpResponse.BodyHandlers.ofString()).body();
            String other = client(server, HttpClient.Version.HTTP_1_1)
                    .send(get(server, "/connection"), HttpResponse.BodyHandlers.ofString()).body();

            assertThat(a).matches("/127\\.0\\.0\\.1:\\d+#\\d+");
            assertThat(again).as("the same connection").isEqualTo(a);
            assertThat(other).as("another connection").matches("/127\\.0\\.0\\.1:\\d+#\\d+").isNotEqualTo(a);
            assertThat(other.substring(other.indexOf('#'))).as("its serial").isNotEqualTo(a.substring(a.indexOf('#')));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1024, 102_400, 5_242_880})
    void bytesSendsExactlyNPatternBytesWithContentLength(int n) throws Exception {
        try (TestServer server = TestServer.http1()) {
            HttpResponse<byte[]> response = client(server, HttpClient.Version.HTTP_1_1).send(
                    get(server, "/bytes/" + n), HttpResponse.BodyHandlers.ofByteArray());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-length")).hasValue(Integer.toString(n));
            assertThat(response.headers().firstValue("transfer-encoding")).isEmpty();
            assertPattern(response.body(), n);
        }
    }

    @Test
    void bytesOverH2WithTlsIsComplete() throws Exception {
        try (TestServer server = TestServer.tls()) {
            HttpResponse<byte[]> response = client(server, HttpClient.Version.HTTP_2).send(
                    get(server, "/bytes/5242880"), HttpResponse.BodyHandlers.ofByteArray());

            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertPattern(response.body(), 5_242_880);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 204, 301, 404, 500, 503})
    void statusAnswersThatStatus(int code) throws Exception {
        try (TestServer server = TestServer.http1()) {
            HttpResponse<String> response = client(server, HttpClient.Version.HTTP_1_1).send(
                    get(server, "/status/" + code), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(code);
            assertThat(response.body()).isEqualTo(code == 204 ? "" : "status " + code + "\n");
        }
    }

    @Test
    void unknownPathIs404AndBadNumberIs400() throws Exception {
        try (TestServer server = TestServer.http1()) {
            HttpClient client = client(server, HttpClient.Version.HTTP_1_1);
            assertThat(client.send(get(server, "/nope"), HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(404);
            assertThat(client.send(get(server, "/bytes/abc"), HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(400);
            assertThat(client.send(get(server, "/status/100"), HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(400);
            assertThat(client.send(get(server, "/status/600"), HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(400);
            // Every request reached the handler, errors included.
            assertThat(server.requestCount()).isEqualTo(4);
        }
    }

    @ParameterizedTest
    @EnumSource(value = HttpClient.Version.class)
    void echoReturnsTheRequestBody(HttpClient.Version version) throws Exception {
        byte[] body = new byte[300_000];
        new Random(42).nextBytes(body);
        try (TestServer server = TestServer.tls()) {
            HttpRequest request = HttpRequest.newBuilder(server.uri("/echo"))
                    .timeout(CLIENT_TIMEOUT)
                    .header("Content-Type", "application/x-test")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            HttpResponse<byte[]> response = client(server, version).send(request, HttpResponse.BodyHandlers.ofByteArray());

            assertThat(response.version()).isEqualTo(version);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/x-test");
            assertThat(response.body()).isEqualTo(body);
        }
    }

    @Test
    void slowAnswersLateWithoutHoldingAThreadPerRequest() throws Exception {
        // 8 pool threads, 60 requests each waiting 1 s: a handler that slept would need >= 60/7 s; the
        // scheduler-based one needs about 1 s. The bound is generous (timing is not what we test), it only
        // has to sit between the two.
        try (TestServer server = TestServer.builder(TestServer.Kind.H2C).maxThreads(8).start()) {
            HttpClient client = client(server, HttpClient.Version.HTTP_1_1);
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                responses.add(client.sendAsync(get(server, "/slow/1000"), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> response : responses) {
                assertThat(response.get(30, TimeUnit.SECONDS).body()).isEqualTo("Hello, World!\n");
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(1000)).isLessThan(Duration.ofSeconds(7));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 10, 100_000})
    void chunkedSendsSeveralChunksWithoutContentLength(int n) throws Exception {
        try (TestServer server = TestServer.http1(); Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            // Keep-alive on purpose: for a request with "Connection: close" Jetty does not chunk at all, it
            // marks the end of the body by closing the connection.
            socket.getOutputStream().write(("GET /chunked/" + n + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
                head.append(line.toLowerCase(Locale.ROOT)).append('\n');
            }

            assertThat(head.toString()).startsWith("http/1.1 200").contains("transfer-encoding: chunked")
                    .doesNotContain("content-length");
            List<byte[]> chunks = readChunks(in);
            assertThat(chunks.size()).isGreaterThanOrEqualTo(n == 0 ? 0 : 2);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            chunks.forEach(body::writeBytes);
            assertPattern(body.toByteArray(), n);
        }
    }

    // ---------------------------------------------------------------- protocols

    @Test
    void h2cWithPriorKnowledgeAndHttp11ShareOnePort() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            List<byte[]> bodies = RawH2c.getOnOneConnection("127.0.0.1", server.port(),
                    List.of("/hello", "/bytes/100000"));
            assertThat(new String(bodies.get(0), StandardCharsets.ISO_8859_1)).isEqualTo("Hello, World!\n");
            assertPattern(bodies.get(1), 100_000);

            HttpResponse<String> h1 = client(server, HttpClient.Version.HTTP_1_1).send(
                    get(server, "/hello"), HttpResponse.BodyHandlers.ofString());
            assertThat(h1.version()).isEqualTo(HttpClient.Version.HTTP_1_1);

            assertThat(server.requestsByProtocol()).containsEntry("HTTP/2.0", 2L).containsEntry("HTTP/1.1", 1L);
            assertThat(server.connectionsOpened()).isEqualTo(2);
            // Both h2 streams counted on the one (upgraded) connection.
            assertThat(server.maxRequestsPerConnection()).isEqualTo(2);
        }
    }

    @Test
    void h2cUpgradeIsHonouredAndHttp1ServerStaysOnHttp11() throws Exception {
        try (TestServer h2c = TestServer.h2c(); TestServer http1 = TestServer.http1()) {
            // The JDK client asks for h2c with "Upgrade: h2c" on its first cleartext request.
            HttpResponse<String> upgraded = client(h2c, HttpClient.Version.HTTP_2).send(
                    get(h2c, "/hello"), HttpResponse.BodyHandlers.ofString());
            assertThat(upgraded.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(upgraded.body()).isEqualTo("Hello, World!\n");

            HttpResponse<String> notUpgraded = client(http1, HttpClient.Version.HTTP_2).send(
                    get(http1, "/hello"), HttpResponse.BodyHandlers.ofString());
            assertThat(notUpgraded.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(http1.requestsByProtocol()).containsOnlyKeys("HTTP/1.1");
        }
    }

    @Test
    void tlsNegotiatesH2OrHttp11ByAlpnAndCountsOneConnection() throws Exception {
        try (TestServer server = TestServer.tls()) {
            assertThat(server.uri("/hello").getScheme()).isEqualTo("https");
            assertThat(server.trustStore().containsAlias(SelfSignedCertificate.ALIAS)).isTrue();

            HttpClient h2 = client(server, HttpClient.Version.HTTP_2);
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> response = h2.send(get(server, "/hello"), HttpResponse.BodyHandlers.ofString());
                assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
                assertThat(response.body()).isEqualTo("Hello, World!\n");
            }
            // The JDK client multiplexes everything on one h2 connection: 1 TCP connection, although Jetty
            // creates three Connection objects on it (TLS, ALPN, HTTP/2).
            assertThat(server.connectionsOpened()).isEqualTo(1);
            assertThat(server.maxRequestsPerConnection()).isEqualTo(5);

            HttpResponse<String> h1 = client(server, HttpClient.Version.HTTP_1_1).send(
                    get(server, "/hello"), HttpResponse.BodyHandlers.ofString());
            assertThat(h1.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(server.requestsByProtocol()).containsEntry("HTTP/2.0", 5L).containsEntry("HTTP/1.1", 1L);
        }
    }

    @Test
    void tlsIsRefusedWithoutTheGeneratedTrust() {
        try (TestServer server = TestServer.tls()) {
            HttpClient untrusting = HttpClient.newBuilder().connectTimeout(CLIENT_TIMEOUT).build();
            assertThatThrownBy(() -> untrusting.send(get(server, "/hello"), HttpResponse.BodyHandlers.discarding()))
                    .isInstanceOf(SSLHandshakeException.class);
        }
    }

    @Test
    void trustMaterialExistsOnlyForTls() {
        try (TestServer server = TestServer.http1()) {
            assertThatThrownBy(server::sslContext).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(server::trustStore).isInstanceOf(IllegalStateException.class);
        }
    }

    // ---------------------------------------------------------------- counters

    @Test
    void countersCountRequestsConnectionsAndReuseAndReset() throws Exception {
        try (TestServer server = TestServer.http1()) {
            // Three requests pipelined on one connection, the last one closing it.
            String request = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            String responses = new String(exchange(server.port(), request + request
                    + "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"), StandardCharsets.ISO_8859_1);
            assertThat(count(responses, "HTTP/1.1 200 ")).isEqualTo(3);

            assertThat(server.requestCount()).isEqualTo(3);
            assertThat(server.connectionsOpened()).isEqualTo(1);
            assertThat(server.maxRequestsPerConnection()).isEqualTo(3);

            exchange(server.port(), "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            exchange(server.port(), "GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertThat(server.requestCount()).isEqualTo(5);
            assertThat(server.connectionsOpened()).isEqualTo(3);
            assertThat(server.maxRequestsPerConnection()).isEqualTo(3);
            assertThat(server.requestsByProtocol()).containsExactlyEntriesOf(Map.of("HTTP/1.1", 5L));

            // Per-connection entries go when the connections close, so long runs do not grow memory.
            Await.assertUntil("every connection closed",
                    () -> server.trackedConnections() == 0 && server.openConnections() == 0, Duration.ofSeconds(10));

            server.reset();
            assertThat(server.requestCount()).isZero();
            assertThat(server.connectionsOpened()).isZero();
            assertThat(server.maxRequestsPerConnection()).isZero();
            assertThat(server.requestsByProtocol()).isEmpty();
        }
    }

    @Test
    void countersAreThreadSafe() throws Exception {
        try (TestServer server = TestServer.tls()) {
            // 100 h2 streams on one connection (below Jetty's default limit of 128 concurrent streams: the JDK
            // client fails requests beyond the server's limit instead of queueing them) and 100 HTTP/1.1
            // requests on as many connections as the JDK client opens, all at once.
            HttpClient h2 = client(server, HttpClient.Version.HTTP_2);
            HttpClient h1 = client(server, HttpClient.Version.HTTP_1_1);
            // One request first: requests started before the JDK client has its h2 connection each open one.
            h2.send(get(server, "/hello"), HttpResponse.BodyHandlers.discarding());
            List<CompletableFuture<HttpResponse<Void>>> responses = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                responses.add(h2.sendAsync(get(server, "/hello"), HttpResponse.BodyHandlers.discarding()));
                responses.add(h1.sendAsync(get(server, "/hello"), HttpResponse.BodyHandlers.discarding()));
            }
            CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

            assertThat(server.requestCount()).isEqualTo(201);
            assertThat(server.requestsByProtocol()).containsEntry("HTTP/2.0", 101L).containsEntry("HTTP/1.1", 100L);
            assertThat(server.maxRequestsPerConnection()).isEqualTo(101);
            assertThat(server.connectionsOpened()).isBetween(2L, 101L);
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @ParameterizedTest
    @EnumSource(TestServer.Kind.class)
    void closeLeavesNoThreadOfThePoolBehind(TestServer.Kind kind) throws Exception {
        TestServer server = TestServer.builder(kind).start();
        String prefix = server.threadNamePrefix();
        client(server, HttpClient.Version.HTTP_2).send(get(server, "/slow/10"), HttpResponse.BodyHandlers.discarding());
        assertThat(threadsNamed(prefix)).isNotEmpty();

        server.close();
        server.close(); // idempotent

        Await.assertUntil("threads of " + prefix + " ended", () -> threadsNamed(prefix).isEmpty(), Duration.ofSeconds(10));
        assertThatThrownBy(() -> new Socket("127.0.0.1", server.port()).close()).isInstanceOf(IOException.class);
    }

    // ---------------------------------------------------------------- pipelining probe

    @Test
    void probeSeesAllPipelinedRequestsBeforeItsFirstResponse() throws Exception {
        try (PipeliningProbeServer probe = PipeliningProbeServer.start()) {
            String request = "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            try (Socket socket = new Socket("127.0.0.1", probe.port())) {
                socket.setSoTimeout(10_000);
                // Ten requests in one write, as a depth-10 pipelining client would send them.
                socket.getOutputStream().write(request.repeat(10).getBytes(StandardCharsets.US_ASCII));
                String responses = readResponses(socket.getInputStream(), 10);
                assertThat(count(responses, "HTTP/1.1 200 OK\r\n")).isEqualTo(10);
                assertThat(count(responses, "\r\n\r\nok")).isEqualTo(10);

                // After the first answer, the connection keeps serving (keep-alive), one at a time.
                socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                readResponses(socket.getInputStream(), 1);
            }
            assertThat(probe.maxRequestsSeenBeforeFirstResponse()).isEqualTo(10);
            assertThat(probe.requestCount()).isEqualTo(11);
            assertThat(probe.connectionsOpened()).isEqualTo(1);
        }
    }

    @Test
    void probeSeesOneRequestFromANonPipeliningClient() throws Exception {
        try (PipeliningProbeServer probe = PipeliningProbeServer.start(Duration.ofMillis(50))) {
            String request = "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            for (int connection = 0; connection < 2; connection++) {
                try (Socket socket = new Socket("127.0.0.1", probe.port())) {
                    socket.setSoTimeout(10_000);
                    for (int i = 0; i < 3; i++) {
                        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                        readResponses(socket.getInputStream(), 1);
                    }
                }
            }
            assertThat(probe.maxRequestsSeenBeforeFirstResponse()).isEqualTo(1);
            assertThat(probe.requestsSeenBeforeFirstResponse()).containsExactly(1, 1);
            assertThat(probe.requestCount()).isEqualTo(6);
            assertThat(probe.connectionsOpened()).isEqualTo(2);
        }
    }

    @Test
    void probeSkipsRequestBodiesAndHonoursConnectionClose() throws Exception {
        try (PipeliningProbeServer probe = PipeliningProbeServer.start(Duration.ofMillis(50))) {
            byte[] raw = exchange(probe.port(),
                    "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"
                            + "GET /y HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertThat(count(new String(raw, StandardCharsets.ISO_8859_1), "HTTP/1.1 200 OK")).isEqualTo(2);
            assertThat(probe.requestCount()).isEqualTo(2);
            assertThat(probe.maxRequestsSeenBeforeFirstResponse()).isEqualTo(2);
        }
    }

    @Test
    void probeCloseEndsItsThreadsAndConnections() throws Exception {
        PipeliningProbeServer probe = PipeliningProbeServer.start();
        String prefix = probe.threadNamePrefix();
        try (Socket idle = new Socket("127.0.0.1", probe.port())) {
            idle.setSoTimeout(10_000);
            Await.assertUntil("acceptor and idle connection threads of " + prefix,
                    () -> threadsNamed(prefix).size() == 2, Duration.ofSeconds(10));
            probe.close();
            assertThat(idle.getInputStream().read()).isEqualTo(-1); // server side closed
        }
        Await.assertUntil("threads of " + prefix + " ended", () -> threadsNamed(prefix).isEmpty(), Duration.ofSeconds(10));
    }

    // ---------------------------------------------------------------- helpers

    private static HttpClient client(TestServer server, HttpClient.Version version) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(version).connectTimeout(CLIENT_TIMEOUT);
        if (server.kind() == TestServer.Kind.TLS) {
            builder.sslContext(server.sslContext());
        }
        return builder.build();
    }

    private static HttpRequest get(TestServer server, String path) {
        return HttpRequest.newBuilder(server.uri(path)).timeout(CLIENT_TIMEOUT).GET().build();
    }

    private static void assertPattern(byte[] body, int n) {
        assertThat(body).hasSize(n);
        for (int i = 0; i < n; i++) {
            if (body[i] != TestHandler.patternByte(i)) {
                throw new AssertionError("byte " + i + " is " + body[i] + ", expected " + TestHandler.patternByte(i));
            }
        }
    }

    /** Sends raw bytes, reads until the server closes (the request must end with Connection: close). */
    private static byte[] exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return socket.getInputStream().readAllBytes();
        }
    }

    /** Reads exactly {@code count} probe responses (fixed size: head + "ok"). */
    private static String readResponses(InputStream in, int count) throws IOException {
        int size = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".length();
        byte[] bytes = in.readNBytes(size * count);
        assertThat(bytes).hasSize(size * count);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Reads an HTTP/1.1 chunked body up to its last (0) chunk; one array per data chunk. */
    private static List<byte[]> readChunks(InputStream in) throws IOException {
        List<byte[]> chunks = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            int size = Integer.parseInt(readLine(in).split(";")[0].trim(), 16);
            if (size == 0) {
                assertThat(readLine(in)).isEmpty(); // no trailers, then the final CRLF
                return chunks;
            }
            byte[] chunk = in.readNBytes(size);
            assertThat(chunk).hasSize(size);
            chunks.add(chunk);
            assertThat(readLine(in)).isEmpty();
        }
        throw new AssertionError("more than 100000 chunks");
    }

    /** One CRLF-terminated line, without the CRLF (bounded length). */
    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0 || line.length() > 8192) {
                throw new IOException("unexpected end of line: " + line);
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static int count(String haystack, String needle) {
        int count = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length())) {
            count++;
        }
        return count;
    }

    private static List<String> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(prefix))
                .collect(Collectors.toList());
    }
}
